import type { GroupTab } from './types.ts'

type Query = Record<string, string | number | undefined | null>

/**
 * A group page's address: `/group/{id}` or `/group/{id}/{cid}` with its query. Empty values are left
 * out, and so is page 1 of any list (`page`, `tpage` …: the default).
 */
export function groupHref(id: number, cid?: number | null, query: Query = {}) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    if (key.endsWith('page') && Number(value) === 1) continue
    search.set(key, String(value))
  }
  const qs = search.toString()
  return `/group/${id}${cid ? `/${cid}` : ''}${qs ? `?${qs}` : ''}`
}

/** One of the page's tabs (书签 is the page itself). */
export const tabHref = (id: number, tab: GroupTab, query: Query = {}) => groupHref(id, null, tab === 'bookmarks' ? query : { tab, ...query })
