import { readdirSync } from 'node:fs'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { FETCH_ICON_INTENT } from '#app/components/image-icon-tools.tsx'
import { FILL_LINK_INTENT } from '#app/components/manage/link-form.tsx'
import { INTENT_NAMES } from '#app/dialogs/registry.server.ts'
import { API_CALLS } from '#app/api/calls.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'
import { eachRole } from './each-role.ts'

/**
 * Every role of spec §6 × every mutating call, at the HTTP level (issue 6): allowed exactly where
 * the spec allows; everywhere else refused (guests HTTP 403 请先登录; others 内容不存在或已被删除 or
 * 您没有权限执行此操作) with nothing of the owner's changed. The expectations below are written
 * from the spec, not read from app/auth/permissions.ts, so the capability table is what is tested.
 * Both edges: the JSON API here, the page forms in the second describe.
 */

const baseUrl = inject('baseUrl')
const ROLES = ['owner', 'manager', 'member', 'follower', 'visitor', 'guest'] as const
type Role = (typeof ROLES)[number]
const SIGNED_IN: Role[] = ['owner', 'manager', 'member', 'follower', 'visitor']
const EDITORS: Role[] = ['owner', 'manager']
const OWNER: Role[] = ['owner']
const REFUSALS = ['内容不存在或已被删除', '您没有权限执行此操作']
const PRIVATE_STAYS = '未公开链接不能移到其他主页'
/** Spec §6: a notepad is its owner's; everyone else who sees the homepage is told it is not public. */
const NOTES_NOT_PUBLIC = '便签内容未对互联网用户公开'

type Actor = { client: Client; userId: number; homepageId: number }
type World = {
  owner: Actor
  homepageId: number
  code: string
  moduleId: number
  /** The category each case's bookmarks are made in. */
  bid: number
  /** A note bookmark whose notepad the snapshot reads. */
  notepad: number
  actors: Record<Exclude<Role, 'owner' | 'guest'>, Actor>
}
let world: World

const rand = () => Math.random().toString(36).slice(2, 8)
const owner = () => world.owner.client

async function inviteToken() {
  return (await ok(post(owner(), '/api/homepage/invite-code', { homepageId: world.homepageId, type: 'generate' }))).code as string
}

/** A new user holding `role` on the world's homepage (roles come from the real calls). */
async function newActor(role: Exclude<Role, 'owner' | 'guest'>): Promise<Actor> {
  const user = await signUp(baseUrl, `${role}${rand()}`.slice(0, 20))
  const homepageId = world.homepageId
  if (role === 'member' || role === 'manager') await ok(post(user.client, '/api/homepage/join-homepage', { code: await inviteToken(), homepageId }))
  if (role === 'manager') await ok(post(owner(), '/api/homepage/set-manager', { homepageId, userId: user.userId }))
  if (role === 'follower') expect((await post(user.client, '/api/homepage/follow', { homepageId })).body.code).toBe(1)
  return user
}

// ---------------------------------------------------------------------------------------------
// Objects a case aims at, made fresh by the owner for every case

const link = async (bid = world.bid) =>
  (await ok(post(owner(), '/api/source/add', { bid, sour_name: `链接${rand()}`, sour_url: `https://${rand()}.example/` }))).id as number
/** A link only the owner sees (仅自己可见), and whether it still is. */
const privateLink = async () =>
  (await ok(post(owner(), '/api/source/add', { bid: world.bid, sour_name: `私密${rand()}`, sour_url: `https://${rand()}.example/`, isOnlyOwnView: '1' }))).id as number
const isPrivate = async (id: unknown) => (await ok(get(owner(), '/api/bookmark/detail', { id: Number(id) }))).info.isOnlyOwnView === '1'
const folder = async () => (await ok(post(owner(), '/api/bookmark/add-folder', { bid: world.bid, name: `文件夹${rand()}` }))).id as number
const childOf = async (folderId: number) =>
  (await ok(post(owner(), '/api/source/add', { bid: world.bid, parentLinkId: folderId, sour_name: '子链接', sour_url: `https://${rand()}.example/` }))).id as number
const divider = async () => (await ok(post(owner(), '/api/bookmark/add-divider', { bid: world.bid, name: '分割线' }))).id as number
/** A note in the world's notepad, in its trash with `trashed`. */
async function padNote(trashed = false) {
  const id = (await ok(post(owner(), '/api/notepad/create', { bookmarkId: world.notepad }))).id as number
  if (trashed) await ok(post(owner(), '/api/notepad/delete', { noteId: id }))
  return id
}
const note = async () => (await ok(post(owner(), '/api/bookmark/create-base', { cid: world.bid, remark: '笔记', type: 'note' }))).id as number
const bag = async () => (await ok(post(owner(), '/api/bag/add', { moduleId: world.moduleId, name: `分类${rand()}`.slice(0, 20), icon: 'tabler:folder' }))).bid as number
/** The category a case's bookmarks are made in, new for each (eachRole's `fresh`). */
const newBag = async () => (world.bid = await bag())
const module = async () => (await ok(post(owner(), '/api/module/add', { homepageId: world.homepageId, name: `模块${rand()}`, icon: 'tabler:star', moduleType: 2 }))).moduleId as number
async function trashedLink() {
  const id = await link()
  await ok(post(owner(), '/api/source/delete', { bs_ids: [id] }))
  return id
}
async function trashedBag() {
  const bid = await bag()
  await ok(post(owner(), '/api/bag/delete', { bid }))
  return bid
}
/** A second homepage of the owner, open with a code (visitors see it), for calls that would end the world's. */
async function spareHomepage(trashed = false) {
  const spare = await ok(post(owner(), '/api/homepage/add', { title: '备用', icon: 'tabler:home', code: `spare-${rand()}` }))
  await ok(post(owner(), '/api/homepage/set-open-status', { homepageId: spare.id }))
  if (trashed) await ok(post(owner(), '/api/homepage/delete', { homepageId: spare.id }))
  return spare.id as number
}
/** A category of the owner's, shared at /collection/{bid}. */
async function sharedBag() {
  const bid = await bag()
  await ok(post(owner(), '/api/bag/share', { bid }))
  return bid
}
/** The actor's own category: where a visitor may copy a public link (collect). */
async function ownBid(actor: Actor) {
  return (await ok(get(actor.client, '/api/bag/get-create', { homepageId: actor.homepageId })))[0].children[0].value as number
}

/** A one-folder bookmark file uploaded by the actor (anyone signed in may upload): the ids to import. */
async function uploadedFolder(actor: Actor | null) {
  if (!actor) return { fileId: 1, folderIds: [1] }
  const file = '<DL><p><DT><H3>导入的</H3><DL><p><DT><A HREF="https://imported.example/">导入的链接</A></DL><p></DL><p>'
  const body = new FormData()
  body.set('file', new File([file], 'bookmarks.html', { type: 'text/html' }))
  const response = await actor.client.request('/api/import/upload', { method: 'POST', body, headers: actor.client.sameOrigin })
  const { fileId } = (await response.json()) as { fileId: number }
  const tree = await ok(get(actor.client, '/api/import/folder', { fileId }))
  return { fileId, folderIds: [(tree.list as Array<{ id: number }>)[0]!.id] }
}

// ---------------------------------------------------------------------------------------------
// The matrix: one representative body per mutating call, and who the spec lets do it

type Case = {
  path: string
  /** Roles allowed; everyone else is refused. */
  allowed: readonly Role[]
  body: (actor: Actor | null) => Promise<Record<string, unknown>>
  /** The call changes the caller's own role (follow, join): each role gets a fresh user. */
  fresh?: boolean
  /** The refusal when it is not one of the generic two (a rule that names the reason). */
  refusal?: string
  /** Puts the world back after an allowed call that would change it for the cases after it. */
  undo?: (body: Record<string, unknown>) => Promise<unknown>
  /** What an allowed call must (not) have done, per role: e.g. privacy is the owner's to change. */
  check?: (role: Role, body: Record<string, unknown>, data: any) => Promise<void>
}

const hid = () => ({ homepageId: world.homepageId })

const API_CASES: Case[] = [
  // Modules: the owner's (spec §6 owner; managers do not manage modules).
  { path: '/api/module/add', allowed: OWNER, body: async () => ({ ...hid(), name: '新模块', icon: 'tabler:star' }) },
  { path: '/api/module/sort', allowed: OWNER, body: async () => ({ moduleIds: [await module(), world.moduleId] }) },
  { path: '/api/module/set-default-module', allowed: OWNER, body: async () => ({ ...hid(), moduleId: await module() }), undo: () => post(owner(), '/api/module/set-default-module', { ...hid(), moduleId: world.moduleId }) },
  { path: '/api/module/hard-delete', allowed: OWNER, body: async () => ({ moduleIds: [await module()] }) },
  { path: '/api/module/change-status', allowed: OWNER, body: async () => ({ moduleId: await module() }) },
  { path: '/api/module/share', allowed: OWNER, body: async () => ({ moduleId: await module() }) },
  { path: '/api/module/share', allowed: OWNER, body: async () => ({ moduleId: await module(), cancel: 1 }) },
  { path: '/api/module/save-share-params', allowed: OWNER, body: async () => ({ moduleId: await module(), key: 'title', value: '分享标题' }) },
  { path: '/api/module/save-max-column', allowed: OWNER, body: async () => ({ ...hid(), height: 8 }) },
  // The layout settings back to the defaults (the layout drawer's 恢复默认布局): the owner's.
  { path: '/api/site/clear-website-style', allowed: OWNER, body: async () => hid() },
  // A built-in template becomes a new module: adding modules is the owner's.
  { path: '/api/module/choose-template', allowed: OWNER, body: async () => ({ ...hid(), moduleId: 1 }) },
  // Categories: the owner's.
  { path: '/api/bag/add', allowed: OWNER, body: async () => ({ moduleId: world.moduleId, name: '新分类', icon: 'tabler:folder' }) },
  { path: '/api/bag/delete', allowed: OWNER, body: async () => ({ bid: await bag() }) },
  { path: '/api/bag/restore', allowed: OWNER, body: async () => ({ bid: await trashedBag() }) },
  { path: '/api/bag/delete-hard', allowed: OWNER, body: async () => ({ bid: await trashedBag() }) },
  { path: '/api/bag/sort', allowed: OWNER, body: async () => ({ ids: [await bag(), world.bid] }) },
  { path: '/api/bag/sort-multiple', allowed: OWNER, body: async () => ({ type: 'before', dropId: await bag(), targetId: world.bid }) },
  { path: '/api/bag/set-formats', allowed: OWNER, body: async () => ({ bid: await bag(), formats: { color: '#112233' } }) },
  { path: '/api/bag/set-card-config', allowed: OWNER, body: async () => ({ bid: await bag(), column: 2 }) },
  { path: '/api/bag/clear-card-config', allowed: OWNER, body: async () => ({ bid: await bag() }) },
  // Category share: the owner shares and cancels; anyone signed in but the owner follows.
  { path: '/api/bag/share', allowed: OWNER, body: async () => ({ bid: world.bid, remark: '分享' }) },
  { path: '/api/bag/share', allowed: OWNER, body: async () => ({ bid: await sharedBag(), cancel: 1 }) },
  { path: '/api/bag/follow', allowed: ['manager', 'member', 'follower', 'visitor'], body: async () => ({ bid: await sharedBag() }), refusal: '不能关注自己分享的分类' },
  // Bookmarks. Managers edit children, add links, edit dividers and sort; only the owner stars,
  // sets privacy, adds notes and empties the trash; a member only contributes new links.
  { path: '/api/bookmark/mark-star', allowed: OWNER, body: async () => ({ id: await link() }) },
  // The star list's order is the owner's, like the stars themselves.
  {
    path: '/api/bookmark/like-sort',
    allowed: OWNER,
    body: async () => {
      const [a, b] = [await link(), await link()]
      for (const id of [a, b]) await ok(post(owner(), '/api/bookmark/mark-star', { id }))
      return { ids: [b, a] }
    },
  },
  { path: '/api/bookmark/create-base', allowed: OWNER, body: async () => ({ cid: world.bid, remark: '笔记', type: 'note' }) },
  // A notepad is its owner's alone (spec §6): managers add no notes; nobody else reads or writes one.
  { path: '/api/notepad/create', allowed: OWNER, body: async () => ({ bookmarkId: world.notepad }), refusal: NOTES_NOT_PUBLIC },
  { path: '/api/notepad/create', allowed: OWNER, body: async () => ({ cid: world.bid }) },
  { path: '/api/notepad/save', allowed: OWNER, body: async () => ({ noteId: await padNote(), title: '改过', content: '<p>改过</p>' }), refusal: NOTES_NOT_PUBLIC },
  { path: '/api/notepad/delete', allowed: OWNER, body: async () => ({ noteId: await padNote() }), refusal: NOTES_NOT_PUBLIC },
  { path: '/api/notepad/delete', allowed: OWNER, body: async () => ({ noteId: await padNote(true), type: 'restore' }), refusal: NOTES_NOT_PUBLIC },
  { path: '/api/bookmark/rename', allowed: EDITORS, body: async () => ({ id: await note(), remark: '改名' }) },
  { path: '/api/bookmark/change-private', allowed: OWNER, body: async () => ({ id: await link() }) },
  { path: '/api/bookmark/add-folder', allowed: EDITORS, body: async () => ({ bid: world.bid, name: '新文件夹' }) },
  { path: '/api/bookmark/add-divider', allowed: EDITORS, body: async () => ({ id: await divider(), bid: world.bid, name: '改过的分割线' }) },
  { path: '/api/bookmark/sort', allowed: EDITORS, body: async () => ({ bid: world.bid, ids: [await link()] }) },
  { path: '/api/source/sort', allowed: EDITORS, body: async () => ({ bid: world.bid, ids: [await link()] }) },
  { path: '/api/children/sort', allowed: EDITORS, body: async () => {
    const f = await folder()
    const [a, b] = [await childOf(f), await childOf(f)]
    return { sort: [{ id: b, sort: 0 }, { id: a, sort: 1 }] }
  } },
  { path: '/api/source/add', allowed: ['owner', 'manager', 'member'], body: async () => ({ bid: world.bid, sour_name: '新链接', sour_url: 'https://new.example/' }) },
  { path: '/api/source/add', allowed: EDITORS, body: async () => ({ bs_id: await link(), bid: world.bid, sour_name: '改过的链接', sour_url: 'https://edit.example/' }) },
  // Privacy belongs to the owner: a manager's edit saves, and the link stays private whatever the
  // form sends; a new link is private only when the owner ticks it (issue 11).
  {
    path: '/api/source/add',
    allowed: EDITORS,
    body: async () => ({ bs_id: await privateLink(), bid: world.bid, sour_name: '改过的私密链接', sour_url: 'https://edit.example/', isOnlyOwnView: '' }),
    check: async (role, body) => expect(await isPrivate(body.bs_id)).toBe(role !== 'owner'),
  },
  {
    path: '/api/source/add',
    allowed: ['owner', 'manager', 'member'],
    body: async () => ({ bid: world.bid, sour_name: '勾了仅自己可见', sour_url: 'https://new.example/', isOnlyOwnView: '1' }),
    check: async (role, _body, data) => expect(await isPrivate(data.id)).toBe(role === 'owner'),
  },
  { path: '/api/source/delete', allowed: EDITORS, body: async () => ({ bs_ids: [await link()] }) },
  { path: '/api/source/restore', allowed: OWNER, body: async () => ({ id: await trashedLink() }) },
  { path: '/api/source/delete-hard', allowed: OWNER, body: async () => ({ id: await trashedLink() }) },
  { path: '/api/source/operation', allowed: EDITORS, body: async () => ({ ids: [await link()], type: 'move', bid: await bag() }) },
  // A private link moved by a manager (they see it as 未公开链接) stays private; it never leaves the
  // homepage in their hands (into their own homepage its new owner would see it).
  {
    path: '/api/source/operation',
    allowed: EDITORS,
    body: async () => ({ ids: [await privateLink()], type: 'move', bid: await bag() }),
    check: async (_role, body) => expect(await isPrivate((body.ids as number[])[0])).toBe(true),
  },
  {
    path: '/api/source/operation',
    allowed: OWNER,
    body: async (actor) => ({ ids: [await privateLink()], type: 'move', bid: actor && actor !== world.owner ? await ownBid(actor) : await bag() }),
    refusal: PRIVATE_STAYS,
  },
  // Collecting: anyone signed in copies a link they can see into their own category.
  {
    path: '/api/source/operation',
    allowed: SIGNED_IN,
    body: async (actor) => ({ ids: [await link()], type: 'copy', bid: !actor ? world.bid : actor === world.owner ? await bag() : await ownBid(actor) }),
  },
  // Importing a bookmark file: into a category as adding links; as new categories or modules as the owner's structure.
  { path: '/api/source/import', allowed: EDITORS, body: async (actor) => ({ ...(await uploadedFolder(actor)), bid: world.bid }) },
  { path: '/api/source/import', allowed: OWNER, body: async (actor) => ({ ...(await uploadedFolder(actor)), moduleId: world.moduleId }) },
  { path: '/api/source/import', allowed: OWNER, body: async (actor) => ({ ...(await uploadedFolder(actor)), homepageId: world.homepageId }) },
  { path: '/api/children/move', allowed: EDITORS, body: async () => ({ id: await childOf(await folder()), bid: world.bid }) },
  { path: '/api/children/choose', allowed: EDITORS, body: async () => ({ pid: await folder(), id: [await link()], action: 'copy' }) },
  // A click is counted for anyone who sees the link.
  { path: '/api/source/click', allowed: ROLES, body: async () => ({ id: await link() }) },
  // Anyone who sees a link may report it to the site operator, guests too.
  { path: '/api/source/feedback', allowed: ROLES, body: async () => ({ sour_id: await link(), type: 'broken' }) },
  // The user's own preferences: anyone signed in, whatever the homepage.
  { path: '/api/bookmark/switch-sort-method', allowed: SIGNED_IN, body: async () => ({ method: 'custom' }) },
  { path: '/api/bookmark/insert-icon-history', allowed: SIGNED_IN, body: async () => ({ key: 'tabler:star', type: 'font' }) },
  // The remembered move / copy target: a category one may move and copy into (a member's
  // contributions go through the link dialog, not the selector).
  { path: '/api/source/remember-selected', allowed: EDITORS, body: async () => ({ bid: world.bid }) },
  // Homepages: creating one's own is for anyone signed in; everything else on it is the owner's.
  { path: '/api/homepage/add', allowed: SIGNED_IN, body: async () => ({ title: '我的新主页', icon: 'tabler:home' }) },
  { path: '/api/homepage/add', allowed: OWNER, body: async () => ({ ...hid(), title: '世界', icon: 'tabler:home', code: world.code }) },
  { path: '/api/homepage/set-open-status', allowed: OWNER, body: async () => hid(), undo: () => post(owner(), '/api/homepage/set-open-status', hid()) },
  { path: '/api/homepage/set-default', allowed: OWNER, body: async () => hid() },
  { path: '/api/homepage/set-top', allowed: OWNER, body: async () => ({ id: world.homepageId }), undo: () => post(owner(), '/api/homepage/set-top', { id: world.homepageId }) },
  { path: '/api/homepage/simple-usually', allowed: OWNER, body: async () => hid() },
  { path: '/api/homepage/delete', allowed: OWNER, body: async () => ({ homepageId: await spareHomepage() }) },
  { path: '/api/homepage/restore', allowed: OWNER, body: async () => ({ homepageId: await spareHomepage(true) }) },
  { path: '/api/homepage/hard-delete', allowed: OWNER, body: async () => ({ homepageId: await spareHomepage(true) }) },
  { path: '/api/homepage/save-info', allowed: OWNER, body: async () => ({ ...hid(), rootFontSize: 17 }) },
  { path: '/api/homepage/set-layout', allowed: OWNER, body: async () => ({ ...hid(), mode: 'focus' }) },
  { path: '/api/homepage/set-config', allowed: OWNER, body: async () => ({ ...hid(), bannerMode: 'search' }) },
  // The homepage's skin and theme: the owner's (everyone else keeps their own in cookies, tests/http/skin.test.ts).
  { path: '/api/skin/save-skin-params', allowed: OWNER, body: async () => ({ ...hid(), theme: 2, start: '22:00', end: '06:00' }) },
  { path: '/api/skin/clear-skin', allowed: OWNER, body: async () => hid() },
  { path: '/api/skin/save', allowed: OWNER, body: async () => ({ ...hid(), color: '#e8f0fe', opacity: 90 }) },
  { path: '/api/homepage/set-pop-visible', allowed: OWNER, body: async () => hid(), undo: () => post(owner(), '/api/homepage/set-pop-visible', hid()) },
  // People. Visitors follow, followers unfollow (spec §6); members and the owner do neither.
  { path: '/api/homepage/follow', allowed: ['follower', 'visitor'], body: async () => hid(), fresh: true },
  // Anyone signed in but the owner joins with a working link (a member joining again changes nothing).
  {
    path: '/api/homepage/join-homepage',
    allowed: ['manager', 'member', 'follower', 'visitor'],
    body: async () => ({ ...hid(), code: await inviteToken() }),
    fresh: true,
    refusal: '这是您自己的主页',
  },
  { path: '/api/homepage/invite-code', allowed: OWNER, body: async () => ({ ...hid(), type: 'generate' }) },
  { path: '/api/homepage/reset-code', allowed: OWNER, body: async () => ({ ...hid(), type: 'reset' }) },
  { path: '/api/homepage/set-manager', allowed: OWNER, body: async () => ({ ...hid(), userId: (await newActor('member')).userId }) },
  { path: '/api/homepage/remove-manager', allowed: OWNER, body: async () => ({ ...hid(), userId: (await newActor('manager')).userId }) },
  { path: '/api/homepage/change-permission', allowed: OWNER, body: async () => ({ ...hid(), uid: (await newActor('member')).userId }) },
  { path: '/api/homepage/remove-member', allowed: OWNER, body: async () => ({ ...hid(), userId: (await newActor('member')).userId }) },
  // Leaving: a member or manager removes themself.
  {
    path: '/api/homepage/remove-member',
    allowed: ['manager', 'member'],
    body: async (actor) => ({ ...hid(), userId: actor?.userId ?? world.owner.userId }),
    fresh: true,
    // The owner's own id: the creator is never removed.
    refusal: '主页创建者不能被移除或修改',
  },
]

/** Calls outside the matrix, and why: they act on no homepage (sign-in, uploads, fetching other sites). */
const NOT_HOMEPAGE_CALLS = new Set([
  '/api/sign/in',
  '/api/sign/on',
  '/api/sign/out',
  '/api/sign/check-email',
  '/api/upload',
  '/api/upload/index',
  // An image of another site pasted into a note, kept as the user's own upload (tests/http/notes.test.ts).
  '/api/upload/remote',
  // A user's own uploaded bookmark files and the undo of their own import (tests/http/imports.test.ts).
  '/api/import/upload',
  '/api/import/delete',
  '/api/import/delete-folder',
  '/api/import/undo',
  // The user's own shortcut keys: anyone signed in, whatever the homepage (tests/http/header.test.ts).
  '/api/site/save-keymap',
  // A guest's layout settings: a cookie of this browser, no homepage's data (tests/http/header.test.ts).
  '/api/site/set-guest-config',
  // Marks the caller's own notices read: no homepage, no role; another user's ids change nothing (tests/http/notices.test.ts).
  '/api/site/read-notice',
  // The visitor's own weather city, a guest's in a cookie (tests/http/weather.test.ts).
  '/api/weather/save-city',
  // The user's own search history (tests/http/search.test.ts): no homepage's data.
  '/api/search/add-history',
  '/api/search/clear-history',
  // The user's own uploaded skins (a new one, or one deleted by id: another user's id changes nothing; tests/http/skin-background.test.ts).
  '/api/skin/delete-history',
  '/api/skin/upload',
  // The user's own notebook: no homepage; another user's note is not found (tests/http/notes.test.ts).
  '/api/notebook/get-lists',
  '/api/notebook/create',
  '/api/notebook/details',
  '/api/notebook/save',
  '/api/notebook/delete',
  // WeChat's push: signed by WeChat, no session at all (tests/http/wechat.test.ts: forged pushes refused).
  '/api/wx/callback',
  // The QR sign-in's confirm step: a scene bound to this browser, no homepage (tests/http/wechat.test.ts).
  '/api/wx/register',
  // Discover (ADR 034): a recommendation and its review act on no homepage; collect writes through
  // addLinks, the same homepage rule as the group's collect (tests/http/discover.test.ts: into
  // one's own category, not another user's; the 100-children limit).
  '/api/cool/recommend',
  '/api/cool/review',
  '/api/cool/collect',
])

/** Calls of groups, not homepages: tested role by role in tests/http/group-role-matrix.test.ts. */
const GROUP_CALLS = '/api/group/'

/** Everything the owner sees of the world, as one string: equal before and after means "unchanged". */
async function snapshot() {
  const { homepageId, bid } = world
  const parts = await Promise.all([
    ok(get(owner(), '/api/bag/get-create', { homepageId })),
    ok(get(owner(), '/api/module/get-list', { homepageId })),
    ok(get(owner(), '/api/bookmark/list', { bid, size: 100, withChild: 1 })),
    ok(get(owner(), '/api/bookmark/star-list', { homepageId })),
    ok(get(owner(), '/api/bag/view-trash-list')),
    ok(get(owner(), '/api/homepage/get-detail', { homepageId })),
    ok(get(owner(), '/api/homepage/get-create-list')),
    ok(get(owner(), '/api/homepage/get-trash-list')),
    ok(get(owner(), '/api/homepage/member-list', { homepageId, size: 100 })),
    ok(get(owner(), '/api/homepage/invite-code', { homepageId })),
    // The layout and the owner's preferences (sort method, remembered category).
    ok(get(owner(), '/api/site/init-info')),
    ok(get(owner(), '/api/bag/get-operate-remember')),
    ok(get(owner(), '/api/bag/share-list', { type: 'share' })),
    ok(get(owner(), '/api/notepad/list', { bookmarkId: world.notepad })),
    ok(get(owner(), '/api/notepad/list', { bookmarkId: world.notepad, type: 'trash' })),
  ])
  // Visit counts move with page views elsewhere; clicks are counted for everyone (source/click).
  return JSON.stringify(parts, (key, value) => (key === 'number' || key === 'clickAmount' || key === 'clickTime' ? undefined : value))
}

async function call(client: Client, path: string, body: Record<string, unknown>) {
  return client.api(path, { method: 'POST', json: body, headers: client.sameOrigin })
}

beforeAll(async () => {
  const o = await signUp(baseUrl, '矩阵主人')
  const code = `matrix-${rand()}`
  await ok(post(o.client, '/api/homepage/add', { homepageId: o.homepageId, title: '世界', icon: 'tabler:home', code }))
  await ok(post(o.client, '/api/homepage/set-open-status', { homepageId: o.homepageId }))
  const tree = await ok(get(o.client, '/api/bag/get-create', { homepageId: o.homepageId }))
  const bid = tree[0].children[0].value as number
  const notepad = (await ok(post(o.client, '/api/bookmark/create-base', { cid: bid, remark: '世界的便签', type: 'note' }))).id as number
  world = { owner: o, homepageId: o.homepageId, code, moduleId: tree[0].value, bid, notepad, actors: {} as World['actors'] }
  for (const role of ['manager', 'member', 'follower', 'visitor'] as const) world.actors[role] = await newActor(role)
}, 120_000)

describe('role × JSON API call', () => {
  test('the matrix covers every mutating /api call we serve', () => {
    // A call that answers POST (its file exports an action; a read's POST is getOnly's 405).
    const mutating = [...API_CALLS].filter(([, call]) => call.action !== getOnly).map(([path]) => `/api/${path}`)
    expect(mutating.length).toBeGreaterThan(40)
    const covered = new Set(API_CASES.map((c) => c.path))
    // Groups have roles of their own (owner, admin, member, applicant, outsider): their calls are
    // the group matrix's, tests/http/group-role-matrix.test.ts, which checks it covers every one.
    const homepageCalls = mutating.filter((path) => !path.startsWith(GROUP_CALLS))
    expect(homepageCalls.filter((path) => !covered.has(path) && !NOT_HOMEPAGE_CALLS.has(path))).toEqual([])
    expect(readdirSync('app/routes/api').length).toBeGreaterThan(mutating.length)
  })

  for (const c of API_CASES) {
    eachRole(ROLES, c.path, c.allowed, {
      keeps: (role) => !c.allowed.includes(role),
      fresh: newBag,
      snapshot,
      async prepare(role) {
        const actor = role === 'owner' ? world.owner : role === 'guest' ? null : c.fresh ? await newActor(role) : world.actors[role]
        return { actor, body: await c.body(actor), undo: false }
      },
      async act(role, state) {
        const { actor, body } = state
        const client = actor?.client ?? createClient(baseUrl)
        const { status, body: answer } = await call(client, c.path, body)
        if (c.allowed.includes(role)) {
          expect(answer.code, `${c.path} ${JSON.stringify(body)}: ${answer.msg}`).toBe(1)
          await c.check?.(role, body, answer.data)
          // Put back after the world is compared (eachRole's cleanup), as in the group matrices.
          state.undo = true
          return
        }
        if (role === 'guest') expect([status, answer]).toEqual([403, { code: -1, msg: '请先登录', data: null }])
        else expect(c.refusal ? [...REFUSALS, c.refusal] : REFUSALS, `${c.path} ${JSON.stringify(body)} answered ${answer.code} ${answer.msg}`).toContain(answer.msg)
        expect(answer.code).not.toBe(1)
      },
      cleanup: async (_role, { body, undo }) => undo && c.undo?.(body),
    })
  }
})

// ---------------------------------------------------------------------------------------------
// The page forms: every intent of the start page's action (the dialog registry,
// app/dialogs/registry.server.ts), posted without JavaScript to the world's page /{code}

type FormCase = {
  intent: string
  allowed: readonly Role[]
  fields: (actor: Actor | null) => Promise<Record<string, string | number>>
  fresh?: boolean
  undo?: () => Promise<unknown>
  /**
   * A viewer's own setting (the skin drawer, spec §6): everyone may post it, guests too; `allowed`
   * save it on the homepage, everyone else only in their own cookies (nothing of the owner's changes).
   */
  viewers?: boolean
}

const s = String
const FORM_CASES: FormCase[] = [
  { intent: 'save-module', allowed: OWNER, fields: async () => ({ ...hid(), name: '表单模块', icon: 'tabler:star', moduleType: 2 }) },
  { intent: 'save-bag', allowed: OWNER, fields: async () => ({ moduleId: world.moduleId, name: '表单分类', icon: 'tabler:folder' }) },
  { intent: 'save-link', allowed: ['owner', 'manager', 'member'], fields: async () => ({ bid: world.bid, name: '表单链接', url: 'https://form.example/' }) },
  { intent: 'save-link', allowed: EDITORS, fields: async () => ({ id: await link(), bid: world.bid, name: '改过', url: 'https://form.example/2' }) },
  { intent: 'save-folder', allowed: EDITORS, fields: async () => ({ bid: world.bid, name: '表单文件夹' }) },
  { intent: 'save-divider', allowed: EDITORS, fields: async () => ({ id: await divider(), bid: world.bid, name: '表单分割线' }) },
  { intent: 'save-note', allowed: OWNER, fields: async () => ({ bid: world.bid, remark: '表单笔记' }) },
  { intent: 'save-bag-format', allowed: OWNER, fields: async () => ({ bid: world.bid, color: '#223344' }) },
  { intent: 'batch', allowed: EDITORS, fields: async () => ({ bid: world.bid, op: `down:${await link()}`, key: rand(), x: await link() }) },
  { intent: 'batch', allowed: EDITORS, fields: async () => ({ bid: world.bid, op: 'delete', ids: await link() }) },
  { intent: 'choose', allowed: EDITORS, fields: async () => ({ id: await folder(), ids: await link(), op: 'copy', key: rand() }) },
  { intent: 'switch-sort', allowed: SIGNED_IN, fields: async () => ({ method: 'custom' }) },
  // The keymap popover is the owner's, but the keys saved are the user's own (like the sort order).
  { intent: 'save-keymap', allowed: SIGNED_IN, fields: async () => ({ searchKeymap: 'k', noteKeymap: 'b' }) },
  { intent: 'delete-module', allowed: OWNER, fields: async () => ({ moduleId: await module() }) },
  { intent: 'delete-bag', allowed: OWNER, fields: async () => ({ bid: await bag() }) },
  { intent: 'delete-source', allowed: EDITORS, fields: async () => ({ id: await link() }) },
  { intent: 'toggle-private', allowed: OWNER, fields: async () => ({ id: await link() }) },
  { intent: 'toggle-star', allowed: OWNER, fields: async () => ({ id: await link() }) },
  { intent: 'move-bag-up', allowed: OWNER, fields: async () => ({ bid: await bag() }) },
  { intent: 'move-bag-down', allowed: OWNER, fields: async () => ({ bid: world.bid }) },
  { intent: 'move-module-up', allowed: OWNER, fields: async () => ({ moduleId: await module() }) },
  { intent: 'move-module-down', allowed: OWNER, fields: async () => ({ moduleId: world.moduleId }) },
  { intent: 'set-default-module', allowed: OWNER, fields: async () => ({ moduleId: await module() }), undo: () => post(owner(), '/api/module/set-default-module', { ...hid(), moduleId: world.moduleId }) },
  { intent: 'save-homepage', allowed: SIGNED_IN, fields: async () => ({ title: '表单主页', icon: 'tabler:home' }) },
  { intent: 'save-homepage', allowed: OWNER, fields: async () => ({ ...hid(), title: '世界', icon: 'tabler:home', code: world.code }) },
  { intent: 'switch-homepage', allowed: OWNER, fields: async () => hid() },
  { intent: 'pin-homepage', allowed: OWNER, fields: async () => hid(), undo: () => post(owner(), '/api/homepage/set-top', { id: world.homepageId }) },
  { intent: 'default-homepage', allowed: OWNER, fields: async () => hid() },
  { intent: 'toggle-pop-visible', allowed: OWNER, fields: async () => hid(), undo: () => post(owner(), '/api/homepage/set-pop-visible', hid()) },
  { intent: 'delete-homepage', allowed: OWNER, fields: async () => ({ homepageId: await spareHomepage() }) },
  { intent: 'share-homepage', allowed: OWNER, fields: async () => hid(), undo: () => post(owner(), '/api/homepage/set-open-status', hid()) },
  // The world's homepage is open already: the owner's 公开主页 changes nothing (tests/http/publish-homepage.test.ts opens one).
  { intent: 'publish-homepage', allowed: OWNER, fields: async () => hid() },
  { intent: 'invite-link', allowed: OWNER, fields: async () => ({ ...hid(), type: 'reset' }) },
  { intent: 'member-permission', allowed: OWNER, fields: async () => ({ ...hid(), userId: (await newActor('member')).userId, permission: 'manager' }) },
  { intent: 'remove-member', allowed: OWNER, fields: async () => ({ ...hid(), userId: (await newActor('member')).userId }) },
  { intent: 'remove-member', allowed: ['manager', 'member'], fields: async (actor) => ({ ...hid(), userId: actor?.userId ?? 0 }), fresh: true },
  { intent: 'follow-homepage', allowed: ['follower', 'visitor'], fields: async () => hid(), fresh: true },
  { intent: 'share-bag', allowed: OWNER, fields: async () => ({ bid: world.bid, remark: '表单分享' }) },
  { intent: 'unshare-bag', allowed: OWNER, fields: async () => ({ bid: await sharedBag() }) },
  { intent: 'share-module', allowed: OWNER, fields: async () => ({ moduleId: await module() }) },
  { intent: 'unshare-module', allowed: OWNER, fields: async () => ({ moduleId: await module() }) },
  { intent: 'save-share-intro', allowed: OWNER, fields: async () => ({ moduleId: await module(), title: '分享标题', summary: '分享简介' }) },
  // Settings of the owner's page: a category's card, the rows a category shows, a module from a template.
  { intent: 'save-card-config', allowed: OWNER, fields: async () => ({ bid: world.bid, column: 2, linkStyle: 'card', linkColumn: 4 }) },
  { intent: 'clear-card-config', allowed: OWNER, fields: async () => ({ bid: world.bid }) },
  { intent: 'save-max-column', allowed: OWNER, fields: async () => ({ ...hid(), height: 8 }) },
  // The layout drawer: the owner saves on the homepage; a guest's own settings go to cookies of
  // their browser (nothing of the owner's changes); anyone else signed in is refused.
  { intent: 'save-layout', allowed: ['owner', 'guest'], fields: async () => ({ ...hid(), rootFontSize: 17, sidebarPosition: 'left' }) },
  { intent: 'clear-layout', allowed: ['owner', 'guest'], fields: async () => hid() },
  { intent: 'choose-template', allowed: OWNER, fields: async () => ({ ...hid(), templateId: 1, key: rand() }) },
  // The skin drawer: the owner saves on the homepage; anyone else, guests too, in their own cookies.
  { intent: 'save-theme', allowed: OWNER, viewers: true, fields: async () => ({ ...hid(), theme: 2, start: '22:00', end: '06:00' }) },
  { intent: 'save-theme-color', allowed: OWNER, viewers: true, fields: async () => ({ ...hid(), themeColorId: 5 }) },
  { intent: 'clear-skin', allowed: OWNER, viewers: true, fields: async () => hid() },
  { intent: 'pick-skin', allowed: OWNER, viewers: true, fields: async () => ({ ...hid(), color: '#e8f0fe' }) },
  { intent: 'save-skin-effects', allowed: OWNER, viewers: true, fields: async () => ({ ...hid(), opacity: 70, fuzzy: 10 }) },
  // Notes (spec §6): a notepad is its owner's; the notebook is anyone's own (no homepage's data).
  { intent: 'note-add', allowed: OWNER, fields: async () => ({ kind: 'notepad', bookmarkId: world.notepad }) },
  { intent: 'note-add', allowed: OWNER, fields: async () => ({ kind: 'notepad', bid: world.bid }) },
  { intent: 'note-save', allowed: OWNER, fields: async () => ({ kind: 'notepad', noteId: await padNote(), title: '表单便签', content: '一行字', format: 'text' }) },
  { intent: 'note-delete', allowed: OWNER, fields: async () => ({ kind: 'notepad', noteId: await padNote(), type: 'blank' }) },
  { intent: 'note-delete', allowed: OWNER, fields: async () => ({ kind: 'notepad', noteId: await padNote(true), type: 'hard' }) },
  { intent: 'note-add', allowed: SIGNED_IN, fields: async () => ({ kind: 'notebook' }) },
  { intent: 'note-empty-trash', allowed: SIGNED_IN, fields: async () => ({}) },
  // Anyone signed in who sees a link may report it (guests are asked to sign in first).
  { intent: 'report-link', allowed: SIGNED_IN, fields: async () => ({ sourceId: await link(), type: 'broken', otherType: '' }) },
]

/** Intents that act on no homepage data: 获取 fills the form from another site and saves nothing. */
/**
 * Not a homepage's: fill and fetch save nothing; a user's own upload history is deleted by id,
 * and another user's id changes nothing (tests/http/skin-background.test.ts).
 */
const NOT_SAVING_INTENTS = new Set([FILL_LINK_INTENT, FETCH_ICON_INTENT, 'delete-skin-history'])

/** The flash toast a redirect sets (POST/redirect/GET), if any. */
function toastOf(response: Response) {
  // A page answer may also clear an earlier toast (qy_toast=; Max-Age=0): only a set one counts.
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast=') && !c.startsWith('qy_toast=;'))
  if (!cookie) return null
  return JSON.parse(decodeURIComponent(cookie.slice('qy_toast='.length).split(';')[0]!)) as { type: string; msg: string }
}

describe('role × page form', () => {
  test('the matrix covers every intent of the page action', () => {
    expect(INTENT_NAMES.length).toBeGreaterThan(30)
    const covered = new Set(FORM_CASES.map((c) => c.intent))
    expect(INTENT_NAMES.filter((i) => !covered.has(i) && !NOT_SAVING_INTENTS.has(i))).toEqual([])
  })

  for (const c of FORM_CASES) {
    // Refused, or a viewer's own setting kept in their cookies (a guest's layout too): nothing of the owner's changes.
    const keeps = (role: Role) => !c.allowed.includes(role) || (role === 'guest' && !c.viewers)
    eachRole(ROLES, c.intent, c.allowed, {
      keeps,
      fresh: newBag,
      snapshot,
      async prepare(role) {
        const actor = role === 'owner' ? world.owner : role === 'guest' ? null : c.fresh ? await newActor(role) : world.actors[role]
        return { actor, fields: Object.fromEntries(Object.entries(await c.fields(actor)).map(([k, v]) => [k, s(v)])), undo: false }
      },
      async act(role, state) {
        const { actor, fields } = state
        const allowed = c.allowed.includes(role)
        const client = actor?.client ?? createClient(baseUrl)
        const response = await client.request(`/${world.code}`, { method: 'POST', form: { intent: c.intent, ...fields }, headers: client.sameOrigin })
        const toast = toastOf(response)
        const what = `${c.intent} ${JSON.stringify(fields)} → ${response.status} ${JSON.stringify(toast)}`
        if (c.viewers) {
          expect(response.status, what).toBe(302)
          expect(toast?.type, what).toBe('success')
          // Saved for the viewer alone: a cookie of their browser (the owner's page as it was: eachRole).
          if (!allowed) expect(response.headers.getSetCookie().some((cookie) => /^qy_(theme|guest|skin)=/.test(cookie)), what).toBe(true)
          return
        }
        if (allowed) {
          expect(response.status, what).toBe(302)
          expect(toast?.type, what).not.toBe('error')
          if (role === 'guest') expect(response.headers.getSetCookie().some((cookie) => /^qy_guest=/.test(cookie)), what).toBe(true)
          state.undo = true
          return
        }
        if (role === 'guest') expect(response.headers.get('location'), what).toMatch(/dialog=login/)
        else expect(response.status === 400 || toast?.type === 'error', what).toBe(true)
      },
      cleanup: async (_role, { undo }) => undo && c.undo?.(),
    })
  }
})

// The menus behind a bookmark's ⋯ (?dialog=item&id=, reached by its short link ?i=) and a category's
// 管理 (?dialog=bag-menu&bid=), opened without JavaScript on the world's page: which actions each
// role is offered (spec §6). Refused: the page alone, no menu (guests too: nothing in them is theirs).

/** The links and buttons of the open menu dialog of a page, by their text; null when none is open. */
async function menuOf(client: Client, path: string, pattern: RegExp) {
  const response = await client.request(path)
  expect(response.status, path).toBe(200)
  const html = await response.text()
  const menu = pattern.exec(html)?.[1]
  if (menu === undefined) return null
  return [...menu.matchAll(/<(?:a|button)\b[^>]*>(?:<span[^>]*><\/span>)?([^<]+)<\/(?:a|button)>/g)].map((m) => m[1])
}

describe('role × bookmark and category menu', () => {
  const ITEM_MENU: Record<Role, string[] | null> = {
    owner: ['星标', '仅自己可见', '编辑', '删除'],
    manager: ['编辑', '删除'],
    member: null,
    follower: null,
    visitor: null,
    guest: null,
  }
  const ADD = ['添加链接', '添加文件夹', '添加分割线', '写文章', '代码片段']
  const BAG_MENU: Record<Role, string[] | null> = {
    // Notes are the owner's (spec §6): a manager adds links, posts and code, not notepads.
    owner: [...ADD, '添加便签', '批量打开', '批量管理', '批量格式', '卡片设置', '分享分类', '编辑分类', '上移', '下移', '删除分类'],
    manager: [...ADD, '批量打开', '批量管理'],
    member: ['贡献链接', '批量打开', '举报'],
    // Those who only look have the page's own 更多 drop-down (批量打开, 举报), no menu dialog.
    follower: null,
    visitor: null,
    guest: null,
  }

  test.each(ROLES)('a bookmark menu and a category menu as %s', async (role) => {
    world.bid = await bag()
    const id = await link()
    const client = role === 'owner' ? world.owner.client : role === 'guest' ? createClient(baseUrl) : world.actors[role].client
    const page = `/${world.code}`
    const short = await client.request(`${page}?i=${id}`)
    expect(short.status).toBe(302)
    expect(short.headers.get('location')).toBe(`${page}?dialog=item&id=${id}`)
    expect(await menuOf(client, `${page}?dialog=item&id=${id}`, /<div class="item-menu">([\s\S]*?)<\/div>/)).toEqual(ITEM_MENU[role])
    expect(await menuOf(client, `${page}?dialog=bag-menu&bid=${world.bid}`, /<nav class="menu bag-menu"[^>]*>([\s\S]*?)<\/nav>/)).toEqual(BAG_MENU[role])
    // The page carries the short menu link of each bookmark for exactly those with a menu.
    const html = await (await client.request(page)).text()
    expect(html.includes(`<a href="?i=${id}">管理</a>`)).toBe(ITEM_MENU[role] !== null)
  })
})

// The layout drawer (?dialog=layout, issue 15): the owner's (saved on the homepage) and a guest's
// (their own settings, in cookies); members, managers, followers and visitors see the page alone.
describe('role × layout drawer', () => {
  const OPENS: Record<Role, boolean> = { owner: true, manager: false, member: false, follower: false, visitor: false, guest: true }
  test.each(ROLES)('the layout drawer as %s', async (role) => {
    const client = role === 'owner' ? world.owner.client : role === 'guest' ? createClient(baseUrl) : world.actors[role].client
    const response = await client.request(`/${world.code}?dialog=layout`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html.includes('<h2 id="manage-dialog-title">布局设置</h2>')).toBe(OPENS[role])
    // Only the owner's switches can be used (spec §5).
    if (OPENS[role]) expect(/role="switch"[^>]*disabled=""/.test(html)).toBe(role !== 'owner')
  })
})

// Blog posts and code snippets (issue 23): their pages follow every bookmark's rules. The editors
// (owner, manager) write and edit them; whoever sees the homepage reads them; 只有自己可见 is the
// owner's, and then only the owner reads them; a guest is sent to sign in to write.
describe('role × writing pages', () => {
  const clientOf = (role: Role) => (role === 'owner' ? world.owner.client : role === 'guest' ? createClient(baseUrl) : world.actors[role].client)
  const newPost = async () => {
    const saved = await world.owner.client.request('/blog/write', { method: 'POST', form: { bid: String(world.bid), title: `文章${rand()}`, content: '正文', format: 'text' }, headers: world.owner.client.sameOrigin })
    return Number(/\/blog\/detail\/(\d+)$/.exec(saved.headers.get('location') ?? '')?.[1])
  }
  const titleOf = async (id: number) => /<h1 id="writing-title">([^<]*)<\/h1>/.exec(await (await world.owner.client.request(`/blog/detail/${id}`)).text())?.[1]

  test.each(ROLES.map((role) => [role, EDITORS.includes(role)] as const))('as %s (an editor: %s)', async (role, editor) => {
    world.bid = await bag()
    const client = clientOf(role)
    const post = { method: 'POST', headers: client.sameOrigin }
    for (const page of [`/blog/write?bid=${world.bid}`, `/editor/code?cid=${world.bid}`]) {
      const form = await client.request(page)
      if (role === 'guest') expect(form.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(page)}`)
      else expect(form.status, page).toBe(editor ? 200 : 403)
    }
    // Writing a new one, and editing the owner's.
    const id = await newPost()
    const before = await titleOf(id)
    const written = await client.request('/blog/write', { ...post, form: { bid: String(world.bid), title: '新写的', content: 'x', format: 'text' } })
    const edited = await client.request('/blog/write', { ...post, form: { id: String(id), title: '改过的', content: 'y', format: 'text' } })
    if (editor) {
      expect(written.headers.get('location')).toMatch(/^\/blog\/detail\/\d+$/)
      expect(await titleOf(id)).toBe('改过的')
    } else {
      for (const answer of [written, edited]) expect(role === 'guest' ? answer.status === 302 && answer.headers.get('location')!.startsWith('/login') : answer.status === 400).toBe(true)
      expect(await titleOf(id)).toBe(before)
    }
    // Reading: everyone who sees the homepage; 只有自己可见 (the owner's switch) leaves it to the owner.
    expect((await client.request(`/blog/detail/${id}`)).status).toBe(200)
    await client.request(`/blog/detail/${id}`, { ...post, form: { intent: 'privacy' } })
    const hidden = await world.owner.client.request(`/blog/detail/${id}`)
    expect((await hidden.text()).includes('aria-checked="true"')).toBe(role === 'owner')
    if (role !== 'owner') await world.owner.client.request(`/blog/detail/${id}`, { method: 'POST', headers: world.owner.client.sameOrigin, form: { intent: 'privacy' } })
    expect((await client.request(`/blog/detail/${id}`)).status).toBe(role === 'owner' ? 200 : 404)
  })
})
