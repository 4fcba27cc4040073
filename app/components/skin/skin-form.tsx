import type { SubmissionResult } from '@conform-to/react'
import { useFetcher } from 'react-router'
import type { ManageActionData } from '#app/components/manage/types.ts'

/**
 * One of the skin drawer's forms (each posts its own `intent` to the page; app/dialogs/skin.server.ts):
 * its fetcher, and the messages of its last refused save — the fetcher's answer with JavaScript,
 * else the page's own 400 without it, which is this form's only when it carried this form's intent.
 */
export function useSkinForm(intent: string, lastResult: SubmissionResult<string[]> | null | undefined) {
  const fetcher = useFetcher<ManageActionData>()
  const fetched = fetcher.state === 'idle' ? fetcher.data?.result : undefined
  const page = lastResult?.initialValue?.intent === intent ? lastResult : undefined
  const result = fetched ?? page
  const errors = result?.status === 'error' ? result.error : undefined
  return {
    fetcher,
    busy: fetcher.state !== 'idle',
    /** The first message of these fields ('' is the form's own), if any was refused: for FieldError. */
    errors: (...names: string[]) => {
      const first = names.map((name) => errors?.[name]?.[0]).find(Boolean)
      return first ? [first] : undefined
    },
  }
}
