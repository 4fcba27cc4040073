import { href } from 'react-router'
import type { GroupTab } from './types.ts'

/**
 * Addresses and timings of the group pages (isomorphic: the pages, the header and the server
 * share them). A group's own page is /group/{id} (routes/group.detail.tsx).
 */

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

/** One of the group page's tabs (书签 is the page itself). */
export const tabHref = (id: number, tab: GroupTab, query: Query = {}) => groupHref(id, null, tab === 'bookmarks' ? query : { tab, ...query })
export const GROUP_EXPLORE_HREF = href('/group')
export const GROUP_CREATE_HREF = href('/group/create')
export const GROUP_NOTICE_HREF = href('/group/notice')
export const GROUP_JOIN_HREF = href('/group/join')
export const GROUP_INVITE_HREF = href('/group/invite')

/** The page of an invite code (what /group/join's form goes to). */
export const groupInviteHref = (code: string) => `${GROUP_INVITE_HREF}?${new URLSearchParams({ code })}`

/** Spec §4/§9: a signed-in user's group notices are polled every 20 minutes, until none is unread. */
export const GROUP_NOTICE_POLL_MS = 1_200_000
/** The call that answers `{total, groupAmount}` (spec §7 group-notice-amount). */
export const GROUP_NOTICE_AMOUNT_API = '/api/group/group-notice-amount'

/** The code in what was typed or pasted: the code itself, or an invite link that carries it (`?code=`). */
export function inviteCodeOf(input: string | null | undefined) {
  const text = (input ?? '').trim().slice(0, 500)
  const inLink = /[?&]code=([^&#\s]*)/.exec(text)?.[1]
  let code = inLink ?? text
  try {
    code = decodeURIComponent(code)
  } catch {
    // Left as typed: the service refuses what is not a code.
  }
  return code.trim().slice(0, 100)
}
