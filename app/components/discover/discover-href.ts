import { href } from 'react-router'

/** The addresses of the discover area (issue 25; spec §2 /discover, /s/submit, /super/index). */
export const DISCOVER_HREF = href('/discover')
export const SUBMIT_HREF = href('/s/submit')
export const REVIEW_HREF = href('/super/index')

/** A tag's page: /discover/tag/{tag}. */
export const tagHref = (tag: string) => href('/discover/tag/:tag', { tag })

/** A list of /discover: its category, search words and page in the query. */
export function discoverListHref(base: string, { cid, wd, page }: { cid?: number | null; wd?: string | null; page?: number }) {
  const params = new URLSearchParams()
  if (cid) params.set('cid', String(cid))
  if (wd) params.set('wd', wd)
  if (page && page > 1) params.set('page', String(page))
  const search = params.toString()
  return search ? `${base}?${search}` : base
}
