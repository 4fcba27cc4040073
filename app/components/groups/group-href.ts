import { href } from 'react-router'

/**
 * Addresses and timings of the group pages (isomorphic: the pages, the header and the server
 * share them). A group's own page is /group/{id} (routes/group.detail.tsx).
 */

export const groupHref = (id: number) => `/group/${id}`
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
