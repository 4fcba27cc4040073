import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, test } from 'vitest'
import { GROUP_PAGE_INTENTS } from '#app/routes/group-detail.server.ts'
import {
  APPEALED_MSG,
  BOOKMARK_ADDED_MSG,
  BOOKMARK_DELETED_MSG,
  CATEGORY_DELETED_MSG,
  CONTRIBUTED_MSG,
  COPIED_MSG,
  MOVED_MSG,
  RESTORED_MSG,
  REVIEWED_MSG,
  SORTED_MSG,
} from '#app/services/group-content.server.ts'
import {
  ALREADY_APPLIED,
  APPLIED_MSG,
  APPLY_REVIEWED_MSG,
  INVITE_DELETED_MSG,
  INVITE_GENERATED_MSG,
  INVITE_OFF_MSG,
  JOINED_MSG,
  PERMISSION_SET_MSG,
  QUIT_MSG,
  REMOVED_MSG,
} from '#app/services/group-people.server.ts'
import { BANNER_SAVED_MSG, GROUP_DELETED_MSG, GROUP_RESTORED_MSG, INDEX_MODE_MSG, STARRED_MSG } from '#app/services/groups.server.ts'
import { createClient } from './client.ts'
import { eachRole } from './each-role.ts'
import { type Client, get, ok, post } from './content-helpers.ts'
import { applicationOf, inviteCode, newBookmark } from './group-helpers.ts'
import {
  type Actor,
  actors,
  ADMINS,
  ALREADY_MEMBER,
  baseUrl,
  CANNOT_APPEAL,
  caseInviteCode,
  category,
  contribution,
  gid,
  link,
  memberIds,
  newActor,
  own,
  ownBid,
  owner,
  OWNER,
  OWNER_FIXED,
  PEOPLE,
  rand,
  REFUSALS,
  removedContribution,
  removedOwnBookmark,
  type Role,
  ROLES,
  setUpWorld,
  SIGNED_IN,
  snapshot,
  type Someone,
  statusOf,
  trashedCategory,
  trashedGroup,
  trashedLink,
  type World,
  worlds,
} from './group-world.ts'

/**
 * The page-form edge of the group role matrix (issue 24): every intent of every group page's form
 * × owner, administrator, member, applicant, outsider and guest, posted as a browser without
 * JavaScript posts them (a URL-encoded body, or multipart for /group/create, with same-origin
 * headers), on a closed group, and on an open one where the answer differs (joining, copying).
 * The pages: the group page /group/{id} (its action, app/routes/group-detail.server.ts, takes
 * every `intent` of GROUP_PAGE_INTENTS), /group/create (a new group; the owner's edit with ?id=),
 * /group (恢复 from the group trash), /group/notice (an application reviewed) and /group/invite
 * (joining by code).
 *
 * The expectations are the rules of groups (ADR 032; docs/api.md §29), as the JSON matrix
 * (tests/http/group-role-matrix.test.ts) writes them, not read from app/auth/group-permissions.ts.
 * Allowed: a redirect with the success toast (and where the page says, to where it says), and the
 * change seen through the owner's reads (or the actor's own, for what is theirs: stars, copies, a
 * new group). Refused: never a 500; guests are sent to sign in; everyone else gets an error toast
 * or the form again (400) with the refusal, and nothing the owner sees changes (the JSON matrix's
 * snapshot, before and after).
 *
 * How to see it fail (done for issue 24; `npm run build` after each change in app/, then run this
 * file): let 'member' 'manage-categories' in app/auth/group-permissions.ts: exactly the member's
 * rows of save-category (new, edit), category-up, category-down, category-up (the first),
 * delete-category and restore-category fail (7; success toasts where refusals were due). Drop the
 * admin-vs-admin check of removeGroupMember (app/services/group-people.server.ts): exactly
 * "remove-member (an administrator) as admin" fails. Let 'admin' 'edit-group' and 'delete-group':
 * exactly the admin's rows of delete-group, index-mode, /group/create edit and /group restore-group
 * fail (4). Restore and rebuild: all pass.
 */

beforeAll(setUpWorld, 120_000)

type Fields = Record<string, string | number | Array<string | number>>
/** What a case's fields() remembers for its check (names, the state before). */
type Memo = Record<string, any>
type Ctx = { role: Role; actor: Actor | null; w: World; fields: Fields; memo: Memo; location: string | null }

type Page = 'group' | 'create' | 'explore' | 'notice' | 'invite'
type FormCase = {
  /** The page whose form it is; the group page unless said. */
  page?: Page
  /** The form's `intent` (posted on the group page, /group and /group/notice; a name on the others). */
  intent: string
  /** Tells apart the cases of one intent. */
  label?: string
  world?: 'closed' | 'open'
  allowed: readonly Role[]
  /** Allowed roles the rules answer with a success that changes nothing (joining again). */
  noop?: readonly Role[]
  /** Roles that get a fresh user for the case (the form changes their own role). */
  fresh?: readonly Someone[]
  fields: (actor: Actor | null, w: World, memo: Memo) => Promise<Fields>
  /** Where the form is posted (the page's address); the group's page by default. */
  path?: (w: World, fields: Fields) => string
  /** The success toast. */
  success: string | ((role: Role) => string)
  /** Where an allowed post is sent; the page it came from by default. */
  to?: (ctx: Ctx) => string | RegExp
  /** The refusal when it is not one of the generic three. */
  refusal?: string
  /** The change, seen through the owner's reads (or the actor's own). */
  check: (ctx: Ctx) => Promise<void>
  /** Puts the world back after an allowed post. */
  undo?: (ctx: Ctx) => Promise<unknown>
  /** Puts the world back after the post, whatever it answered. */
  cleanup?: (ctx: Ctx) => Promise<unknown>
}

// ---------------------------------------------------------------------------------------------
// The owner's reads (and an actor's own)

const read = async (path: string, query: Record<string, string | number>, client: Client = own()) => ok(get(client, `/api/group/${path}`, query))
const detailOf = (w: World) => read('detail', gid(w))
const categoriesOf = async (w: World, status = 0) => (await read('category', { ...gid(w), size: 100, status })).list as Array<{ id: number; title: string }>
const bookmarksIn = async (w: World, cid: number) => (await read('bookmark', { ...gid(w), size: 100, categoryId: cid })).list as Array<{ id: number; name: string }>
const pendingOf = async (w: World) => (await read('bookmark', { ...gid(w), size: 100, status: 'pending' })).list as Array<{ id: number; name: string }>
const trashOf = async (w: World) => (await read('bookmark-trash', { ...gid(w), size: 100 })).list as Array<{ id: number; appeal: string }>
const membersOf = async (w: World) => (await read('members', { ...gid(w), size: 100 })).list as Array<{ uid: number; permission: string }>
const inviteOf = (w: World) => read('get-invite-code', gid(w)) as Promise<{ code: string; state: number }>
const ids = (list: Array<{ id: number }>) => list.map((x) => x.id)
/** The names in the actor's own category (where copies go). */
const ownNames = async (actor: Actor) => (await ok(get(actor.client, '/api/bookmark/list', { bid: await ownBid(actor) }))).list.map((s: { name: string }) => s.name) as string[]
/** A bookmark of the owner's with a name to look for. */
async function namedLink(w: World, memo: Memo, key = 'name') {
  memo[key] = `链接${rand()}`
  return newBookmark(own(), w.cid, memo[key])
}
/** What an edit (of a category, a bookmark, the group's card) answers. */
const SAVED_MSG = '保存成功'
const target = async (actor: Actor | null) => (actor ? await ownBid(actor) : 1)

// ---------------------------------------------------------------------------------------------
// The matrix

const FORM_CASES: FormCase[] = [
  // The card: a star is anyone's signed in; index mode and deleting are the owner's.
  {
    intent: 'star',
    allowed: SIGNED_IN,
    fields: async () => ({}),
    success: STARRED_MSG,
    check: async ({ actor, w }) => expect(ids((await read('star-list', { size: 100 }, actor!.client)).list)).toContain(w.groupId),
    undo: ({ actor, w }) => ok(post(actor!.client, '/api/group/mark-star', gid(w))),
  },
  // 申请加入: a closed group is applied to (the applicant already has; its people are in it).
  {
    intent: 'join',
    allowed: SIGNED_IN,
    noop: ['owner', 'admin', 'member', 'applicant'],
    fresh: ['outsider'],
    fields: async () => ({}),
    success: (role) => (role === 'outsider' ? APPLIED_MSG : role === 'applicant' ? ALREADY_APPLIED : ALREADY_MEMBER),
    check: async ({ actor, w }) => {
      expect(await statusOf(actor!, w)).toBe('pending')
      expect(await applicationOf(own(), actor!.userId)).toBeGreaterThan(0)
    },
  },
  // An open group is joined at once.
  {
    intent: 'join',
    world: 'open',
    allowed: SIGNED_IN,
    noop: PEOPLE,
    fresh: ['applicant', 'outsider'],
    fields: async () => ({}),
    success: (role) => (PEOPLE.includes(role) ? ALREADY_MEMBER : JOINED_MSG),
    check: async ({ actor, w }) => expect(await memberIds(w)).toContain(actor!.userId),
  },
  {
    intent: 'quit',
    allowed: ['admin', 'member'],
    fresh: ['admin', 'member'],
    fields: async () => ({}),
    success: QUIT_MSG,
    check: async ({ actor, w }) => expect(await memberIds(w)).not.toContain(actor!.userId),
  },
  {
    intent: 'delete-group',
    allowed: OWNER,
    fields: async () => ({ confirm: 'on' }),
    success: GROUP_DELETED_MSG,
    to: () => '/group',
    check: async ({ w }) => expect(ids((await read('trash-list', { size: 100 })).list)).toContain(w.groupId),
    // Whoever deleted it (a refusal that let it through too): the world is needed by the rows after.
    cleanup: ({ w }) => post(own(), '/api/group/restore-group', gid(w)),
  },
  {
    intent: 'index-mode',
    allowed: OWNER,
    fields: async (_, w, memo) => {
      memo.mode = (await detailOf(w)).indexMode
      return {}
    },
    success: INDEX_MODE_MSG,
    check: async ({ w, memo }) => expect((await detailOf(w)).indexMode).not.toBe(memo.mode),
    undo: ({ w }) => ok(post(own(), '/api/group/change-index-mode', gid(w))),
  },
  {
    intent: 'banner',
    allowed: OWNER,
    fields: async (_, w, memo) => {
      memo.banner = (await detailOf(w)).banner
      return { slogan: `标语${Math.random().toString(36).slice(2, 6)}`, color: '#112233' }
    },
    success: BANNER_SAVED_MSG,
    check: async ({ w, fields }) => expect((await detailOf(w)).banner).toMatchObject({ slogan: fields.slogan, color: '#112233' }),
    undo: async ({ w, memo }) => {
      const before = memo.banner as Record<string, string>
      for (const key of ['slogan', 'color']) await ok(post(own(), '/api/group/save-banner-params', { ...gid(w), key, value: before[key] ?? '' }))
    },
  },
  // Categories: administrators.
  {
    intent: 'save-category',
    label: 'new',
    allowed: ADMINS,
    fields: async () => ({ title: `表单分类${rand()}`, icon: 'tabler:folder' }),
    success: SAVED_MSG,
    // A new category opens.
    to: ({ w }) => new RegExp(`^/group/${w.groupId}/\\d+$`),
    check: async ({ w, fields, location }) => {
      const made = (await categoriesOf(w)).find((c) => c.title === fields.title)
      expect(made).toBeDefined()
      expect(location).toBe(`/group/${w.groupId}/${made!.id}`)
    },
  },
  {
    intent: 'save-category',
    label: 'edit',
    allowed: ADMINS,
    fields: async (_, w) => ({ id: await category(w), title: `改过${rand()}`, icon: '' }),
    success: SAVED_MSG,
    check: async ({ w, fields }) => expect((await categoriesOf(w)).find((c) => c.id === fields.id)?.title).toBe(fields.title),
  },
  // 上移 / 下移: the case's category is the newest, the last.
  {
    intent: 'category-up',
    allowed: ADMINS,
    fields: async (_, w, memo) => {
      memo.at = ids(await categoriesOf(w)).indexOf(w.cid)
      return { cid: w.cid }
    },
    success: SORTED_MSG,
    check: async ({ w, memo }) => expect(ids(await categoriesOf(w)).indexOf(w.cid)).toBe(memo.at - 1),
  },
  {
    intent: 'category-down',
    allowed: ADMINS,
    fields: async (_, w, memo) => {
      await category(w)
      memo.at = ids(await categoriesOf(w)).indexOf(w.cid)
      return { cid: w.cid }
    },
    success: SORTED_MSG,
    check: async ({ w, memo }) => expect(ids(await categoriesOf(w)).indexOf(w.cid)).toBe(memo.at + 1),
  },
  // Nothing moves up past the first; still, only an administrator is told the order is saved.
  {
    intent: 'category-up',
    label: 'the first',
    allowed: ADMINS,
    fields: async (_, w, memo) => {
      memo.order = ids(await categoriesOf(w))
      return { cid: memo.order[0] }
    },
    success: SORTED_MSG,
    check: async ({ w, memo }) => expect(ids(await categoriesOf(w))).toEqual(memo.order),
  },
  {
    intent: 'delete-category',
    allowed: ADMINS,
    fields: async (_, w) => ({ cid: await category(w) }),
    success: CATEGORY_DELETED_MSG,
    check: async ({ w, fields }) => expect(ids(await categoriesOf(w, 1))).toContain(fields.cid),
  },
  {
    intent: 'restore-category',
    allowed: ADMINS,
    fields: async (_, w) => ({ cid: await trashedCategory(w) }),
    success: RESTORED_MSG,
    check: async ({ w, fields }) => expect(ids(await categoriesOf(w))).toContain(fields.cid),
  },
  // Bookmarks: an administrator's show at once, a member's wait for review; nobody else adds.
  {
    intent: 'save-bookmark',
    label: 'new',
    allowed: PEOPLE,
    fields: async (_, w) => ({ cid: w.cid, name: `表单书签${rand()}`, url: `https://${rand()}.example/`, note: '' }),
    success: (role) => (role === 'member' ? CONTRIBUTED_MSG : BOOKMARK_ADDED_MSG),
    check: async ({ role, w, fields }) => {
      const shown = (await bookmarksIn(w, w.cid)).map((b) => b.name)
      const pending = (await pendingOf(w)).map((b) => b.name)
      if (role === 'member') expect([shown, pending]).toEqual([expect.not.arrayContaining([fields.name]), expect.arrayContaining([fields.name])])
      else expect(shown).toContain(fields.name)
    },
  },
  {
    intent: 'save-bookmark',
    label: 'edit',
    allowed: ADMINS,
    fields: async (_, w) => ({ id: await link(w), cid: w.cid, name: `改过${rand()}`, url: 'https://edited.example/', note: '' }),
    success: SAVED_MSG,
    check: async ({ w, fields }) => expect((await bookmarksIn(w, w.cid)).find((b) => b.id === fields.id)?.name).toBe(fields.name),
  },
  // A member may not edit even their own contribution.
  {
    intent: 'save-bookmark',
    label: 'edit a contribution',
    allowed: ADMINS,
    fields: async (_, w) => ({ id: await contribution(w), cid: w.cid, name: `改过${rand()}`, url: 'https://edited.example/', note: '' }),
    success: SAVED_MSG,
    check: async ({ w, fields }) => expect((await pendingOf(w)).find((b) => b.id === fields.id)?.name).toBe(fields.name),
  },
  {
    intent: 'bookmark-up',
    allowed: ADMINS,
    fields: async (_, w, memo) => {
      memo.first = await link(w)
      memo.second = await link(w)
      return { id: memo.second }
    },
    success: MOVED_MSG,
    check: async ({ w, memo }) => expect(ids(await bookmarksIn(w, w.cid))).toEqual([memo.second, memo.first]),
  },
  {
    intent: 'bookmark-down',
    allowed: ADMINS,
    fields: async (_, w, memo) => {
      memo.first = await link(w)
      memo.second = await link(w)
      return { id: memo.first }
    },
    success: MOVED_MSG,
    check: async ({ w, memo }) => expect(ids(await bookmarksIn(w, w.cid))).toEqual([memo.second, memo.first]),
  },
  {
    intent: 'move-bookmark',
    allowed: ADMINS,
    fields: async (_, w) => ({ id: await link(w), targetCid: w.cid2 }),
    success: MOVED_MSG,
    check: async ({ w, fields }) => expect(ids(await bookmarksIn(w, w.cid2))).toContain(fields.id),
  },
  {
    intent: 'delete-bookmark',
    allowed: ADMINS,
    fields: async (_, w) => ({ id: await link(w) }),
    success: BOOKMARK_DELETED_MSG,
    check: async ({ w, fields }) => expect(ids(await trashOf(w))).toContain(fields.id),
  },
  {
    intent: 'restore-bookmark',
    allowed: ADMINS,
    fields: async (_, w) => ({ id: await trashedLink(w) }),
    success: RESTORED_MSG,
    check: async ({ w, fields }) => expect(ids(await bookmarksIn(w, w.cid))).toContain(fields.id),
  },
  // Review (待审核, 回收站): contributions and appeals, by administrators.
  {
    intent: 'review-contribute',
    label: 'a contribution',
    allowed: ADMINS,
    fields: async (_, w) => ({ id: await contribution(w), status: 'approved' }),
    success: REVIEWED_MSG,
    check: async ({ w, fields }) => expect(ids(await bookmarksIn(w, w.cid))).toContain(fields.id),
  },
  {
    intent: 'review-contribute',
    label: 'an appeal',
    allowed: ADMINS,
    fields: async (_, w) => {
      const id = await removedContribution(w, actors.member)
      await ok(post(actors.member.client, '/api/group/appeal', { bookmarkId: id }))
      return { id, status: 'approved' }
    },
    success: REVIEWED_MSG,
    check: async ({ w, fields }) => expect(ids(await bookmarksIn(w, w.cid))).toContain(fields.id),
  },
  {
    intent: 'review-apply',
    allowed: ADMINS,
    fields: async (_, w, memo) => {
      memo.applicant = (await newActor('applicant', w)).userId
      return { id: await applicationOf(own(), memo.applicant), status: 'approved' }
    },
    success: APPLY_REVIEWED_MSG,
    check: async ({ w, memo }) => expect(await memberIds(w)).toContain(memo.applicant),
  },
  // 申诉 (我的投稿): a member or administrator, of their own removed bookmark; nobody of another's.
  {
    intent: 'appeal',
    label: "one's own",
    allowed: ['admin', 'member'],
    fields: async (actor, w) => ({ id: await removedOwnBookmark(w, actor) }),
    success: APPEALED_MSG,
    check: async ({ w, fields }) => expect((await trashOf(w)).find((b) => b.id === fields.id)?.appeal).toBe('pending'),
  },
  {
    intent: 'appeal',
    label: "another's",
    allowed: [],
    refusal: CANNOT_APPEAL,
    fields: async (_, w) => ({ id: await removedContribution(w, owner) }),
    success: APPEALED_MSG,
    check: async () => {},
  },
  // 复制 / 批量收藏 into one's own category: whoever sees the content (an open group's, anyone signed in).
  ...(['closed', 'open'] as const).flatMap((world): FormCase[] => [
    {
      intent: 'copy',
      world,
      allowed: world === 'open' ? SIGNED_IN : PEOPLE,
      fields: async (actor, w, memo) => ({ id: await namedLink(w, memo), target: await target(actor) }),
      success: COPIED_MSG,
      check: async ({ actor, memo }) => expect(await ownNames(actor!)).toContain(memo.name),
    },
    {
      intent: 'collect',
      world,
      allowed: world === 'open' ? SIGNED_IN : PEOPLE,
      fields: async (actor, w, memo) => ({ ids: [await namedLink(w, memo, 'a'), await namedLink(w, memo, 'b')], target: await target(actor) }),
      success: '已收藏 2 个书签到我的分类',
      check: async ({ actor, memo }) => expect(await ownNames(actor!)).toEqual(expect.arrayContaining([memo.a, memo.b])),
    },
  ]),
  // People (成员): the owner sets permissions; administrators remove members, only the owner an administrator.
  {
    intent: 'set-permission',
    label: 'a member',
    allowed: OWNER,
    fields: async (_, w) => ({ userId: (await newActor('member', w)).userId }),
    success: PERMISSION_SET_MSG,
    check: async ({ w, fields }) => expect((await membersOf(w)).find((m) => m.uid === fields.userId)?.permission).toBe('admin'),
  },
  {
    intent: 'set-permission',
    label: 'an administrator',
    allowed: OWNER,
    fields: async (_, w) => ({ userId: (await newActor('admin', w)).userId }),
    success: PERMISSION_SET_MSG,
    check: async ({ w, fields }) => expect((await membersOf(w)).find((m) => m.uid === fields.userId)?.permission).toBe('member'),
  },
  {
    intent: 'remove-member',
    label: 'a member',
    allowed: ADMINS,
    fields: async (_, w) => ({ userId: (await newActor('member', w)).userId }),
    success: REMOVED_MSG,
    check: async ({ w, fields }) => expect(await memberIds(w)).not.toContain(fields.userId),
  },
  {
    intent: 'remove-member',
    label: 'an administrator',
    allowed: OWNER,
    fields: async (_, w) => ({ userId: (await newActor('admin', w)).userId }),
    success: REMOVED_MSG,
    check: async ({ w, fields }) => expect(await memberIds(w)).not.toContain(fields.userId),
  },
  { intent: 'remove-member', label: 'the owner', allowed: [], refusal: OWNER_FIXED, fields: async () => ({ userId: owner.userId }), success: REMOVED_MSG, check: async () => {} },
  // Removing oneself is quitting: members and administrators (the owner deletes the group instead).
  {
    intent: 'remove-member',
    label: 'oneself',
    allowed: ['admin', 'member'],
    fresh: ['admin', 'member'],
    fields: async (actor) => ({ userId: actor?.userId ?? owner.userId }),
    success: QUIT_MSG,
    check: async ({ w, fields }) => expect(await memberIds(w)).not.toContain(fields.userId),
  },
  // 邀请 (invite codes): administrators.
  {
    intent: 'invite-generate',
    allowed: ADMINS,
    fields: async (_, w, memo) => {
      memo.code = (await inviteOf(w)).code
      return {}
    },
    success: INVITE_GENERATED_MSG,
    check: async ({ w, memo }) => expect((await inviteOf(w)).code).not.toBe(memo.code),
  },
  {
    intent: 'invite-toggle',
    allowed: ADMINS,
    fields: async (_, w) => {
      await inviteCode(own(), w.groupId)
      return {}
    },
    success: INVITE_OFF_MSG,
    check: async ({ w }) => expect((await inviteOf(w)).state).toBe(0),
  },
  {
    intent: 'invite-delete',
    allowed: ADMINS,
    fields: async (_, w) => {
      await inviteCode(own(), w.groupId)
      return {}
    },
    success: INVITE_DELETED_MSG,
    check: async ({ w }) => expect((await inviteOf(w)).code).toBe(''),
  },

  // /group/create: anyone signed in makes a group (theirs, among their 我创建的).
  {
    page: 'create',
    intent: 'create',
    allowed: SIGNED_IN,
    fields: async () => ({ name: `表单小组${rand()}`, summary: '', icon: 'tabler:users' }),
    path: () => '/group/create',
    success: '创建成功',
    to: () => /^\/group\/\d+$/,
    check: async ({ actor, fields, location }) => {
      const made = (await read('create-list', { size: 100 }, actor!.client)).list.find((g: { name: string }) => g.name === fields.name)
      expect(location).toBe(`/group/${made?.id}`)
    },
  },
  // …and with ?id= the owner edits their own (the closed world stays closed: no 公开小组 ticked).
  {
    page: 'create',
    intent: 'edit',
    allowed: OWNER,
    fields: async (_, w) => ({ name: w.name, summary: `表单简介${rand()}`, icon: 'tabler:users' }),
    path: (w) => `/group/create?id=${w.groupId}`,
    success: SAVED_MSG,
    to: ({ w }) => `/group/${w.groupId}`,
    check: async ({ w, fields }) => expect(await detailOf(w)).toMatchObject({ summary: fields.summary, isOpen: false }),
  },
  // /group?tab=trash: 恢复 is the owner's.
  {
    page: 'explore',
    intent: 'restore-group',
    allowed: OWNER,
    fields: async (_, w) => trashedGroup(w),
    path: () => '/group?tab=trash',
    success: GROUP_RESTORED_MSG,
    check: async ({ w }) => {
      expect((await detailOf(w)).id).toBe(w.groupId)
      expect(ids((await read('trash-list', { size: 100 })).list)).not.toContain(w.groupId)
    },
    cleanup: ({ w }) => post(own(), '/api/group/restore-group', gid(w)),
  },
  // /group/notice: applications are reviewed by the group's administrators.
  {
    page: 'notice',
    intent: 'review-apply',
    allowed: ADMINS,
    fields: async (_, w, memo) => {
      memo.applicant = (await newActor('applicant', w)).userId
      return { id: await applicationOf(own(), memo.applicant), status: 'approved' }
    },
    path: () => '/group/notice',
    success: '已通过入组申请',
    check: async ({ w, memo }) => expect(await memberIds(w)).toContain(memo.applicant),
  },
  // /group/invite: with a code anyone signed in joins, a closed group too; its people are in it already.
  {
    page: 'invite',
    intent: 'join-by-code',
    allowed: SIGNED_IN,
    noop: PEOPLE,
    fresh: ['applicant', 'outsider'],
    fields: async (_, w) => ({ code: await caseInviteCode(w) }),
    path: (_, fields) => `/group/invite?code=${fields.code}`,
    success: (role) => (PEOPLE.includes(role) ? ALREADY_MEMBER : JOINED_MSG),
    to: ({ w }) => `/group/${w.groupId}`,
    check: async ({ actor, w }) => expect(await memberIds(w)).toContain(actor!.userId),
  },
]

/** The flash toast a redirect sets (POST/redirect/GET), if any. */
function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast=') && !c.startsWith('qy_toast=;'))
  return cookie ? (JSON.parse(decodeURIComponent(cookie.slice('qy_toast='.length).split(';')[0]!)) as { type: string; msg: string }) : null
}

/** Posts a form as a browser without JavaScript does: URL-encoded (repeated names allowed), or multipart. */
async function submit(client: Client, path: string, fields: Fields, multipart = false) {
  const body = multipart ? new FormData() : new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, String(v))
  const response = await client.request(path, { method: 'POST', body, headers: client.sameOrigin })
  return { status: response.status, location: response.headers.get('location'), toast: toastOf(response), text: await response.text() }
}

/** The cases of the group page's `switch (intent)`, read from its source: what the action handles. */
const handled = () => [...readFileSync(new URL('../../app/routes/group-detail.server.ts', import.meta.url), 'utf8').matchAll(/^\s*case '([a-z-]+)':/gm)].map((m) => m[1]!)

describe('group role × page form', () => {
  test('the matrix covers every intent of the group page and every other group page with a form', () => {
    // The exported list is the action's own: every case of its switch, nothing else.
    expect([...GROUP_PAGE_INTENTS].sort()).toEqual([...new Set(handled())].sort())
    const onGroupPage = new Set(FORM_CASES.filter((c) => (c.page ?? 'group') === 'group').map((c) => c.intent))
    expect(GROUP_PAGE_INTENTS.filter((intent) => !onGroupPage.has(intent))).toEqual([])
    expect([...new Set(FORM_CASES.map((c) => c.page ?? 'group'))].sort()).toEqual(['create', 'explore', 'group', 'invite', 'notice'])
  })

  for (const c of FORM_CASES) {
    const page = c.page ?? 'group'
    const name = `${page === 'group' ? '' : page === 'explore' ? '/group ' : `/group/${page} `}${c.intent}${c.label ? ` (${c.label})` : ''}${c.world === 'open' ? ' (open group)' : ''}`
    const w = () => worlds[c.world ?? 'closed']
    eachRole(ROLES, name, c.allowed, {
      // Refused, or allowed and changing nothing by the rules (joining again): the owner's world stays as it was.
      keeps: (role) => !c.allowed.includes(role) || Boolean(c.noop?.includes(role)),
      // A fresh category per case: the lists stay short, and it goes to the trash afterwards.
      fresh: async () => (w().cid = await category(w())),
      discard: () => post(own(), '/api/group/delete-category', { cid: w().cid }),
      snapshot: () => snapshot(w()),
      async prepare(role) {
        const actor = role === 'owner' ? owner : role === 'guest' ? null : c.fresh?.includes(role) ? await newActor(role, w()) : actors[role]
        const memo: Memo = {}
        const fields = await c.fields(actor, w(), memo)
        const ctx: Ctx = { role, actor, w: w(), fields, memo, location: null }
        return { ctx, undo: false }
      },
      async act(role, state) {
        const { ctx } = state
        const { actor, fields } = ctx
        const allowed = c.allowed.includes(role)
        const path = c.path?.(ctx.w, fields) ?? `/group/${ctx.w.groupId}`
        const client = actor?.client ?? createClient(baseUrl)
        const posted = page === 'group' || page === 'explore' || page === 'notice' ? { intent: c.intent, ...fields } : fields
        const answer = await submit(client, path, posted, page === 'create')
        ctx.location = answer.location
        const what = `${c.intent} ${JSON.stringify(posted)} to ${path} as ${role} → ${answer.status} ${answer.location} ${JSON.stringify(answer.toast)}`
        expect(answer.status, what).toBeLessThan(500)
        if (allowed) {
          expect(answer.status, what).toBe(302)
          expect(answer.toast, what).toEqual({ type: 'success', msg: typeof c.success === 'string' ? c.success : c.success(role) })
          const to = c.to?.(ctx) ?? path
          if (typeof to === 'string') expect(answer.location, what).toBe(to)
          else expect(answer.location, what).toMatch(to)
          // A no-op is checked by the world compared after it (eachRole); a change by its own reads.
          if (!c.noop?.includes(role)) await c.check(ctx)
          // Put back after the world is compared (eachRole's cleanup).
          state.undo = true
          return
        }
        if (role === 'guest') {
          // Sent to sign in, and back to the page afterwards.
          expect(answer.status, what).toBe(302)
          expect(answer.location, what).toMatch(/^\/login\?redirectTo=%2Fgroup/)
        } else {
          const refusals = c.refusal ? [...REFUSALS, c.refusal] : REFUSALS
          // An error toast on a redirect, or the form again (400) with the refusal beside it.
          if (answer.status === 400) expect(refusals.some((msg) => answer.text.includes(msg)), what).toBe(true)
          else {
            expect(answer.status, what).toBe(302)
            expect(answer.toast?.type, what).toBe('error')
            expect(refusals, what).toContain(answer.toast?.msg)
          }
        }
      },
      async cleanup(_role, { ctx, undo }) {
        if (undo) await c.undo?.(ctx)
        await c.cleanup?.(ctx)
      },
    })
  }
})
