import { useMatches } from 'react-router'

/** A field of the deepest route loader that returns it (what the page shown asks of the shell). */
export function usePageField<T>(name: string): T | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const value = (matches[i]!.loaderData as Record<string, unknown> | undefined)?.[name]
    if (value) return value as T
  }
  return undefined
}
