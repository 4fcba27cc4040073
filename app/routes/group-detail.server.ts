import { data, redirect, type RouterContextProvider } from 'react-router'
import { canInGroup, type GroupRole } from '#app/auth/group-permissions.ts'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { groupHref } from '#app/components/groups/group-href.ts'
import {
  type BookmarkItem,
  cardViewOf,
  type CategoryItem,
  type FormReply,
  GROUP_TABS,
  type GroupCan,
  type GroupTab,
  type Paged,
  type TargetGroup,
} from '#app/components/groups/types.ts'
import { appContext, userContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import { BannerParamsSchema, GROUP_PAGE_SIZE, GROUP_SMALL_PAGE_SIZE, GroupBookmarkSchema, GroupCategorySchema } from '#app/schemas/group.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { idOf, pageOf } from '#app/schemas/ids.ts'
import { categoryChoices } from '#app/services/category-share.server.ts'
import { GROUP_CLOSED, groupAccess, NOT_FOUND } from '#app/services/group-access.server.ts'
import {
  APPEALED_MSG,
  appealBookmark,
  BOOKMARK_DELETED_MSG,
  bookmarkTrash,
  CATEGORY_DELETED_MSG,
  CATEGORY_SAVED_MSG,
  collectGroupBookmarks,
  COPIED_MSG,
  copyGroupBookmark,
  type GroupBookmarkView,
  listBookmarks,
  listCategories,
  MAX_GROUP_CATEGORIES,
  moveGroupBookmark,
  MOVED_MSG,
  myContributions,
  RESTORED_MSG,
  restoreCategory,
  restoreGroupBookmark,
  reviewContribution,
  REVIEWED_MSG,
  saveCategory,
  saveGroupBookmark,
  searchGroupBookmarks,
  sortCategories,
  SORTED_MSG,
  trashCategory,
  trashGroupBookmark,
} from '#app/services/group-content.server.ts'
import {
  APPLY_REVIEWED_MSG,
  applyStatus,
  applyToJoin,
  deleteGroupInvite,
  generateGroupInvite,
  getGroupInvite,
  INVITE_DELETED_MSG,
  INVITE_GENERATED_MSG,
  INVITE_OFF_MSG,
  INVITE_ON_MSG,
  listApplies,
  listGroupLog,
  listGroupMembers,
  PERMISSION_SET_MSG,
  QUIT_MSG,
  quitGroup,
  removeGroupMember,
  reviewApply,
  setGroupMemberPermission,
  toggleGroupInvite,
} from '#app/services/group-people.server.ts'
import { BANNER_SAVED_MSG, GROUP_DELETED_MSG, groupDetail, INDEX_MODE_MSG, saveBannerParam, toggleGroupStar, toggleIndexMode, trashGroup } from '#app/services/groups.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { appOrigin, viewerTimeZone } from '#app/utils/http.server.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * The group page (`/group/{id}/{cid?}`, routes/group.detail.tsx): what its loader reads and what
 * its forms do. Every form posts an `intent` to the page's action, which calls a group service;
 * the services check the actor's role, the page only hides what they would refuse.
 */

type Args = { context: Readonly<RouterContextProvider>; request: Request; params: { id?: string; cid?: string }; url: URL }

/** A missing, trashed or malformed group or category: the 404 page (its message is the error page's own). */
const notFound = () => data(NOT_FOUND, { status: 404 })

/** What the actor may do (the services decide; this only hides what they would refuse). */
export function capabilitiesOf(role: GroupRole, signedIn: boolean): GroupCan {
  const can = (c: Parameters<typeof canInGroup>[1]) => canInGroup(role, c)
  return {
    star: can('star'),
    join: can('join'),
    quit: can('quit'),
    editGroup: can('edit-group'),
    deleteGroup: can('delete-group'),
    manageCategories: can('manage-categories'),
    editBookmarks: can('edit-bookmarks'),
    contribute: can('contribute'),
    review: can('review'),
    manageInvites: can('manage-invites'),
    removeMember: can('remove-member'),
    setPermission: can('set-permission'),
    viewLog: can('view-log'),
    appeal: can('appeal'),
    copy: signedIn && can('copy'),
  }
}

/** The tabs this actor has: members for anyone who sees the content, the rest by capability. */
export function tabsOf(can: GroupCan): GroupTab[] {
  const has: Record<GroupTab, boolean> = {
    bookmarks: true,
    members: true,
    review: can.review,
    mine: can.appeal,
    trash: can.editBookmarks,
    categories: can.manageCategories,
    invite: can.manageInvites,
    log: can.viewLog,
  }
  return GROUP_TABS.filter((tab) => has[tab])
}

const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size))
const paged = <T>(list: T[], total: number, page: number, size: number): Paged<T> => ({ list, total, page, pages: pages(total, size) })

function bookmarkItem(b: GroupBookmarkView, format: (d: Date) => string): BookmarkItem {
  return {
    id: b.id,
    cid: b.cid,
    name: b.name,
    url: b.url,
    note: b.note,
    icon: b.icon,
    contributor: b.contributor,
    status: b.status,
    appeal: b.appeal === 'pending' || b.appeal === 'rejected' ? b.appeal : '',
    deleted: Boolean(b.deleteTime),
    time: format(new Date(b.deleteTime ?? b.createTime)),
  }
}

const tabOf = (value: string | null, tabs: GroupTab[]): GroupTab => tabs.find((t) => t === value) ?? 'bookmarks'

export async function loadGroupPage({ context, request, params, url }: Args) {
  const { db, pageRender } = context.get(appContext)
  const user = context.get(userContext)
  const id = idOf(params.id)
  const cidParam = params.cid === undefined ? undefined : idOf(params.cid)
  if (!id || (params.cid !== undefined && !cidParam)) throw notFound()
  const groupId: number = id
  const timeFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: viewerTimeZone(request), dateStyle: 'medium', timeStyle: 'short' })
  const format = (d: Date) => timeFormat.format(d)
  const query = url.searchParams

  let detail: Awaited<ReturnType<typeof groupDetail>>
  try {
    // A guest's page may be kept by the page cache: the group's version is read before its content.
    if (!user && pageRender) pageRender.showsGroup((await groupAccess(db, null, groupId)).group)
    detail = await groupDetail(db, user, groupId)
  } catch (error) {
    if (error instanceof DomainError) throw notFound()
    throw error
  }
  const role = detail.role
  const can = capabilitiesOf(role, user !== null)
  const apply = role === 'applicant' ? 'pending' : user && role === 'outsider' ? ((await applyStatus(db, user, groupId)).status === 'rejected' ? 'rejected' : 'none') : 'none'
  const group = {
    ...cardViewOf(detail),
    indexMode: detail.indexMode,
    banner: { slogan: detail.banner.slogan ?? '', color: detail.banner.color ?? '', image: detail.banner.image ?? '' },
    role,
    seesContent: detail.seesContent,
    isStar: detail.isStar,
    apply,
  } as const
  const base = { headerTitle: detail.name, group, can, signIn: signInHref(pathOf(url)), signedIn: user !== null }
  if (!detail.seesContent) return { ...base, closed: GROUP_CLOSED, content: null }

  const categories: CategoryItem[] = (await listCategories(db, user, { groupId, page: 1, size: MAX_GROUP_CATEGORIES, status: 0 })).list.map((c) => ({
    id: c.id,
    title: c.title,
    icon: c.icon,
  }))
  const tabs = tabsOf(can)
  const tab = tabOf(query.get('tab'), tabs)
  const tpage = pageOf(query.get('tpage'))
  const content = { categories, tabs, tab, panel: null as Awaited<ReturnType<typeof loadPanel>> }

  async function loadPanel() {
    if (tab === 'bookmarks') return null
    if (tab === 'members') {
      const { owner, list, total } = await listGroupMembers(db, user, { groupId, page: tpage, size: GROUP_PAGE_SIZE })
      const people = [...(tpage === 1 ? [owner] : []), ...list].map((m) => ({
        uid: m.uid,
        nickname: m.nickname,
        permission: m.permission as 'owner' | 'admin' | 'member',
        time: format(new Date(m.joinTime)),
      }))
      return { tab, members: paged(people, total, tpage, GROUP_PAGE_SIZE), me: user?.id ?? 0 }
    }
    if (tab === 'review') {
      const apage = pageOf(query.get('apage'))
      const pending = await listBookmarks(db, user, { groupId, page: tpage, size: GROUP_PAGE_SIZE, pending: true })
      const applies = await listApplies(db, user, { groupId, page: apage, size: GROUP_PAGE_SIZE })
      return {
        tab,
        pending: paged(
          pending.list.map((b) => bookmarkItem(b, format)),
          pending.total,
          tpage,
          GROUP_PAGE_SIZE,
        ),
        applies: paged(
          applies.list.map((a) => ({ id: a.id, uid: a.uid, nickname: a.nickname, time: format(new Date(a.createTime)) })),
          applies.total,
          apage,
          GROUP_PAGE_SIZE,
        ),
      }
    }
    if (tab === 'mine') {
      const mine = await myContributions(db, user, { groupId, page: tpage, size: GROUP_PAGE_SIZE })
      return { tab, mine: paged(mine.list.map((b) => bookmarkItem(b, format)), mine.total, tpage, GROUP_PAGE_SIZE) }
    }
    if (tab === 'trash') {
      const trash = await bookmarkTrash(db, user, { groupId, page: tpage, size: GROUP_SMALL_PAGE_SIZE })
      return { tab, trash: paged(trash.list.map((b) => bookmarkItem(b, format)), trash.total, tpage, GROUP_SMALL_PAGE_SIZE) }
    }
    if (tab === 'categories') {
      const trashed = await listCategories(db, user, { groupId, page: tpage, size: GROUP_PAGE_SIZE, status: 1 })
      return {
        tab,
        rename: idOf(query.get('rename')) ?? 0,
        trashed: paged(
          trashed.list.map((c) => ({ id: c.id, title: c.title, icon: c.icon, time: c.deleteTime ? format(new Date(c.deleteTime)) : '' })),
          trashed.total,
          tpage,
          GROUP_PAGE_SIZE,
        ),
      }
    }
    if (tab === 'invite') {
      const invite = await getGroupInvite(db, user, groupId)
      return {
        tab,
        invite: invite.code
          ? { code: invite.code, url: new URL(invite.url, appOrigin(url)).href, enabled: invite.state === 1, expires: invite.expireTime ? format(new Date(invite.expireTime)) : '' }
          : null,
      }
    }
    const log = await listGroupLog(db, user, { groupId, page: tpage, size: GROUP_PAGE_SIZE })
    return {
      tab,
      log: paged(
        log.list.map((l) => ({ id: l.id, nickname: l.nickname, text: l.text, subject: l.subject, time: format(new Date(l.createTime)) })),
        log.total,
        tpage,
        GROUP_PAGE_SIZE,
      ),
    }
  }

  try {
    content.panel = await loadPanel()
  } catch (error) {
    if (error instanceof DomainError) return { ...base, closed: '', content: { ...content, panelError: error.message, books: null } }
    throw error
  }

  // The bookmarks (书签): a search's results, else a category's (or, in index mode 'all', the whole group's by category).
  let books = null
  if (tab === 'bookmarks') {
    const wd = (query.get('wd') ?? '').trim().slice(0, 50)
    const targets = can.copy && user ? await categoryChoices(db, user) : []
    if (wd) {
      const spage = pageOf(query.get('spage'))
      const found = await searchGroupBookmarks(db, user, { groupId, wd, page: spage, size: GROUP_SMALL_PAGE_SIZE })
      books = { wd, cid: cidParam ?? null, all: false, list: paged(found.list.map((b) => bookmarkItem(b, format)), found.total, spage, GROUP_SMALL_PAGE_SIZE), targets, edit: 0, copy: 0 }
    } else {
      const all = !cidParam && detail.indexMode === 'all'
      const cid = cidParam ?? (all ? null : (categories[0]?.id ?? null))
      const page = pageOf(query.get('page'))
      let list: Paged<BookmarkItem> = paged([], 0, page, GROUP_PAGE_SIZE)
      if (cid || all) {
        try {
          const found = await listBookmarks(db, user, { groupId, categoryId: cid ?? undefined, page, size: GROUP_PAGE_SIZE })
          list = paged(found.list.map((b) => bookmarkItem(b, format)), found.total, page, GROUP_PAGE_SIZE)
        } catch (error) {
          // A category of another group, or one in the trash: no such page.
          if (error instanceof DomainError) throw notFound()
          throw error
        }
      }
      books = { wd: '', cid, all, list, targets, edit: can.editBookmarks ? (idOf(query.get('edit')) ?? 0) : 0, copy: idOf(query.get('copy')) ?? 0 }
    }
  }
  return { ...base, closed: '', content: { ...content, panelError: '', books } }
}

// ---------------------------------------------------------------- the action

/** The query a page keeps after a form (its tab, lists' pages, search); an open edit or copy form closes. */
const KEPT = ['tab', 'page', 'tpage', 'apage', 'wd', 'spage'] as const

function backOf(url: URL) {
  const search = new URLSearchParams()
  for (const key of KEPT) {
    const value = url.searchParams.get(key)
    if (value) search.set(key, value)
  }
  const qs = search.toString()
  return `${url.pathname}${qs ? `?${qs}` : ''}`
}

const ids = (values: FormDataEntryValue[]) => [...new Set(values.map(idOf).filter((id): id is number => id !== undefined))]
const NO_SUCH_FORM = '操作失败'
const PICK_TARGET = '请选择收藏到的分类'
const PICK_BOOKMARKS = '请先选择要收藏的书签'
const CONFIRM_DELETE = '请勾选“确认删除这个小组”'
/** The forms here are a few short fields (a collect posts at most a page of ids). */
const FORM_MAX_BYTES = 16 * 1024

/** A refused form: its messages and what was typed, shown again next to it (no redirect). */
function reply(form: string, values: Record<string, string>, fieldErrors: Record<string, string>, formError?: string) {
  return data<{ reply: FormReply }>({ reply: { form, values, fieldErrors, ...(formError ? { formError } : {}) } }, { status: 400 })
}

const textOf = (form: FormData, names: string[]) => Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? '')]))

function issuesOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const fieldErrors: Record<string, string> = {}
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '')
    fieldErrors[name] ??= issue.message
  }
  return fieldErrors
}

export async function groupAction({ context, request, params, url }: Args) {
  const gid = idOf(params.id)
  if (!gid) throw notFound()
  const groupId: number = gid
  const { db } = context.get(appContext)
  const user = context.get(userContext)
  const form = await readPageForm(request, FORM_MAX_BYTES)
  const intent = String(form.get('intent') ?? '')
  const back = backOf(url)
  const id = idOf(form.get('id'))
  const ok = (msg: string, to = back) => redirectWithToast(to, { type: 'success', msg })

  try {
    switch (intent) {
      case 'star':
        return ok((await toggleGroupStar(db, user, groupId)).msg)
      case 'join':
        return ok((await applyToJoin(db, user, groupId)).msg)
      case 'quit':
        await quitGroup(db, user, groupId)
        return ok(QUIT_MSG)
      case 'delete-group':
        if (form.get('confirm') !== 'on') throw new DomainError(CONFIRM_DELETE)
        await trashGroup(db, user, groupId)
        return ok(GROUP_DELETED_MSG, '/group')
      case 'index-mode':
        await toggleIndexMode(db, user, groupId)
        return ok(INDEX_MODE_MSG, groupHref(groupId))
      case 'banner': {
        // Both keys checked before either is saved: a bad colour keeps the old slogan too.
        const keys = (['slogan', 'color'] as const).map((key) => BannerParamsSchema.safeParse({ groupId, key, value: form.get(key) ?? '' }))
        const bad = keys.find((k) => !k.success)
        if (bad && !bad.success) throw new DomainError(firstIssue(bad.error))
        for (const k of keys) if (k.success) await saveBannerParam(db, user, k.data)
        return ok(BANNER_SAVED_MSG)
      }
      case 'save-category': {
        const key = id ? `category-${id}` : 'category-new'
        const values = textOf(form, ['title', 'icon'])
        const parsed = GroupCategorySchema.safeParse({ ...values, id: form.get('id') ?? '', groupId })
        if (!parsed.success) return reply(key, values, issuesOf(parsed.error.issues))
        try {
          const saved = await saveCategory(db, user, parsed.data)
          // A new category opens; a renamed one is where it was.
          return ok(CATEGORY_SAVED_MSG, id ? back : groupHref(groupId, saved.id))
        } catch (error) {
          if (error instanceof DomainError && !(error instanceof NotSignedInError)) return reply(key, values, {}, error.message)
          throw error
        }
      }
      case 'category-up':
      case 'category-down': {
        // A write: a guest signs in first (before the read below, which a closed group refuses them).
        if (!user) throw new NotSignedInError()
        const cid = idOf(form.get('cid'))
        const order = (await listCategories(db, user, { groupId, page: 1, size: MAX_GROUP_CATEGORIES, status: 0 })).list.map((c) => c.id)
        const at = cid ? order.indexOf(cid) : -1
        if (at < 0) throw new DomainError(NO_SUCH_FORM)
        const to = intent === 'category-up' ? at - 1 : at + 1
        // At either end nothing moves, but the order still goes through the service: it decides who may sort.
        if (to >= 0 && to < order.length) [order[at], order[to]] = [order[to]!, order[at]!]
        await sortCategories(db, user, order)
        return ok(SORTED_MSG)
      }
      case 'delete-category': {
        const cid = idOf(form.get('cid'))
        if (!cid) throw new DomainError(NO_SUCH_FORM)
        await trashCategory(db, user, cid)
        // The page of a category now in the trash is gone: back to the group's first.
        const here = idOf(params.cid) === cid ? `${groupHref(groupId)}${url.searchParams.get('tab') ? `?tab=${url.searchParams.get('tab')}` : ''}` : back
        return ok(CATEGORY_DELETED_MSG, here)
      }
      case 'restore-category': {
        const cid = idOf(form.get('cid'))
        if (!cid) throw new DomainError(NO_SUCH_FORM)
        await restoreCategory(db, user, cid)
        return ok(RESTORED_MSG)
      }
      case 'save-bookmark': {
        const key = id ? `bookmark-${id}` : 'bookmark-new'
        const values = textOf(form, ['name', 'url', 'note', 'cid'])
        const parsed = GroupBookmarkSchema.safeParse({ ...values, id: form.get('id') ?? '' })
        if (!parsed.success) return reply(key, values, issuesOf(parsed.error.issues))
        try {
          const saved = await saveGroupBookmark(db, user, parsed.data)
          return ok(saved.msg)
        } catch (error) {
          if (error instanceof DomainError && !(error instanceof NotSignedInError)) return reply(key, values, {}, error.message)
          throw error
        }
      }
      case 'bookmark-up':
      case 'bookmark-down':
      case 'move-bookmark': {
        if (!id) throw new DomainError(NO_SUCH_FORM)
        const cmd = intent === 'bookmark-up' ? 'up' : intent === 'bookmark-down' ? 'down' : 'move'
        const targetCid = idOf(form.get('targetCid'))
        if (cmd === 'move' && !targetCid) throw new DomainError('请选择分类')
        return ok((await moveGroupBookmark(db, user, { id, cmd, targetCid })).msg)
      }
      case 'delete-bookmark':
        if (!id) throw new DomainError(NO_SUCH_FORM)
        await trashGroupBookmark(db, user, id)
        return ok(BOOKMARK_DELETED_MSG)
      case 'restore-bookmark':
        if (!id) throw new DomainError(NO_SUCH_FORM)
        await restoreGroupBookmark(db, user, id)
        return ok(RESTORED_MSG)
      case 'review-contribute':
      case 'review-apply': {
        const status = form.get('status') === 'approved' ? 'approved' : form.get('status') === 'rejected' ? 'rejected' : null
        if (!id || !status) throw new DomainError(NO_SUCH_FORM)
        if (intent === 'review-apply') {
          await reviewApply(db, user, { id, status })
          return ok(APPLY_REVIEWED_MSG)
        }
        await reviewContribution(db, user, { id, status })
        return ok(REVIEWED_MSG)
      }
      case 'appeal':
        if (!id) throw new DomainError(NO_SUCH_FORM)
        await appealBookmark(db, user, id)
        return ok(APPEALED_MSG)
      case 'copy': {
        if (!user) throw new NotSignedInError()
        const target = idOf(form.get('target'))
        if (!id) throw new DomainError(NO_SUCH_FORM)
        if (!target) throw new DomainError(PICK_TARGET)
        return ok((await copyGroupBookmark(db, user, { bookmarkId: id, categoryId: target })).msg)
      }
      case 'collect': {
        if (!user) throw new NotSignedInError()
        const chosen = ids(form.getAll('ids')).slice(0, GROUP_PAGE_SIZE)
        const target = idOf(form.get('target'))
        if (!chosen.length) throw new DomainError(PICK_BOOKMARKS)
        if (!target) throw new DomainError(PICK_TARGET)
        const { list } = await collectGroupBookmarks(db, user, { bagId: target, ids: chosen })
        return ok(list.length > 1 ? `已收藏 ${list.length} 个书签到我的分类` : COPIED_MSG)
      }
      case 'set-permission':
      case 'remove-member': {
        const userId = idOf(form.get('userId'))
        if (!userId) throw new DomainError(NO_SUCH_FORM)
        if (intent === 'set-permission') {
          await setGroupMemberPermission(db, user, { groupId, userId })
          return ok(PERMISSION_SET_MSG)
        }
        return ok((await removeGroupMember(db, user, { groupId, userId })).msg)
      }
      case 'invite-generate':
        await generateGroupInvite(db, user, groupId)
        return ok(INVITE_GENERATED_MSG)
      case 'invite-toggle':
        return ok((await toggleGroupInvite(db, user, groupId)).state === 1 ? INVITE_ON_MSG : INVITE_OFF_MSG)
      case 'invite-delete':
        await deleteGroupInvite(db, user, groupId)
        return ok(INVITE_DELETED_MSG)
      default:
        return redirectWithToast(back, { type: 'error', msg: NO_SUCH_FORM })
    }
  } catch (error) {
    if (error instanceof NotSignedInError) return redirect(signInHref(back))
    if (error instanceof DomainError) return redirectWithToast(back, { type: 'error', msg: error.message })
    throw error
  }
}

/** The intents of the page's forms (for tests and the fuzzers). */
export const GROUP_PAGE_INTENTS = [
  'star',
  'join',
  'quit',
  'delete-group',
  'index-mode',
  'banner',
  'save-category',
  'category-up',
  'category-down',
  'delete-category',
  'restore-category',
  'save-bookmark',
  'bookmark-up',
  'bookmark-down',
  'move-bookmark',
  'delete-bookmark',
  'restore-bookmark',
  'review-contribute',
  'review-apply',
  'appeal',
  'copy',
  'collect',
  'set-permission',
  'remove-member',
  'invite-generate',
  'invite-toggle',
  'invite-delete',
] as const
