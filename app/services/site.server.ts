import { DEFAULT_KEYMAP } from '#app/schemas/keymap.ts'
import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { DomainError } from '#app/utils/errors.ts'
import { homepageInfo, homepageLayout, homepageSkin, resolveHomepage } from './homepage.server.ts'
import { unreadCount } from './notices.server.ts'
import { wechatIdentity } from './wechat-login.server.ts'
import { bookmarkSortOf } from '#app/schemas/sort.ts'
import type { GuestConfig } from '#app/schemas/guest-config.ts'
import { PAGE_WIDTH_TYPES } from '#app/schemas/layout.ts'

/** A calendar date as the product's users count it (China time): YYYY-MM-DD. */
const day = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' })

/**
 * The start-up answer (spec §3 "Init info"): who is looking, at which homepage, with what
 * settings. A domain that does not resolve fails, and the client goes to `/`.
 */
export async function initInfo(
  db: Db,
  user: User | null,
  input: { domain?: string; pageWidthType?: string; guestConfig?: GuestConfig },
) {
  const resolved = await resolveHomepage(db, user, input.domain || null)
  if (input.domain && !resolved) throw new DomainError('当前页面不存在或已被删除')
  // The user's own WeChat binding: bindWx, and its openid as txcOpenId (only ever sent to that user).
  const wechat = user ? await wechatIdentity(db, user.id) : null
  const pageWidthType = PAGE_WIDTH_TYPES.find((t) => t.value === input.pageWidthType)?.value ?? 'default'
  return {
    nickname: user?.nickname ?? '',
    userId: user?.id ?? 0,
    avatar: user?.avatar ?? '',
    txcOpenId: wechat?.openid ?? '',
    domain: resolved?.homepage.code ?? '',
    joinTime: user ? day(user.createdAt) : '',
    searchKeymap: user?.searchKeymap ?? DEFAULT_KEYMAP.searchKeymap,
    noteKeymap: user?.noteKeymap ?? DEFAULT_KEYMAP.noteKeymap,
    logoff: false,
    userStatus: user?.status ?? 0,
    staticHost: '',
    bindWx: wechat !== null,
    homepageId: resolved?.homepage.id ?? 0,
    // Unread notices (/user/notice); a guest has none.
    noticeAmount: await unreadCount(db, user),
    isGuest: user === null,
    homepageSkin: resolved ? homepageSkin(resolved.homepage) : null,
    homepageInfo: resolved ? homepageInfo(resolved) : null,
    historyVisible: false,
    bookmarkSourceSort: bookmarkSortOf(user),
    // A guest's own settings (set-guest-config) over the homepage's, as their pages show it.
    homepageLayout: resolved ? { ...homepageLayout(resolved.homepage), ...(user ? {} : input.guestConfig) } : null,
    pageWidthType,
  }
}
