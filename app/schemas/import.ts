import { idOf } from './id-values.ts'

/**
 * Where an import goes, as the preview's one select names it: `bag:ID` (into a category),
 * `module:ID` (as new categories), `homepage:ID` (as new modules). The /api call names the same
 * with bid, moduleId or homepageId.
 */
export type ImportPlace = { bid?: number; moduleId?: number; homepageId?: number }

export function placeOf(value: unknown): ImportPlace {
  const [kind, raw] = String(value ?? '').split(':')
  const id = idOf(raw)
  if (!id) return {}
  if (kind === 'bag') return { bid: id }
  if (kind === 'module') return { moduleId: id }
  if (kind === 'homepage') return { homepageId: id }
  return {}
}

export const placeValue = (kind: 'bag' | 'module' | 'homepage', id: number) => `${kind}:${id}`

/** The preview of an uploaded file (spec §2 /preview?id=), with its optional `folder` or `run`. */
export function previewHref(id: number, params: { folder?: number | ''; run?: number } = {}) {
  const search = new URLSearchParams({ id: String(id) })
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value))
  return `/preview?${search}`
}
