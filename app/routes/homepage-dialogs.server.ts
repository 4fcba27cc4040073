import { and, eq } from 'drizzle-orm'
import type { Capability } from '#app/auth/permissions.ts'
import type { HomepageDialogData, HomepageTab } from '#app/components/manage/types.ts'
import type { Db } from '#app/db/client.server.ts'
import { modules, type User } from '#app/db/schema/index.ts'
import { loadIconPicker } from '#app/icons/picker.server.ts'
import { readIconPickerParams } from '#app/icons/picker-params.ts'
import { ObjectId } from '#app/schemas/content.ts'
import { z } from '#app/schemas/zod.ts'
import { requireCapability } from '#app/services/access.server.ts'
import { otherOpenHomepages, toggleFollow } from '#app/services/follows.server.ts'
import { BagShareSchema, bagShareOf, REMARK_MSG, SHARED_MSG, shareBag, UNSHARED_MSG, unshareBag } from '#app/services/category-share.server.ts'
import type { ResolvedHomepage } from '#app/services/homepage.server.ts'
import {
  listCreatedHomepages,
  listRelatedHomepages,
  setDefaultHomepage,
  switchHomepage,
  toggleHomepageOpen,
  toggleHomepagePin,
  trashHomepage,
} from '#app/services/homepages.server.ts'
import { getInviteLink, listMembers, MEMBER_PAGE_SIZE, removeMember, resetInviteLink, setMemberPermission } from '#app/services/members.server.ts'
import { homepageStats } from '#app/services/visits.server.ts'
import { MODULE_SHARED_MSG, MODULE_UNSHARED_MSG, moduleShareHref, shareModule } from '#app/services/module-share.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { appOrigin } from '#app/utils/http.server.ts'

/**
 * The homepage dialogs of a start page (the homepage popover, add / edit homepage, the owner's
 * share panel, members, the owner's other public homepages) and their form intents. Plugged into
 * routes/manage.server.ts, which owns the dialog machinery.
 */

/** What each dialog needs on the homepage being shown (the popover and add work from any page one can see). */
export const HOMEPAGE_DIALOG_CAPABILITY = {
  homepages: 'view',
  'add-homepage': 'view',
  'edit-homepage': 'view',
  share: 'share',
  members: 'view-members',
  'more-homepages': 'view',
  'share-bag': 'share',
  'share-module': 'share',
} as const satisfies Record<HomepageDialogData['dialog'], Capability>

export type HomepageDialog = keyof typeof HOMEPAGE_DIALOG_CAPABILITY

export function isHomepageDialog(dialog: string): dialog is HomepageDialog {
  return dialog in HOMEPAGE_DIALOG_CAPABILITY
}

const TABS: readonly HomepageTab[] = ['created', 'joined', 'followed']
const pageOf = (value: string | null) => (value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1)

export async function loadHomepageDialog(
  db: Db,
  user: User | null,
  resolved: ResolvedHomepage,
  dialog: HomepageDialog,
  url: URL,
): Promise<HomepageDialogData | null> {
  const params = url.searchParams
  const homepageId = resolved.homepage.id
  if (dialog === 'more-homepages') return { dialog, rows: await otherOpenHomepages(db, user, homepageId) }
  if (!user) return null
  switch (dialog) {
    case 'homepages': {
      const tab = TABS.find((t) => t === params.get('tab')) ?? 'created'
      const wd = (params.get('wd') ?? '').trim().slice(0, 20)
      const page = pageOf(params.get('page'))
      if (tab === 'created') return { dialog, tab, wd, page: 1, rows: await listCreatedHomepages(db, user, { word: wd }), next: false }
      // "Load more" without JavaScript: every page up to this one, so the list only grows.
      const rows = []
      let next = false
      for (let p = 1; p <= page; p++) {
        const result = await listRelatedHomepages(db, user, tab, { page: p, wd })
        rows.push(...result.list)
        next = result.next
      }
      return { dialog, tab, wd, page, rows, next }
    }
    case 'add-homepage':
      return { dialog, homepage: null, iconPicker: await loadIconPicker(db, user, readIconPickerParams(url)) }
    case 'edit-homepage': {
      const id = ObjectId.safeParse(params.get('homepageId') ?? homepageId)
      if (!id.success) return null
      const { homepage } = await requireCapability(db, user, id.data, 'edit-settings')
      return {
        dialog,
        homepage: { homepageId: homepage.id, title: homepage.title, summary: homepage.summary, icon: homepage.icon, code: homepage.code ?? '' },
        iconPicker: await loadIconPicker(db, user, readIconPickerParams(url)),
      }
    }
    case 'share': {
      const link = await getInviteLink(db, user, homepageId, 'get')
      return {
        dialog,
        tab: params.get('tab') === 'invite' ? 'invite' : 'link',
        homepageId,
        isOpen: resolved.homepage.isOpen,
        code: resolved.homepage.code ?? '',
        invite: link.url ? { url: link.url, expiresAt: link.expiresAt, useCount: link.useCount, maxUses: link.maxUses } : null,
        memberAmount: resolved.memberAmount,
        followAmount: resolved.followAmount,
        stats: await homepageStats(db, homepageId),
      }
    }
    case 'share-bag': {
      const bid = ObjectId.safeParse(params.get('bid'))
      if (!bid.success) return null
      const { share, ...bag } = await bagShareOf(db, user, bid.data)
      // Links to hand on are absolute.
      return { dialog, ...bag, share: share && { ...share, url: new URL(share.url, appOrigin(url)).href } }
    }
    case 'share-module': {
      const id = ObjectId.safeParse(params.get('moduleId'))
      if (!id.success) return null
      const [module] = await db.select().from(modules).where(and(eq(modules.id, id.data), eq(modules.homepageId, homepageId)))
      if (!module) return null
      const code = resolved.homepage.code ?? ''
      const link = module.isOpen && code ? new URL(moduleShareHref(code, module.id), appOrigin(url)).href : null
      return { dialog, moduleId: module.id, name: module.name, code, url: link }
    }
    case 'members': {
      const page = pageOf(params.get('page'))
      const result = await listMembers(db, user, homepageId, { page, size: MEMBER_PAGE_SIZE })
      // The creator heads the first page; only what a row shows goes to the page.
      const members = [...(page === 1 ? [result.creator] : []), ...result.list].map(({ uid, nickname, permission, isCreator, createTime }) => ({
        uid,
        nickname,
        permission,
        isCreator,
        createTime,
      }))
      return { dialog, homepageId, page, members, total: result.total, next: result.next, isOwner: resolved.role === 'owner', selfId: user.id }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Form intents

const HomepageIdSchema = z.object({ homepageId: ObjectId })
const BagIdSchema = z.object({ bid: ObjectId })
const ModuleIdSchema = z.object({ moduleId: ObjectId })
const MemberSchema = z.object({ homepageId: ObjectId, userId: ObjectId })

/** The one-click intents (save-homepage is a form with fields: manageAction's `save`). */
export const HOMEPAGE_INTENTS = new Set([
  'switch-homepage',
  'pin-homepage',
  'default-homepage',
  'delete-homepage',
  'share-homepage',
  'invite-link',
  'member-permission',
  'remove-member',
  'follow-homepage',
  'share-bag',
  'unshare-bag',
  'share-module',
  'unshare-module',
])

type Helpers = {
  /** The page with its dialog, as posted from: one-click actions in a list stay there. */
  stay: string
  /** The page without the dialog. */
  back: string
  done: (msg: string, to?: string) => Response
  failed: (error: unknown, to?: string) => Response
}

export async function homepageIntent(db: Db, user: User, intent: string, formData: FormData, h: Helpers) {
  const fields = Object.fromEntries(formData)
  if (intent === 'share-bag' || intent === 'unshare-bag') return bagShareIntent(db, user, intent, fields, h)
  if (intent === 'share-module' || intent === 'unshare-module') {
    const target = ModuleIdSchema.safeParse(fields)
    try {
      if (!target.success) throw new DomainError('内容不存在或已被删除')
      const cancel = intent === 'unshare-module'
      await shareModule(db, user, target.data.moduleId, cancel)
      return h.done(cancel ? MODULE_UNSHARED_MSG : MODULE_SHARED_MSG, h.stay)
    } catch (error) {
      return h.failed(error, h.stay)
    }
  }
  const target = HomepageIdSchema.safeParse(fields)
  if (!target.success) return h.failed(new DomainError('内容不存在或已被删除'), h.stay)
  const { homepageId } = target.data
  try {
    switch (intent) {
      case 'switch-homepage':
        await switchHomepage(db, user, homepageId)
        return h.done('已切换主页', '/')
      case 'pin-homepage': {
        const { sort } = await toggleHomepagePin(db, user, homepageId)
        return h.done(sort ? '已置顶' : '已取消置顶', h.stay)
      }
      case 'default-homepage':
        await setDefaultHomepage(db, user, homepageId)
        return h.done('设置成功', h.stay)
      case 'delete-homepage':
        await trashHomepage(db, user, homepageId)
        return h.done('删除成功！您可以在回收站中恢复', '/')
      case 'share-homepage': {
        const { msg } = await toggleHomepageOpen(db, user, homepageId)
        return h.done(msg, h.stay)
      }
      case 'invite-link': {
        const type = formData.get('type')
        if (type === 'generate') {
          await getInviteLink(db, user, homepageId, 'generate')
          return h.done('邀请链接已生成', h.stay)
        }
        const { msg } = await resetInviteLink(db, user, homepageId, type === 'close' ? 'close' : 'reset')
        return h.done(msg, h.stay)
      }
      case 'follow-homepage': {
        const { msg } = await toggleFollow(db, user, homepageId)
        return h.done(msg, h.back)
      }
      case 'member-permission':
      case 'remove-member': {
        const member = MemberSchema.safeParse(fields)
        if (!member.success) throw new DomainError('内容不存在或已被删除')
        const { userId } = member.data
        if (intent === 'remove-member') {
          const { msg } = await removeMember(db, user, homepageId, userId)
          return h.done(msg, userId === user.id ? '/' : h.stay)
        }
        await setMemberPermission(db, user, homepageId, userId, formData.get('permission') === 'manager' ? 'manager' : 'member')
        return h.done('设置成功', h.stay)
      }
    }
  } catch (error) {
    return h.failed(error, h.stay)
  }
  return h.failed(new DomainError('操作失败'), h.stay)
}

/** Share a category (with its remark) or make it private again, from its share dialog. */
async function bagShareIntent(db: Db, user: User, intent: 'share-bag' | 'unshare-bag', fields: Record<string, unknown>, h: Helpers) {
  const bag = BagIdSchema.safeParse(fields)
  try {
    if (!bag.success) throw new DomainError('内容不存在或已被删除')
    if (intent === 'unshare-bag') {
      await unshareBag(db, user, bag.data.bid)
      return h.done(UNSHARED_MSG, h.stay)
    }
    const remark = BagShareSchema.safeParse(fields)
    if (!remark.success) throw new DomainError(REMARK_MSG)
    await shareBag(db, user, bag.data.bid, remark.data.remark)
    return h.done(SHARED_MSG, h.stay)
  } catch (error) {
    return h.failed(error, h.stay)
  }
}
