import { expect, inject } from 'vitest'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'
import { FORBIDDEN, GROUP_CLOSED, inviteCode, joinByCode, newBookmark, newCategory, newGroup, NOT_FOUND, ownCategory } from './group-helpers.ts'

/**
 * The world of the group role matrices (tests/http/group-role-matrix.test.ts over the JSON API,
 * tests/http/group-form-matrix.test.ts over the page forms): an owner's closed group and open
 * group, and one user of each role in both, given their roles through the real calls; the objects
 * a case aims at, made fresh for it; and the owner's snapshot that tells "nothing changed". Each
 * test file that imports it builds its own world (setUpWorld, in its beforeAll).
 */

export const baseUrl = inject('baseUrl')
export const ROLES = ['owner', 'admin', 'member', 'applicant', 'outsider', 'guest'] as const
export type Role = (typeof ROLES)[number]
export type Actor = { client: Client; userId: number; homepageId: number }
export type Someone = Exclude<Role, 'owner' | 'guest'>

export const SIGNED_IN: Role[] = ['owner', 'admin', 'member', 'applicant', 'outsider']
/** The group's people: they see a closed group's content. */
export const PEOPLE: Role[] = ['owner', 'admin', 'member']
export const ADMINS: Role[] = ['owner', 'admin']
export const OWNER: Role[] = ['owner']
export const REFUSALS = [NOT_FOUND, FORBIDDEN, GROUP_CLOSED]
export const CANNOT_APPEAL = '只能申诉被管理员删除的本人投稿'
export const OWNER_FIXED = '小组创建者不能被移除或修改'
export const ALREADY_MEMBER = '你已是该小组成员'

export type World = { groupId: number; name: string; isOpen: boolean; /** A fresh category for each test (trashed after it). */ cid: number; /** Where moves go. */ cid2: number }
export let owner: Actor
export const worlds = {} as Record<'closed' | 'open', World>
export const actors = {} as Record<Someone, Actor>

export const rand = () => Math.random().toString(36).slice(2, 8)
export const own = () => owner.client

export async function setOpen(world: World, isOpen: boolean) {
  await ok(post(own(), '/api/group/add', { id: world.groupId, name: world.name, summary: '矩阵', icon: 'tabler:users', isOpen: isOpen ? 1 : 0 }))
}

/** Gives `user` the role in the world through the real calls. */
export async function grant(user: Actor, role: Someone, world: World) {
  if (role === 'member' || role === 'admin') await joinByCode(own(), user.client, world.groupId)
  if (role === 'admin') await ok(post(own(), '/api/group/set-member-permission', { groupId: world.groupId, userId: user.userId }))
  if (role === 'applicant') {
    // One applies to a closed group; an open one is joined at once. An applicant of an open
    // group applied while it was closed.
    if (world.isOpen) await setOpen(world, false)
    expect((await ok(post(user.client, '/api/group/apply-join', { groupId: world.groupId }))).status).toBe('pending')
    if (world.isOpen) await setOpen(world, true)
  }
}

export async function newActor(role: Someone, world: World) {
  const user = await signUp(baseUrl, `${role}${rand()}`.slice(0, 20))
  await grant(user, role, world)
  return user
}

const ownBids = new Map<number, number>()
/** The actor's own category (copy-bookmark and collect put bookmarks there). */
export async function ownBid(actor: Actor) {
  if (!ownBids.has(actor.userId)) ownBids.set(actor.userId, await ownCategory(actor.client, actor.homepageId))
  return ownBids.get(actor.userId)!
}

// ---------------------------------------------------------------------------------------------
// Objects a case aims at, made fresh for it

export const link = (w: World) => newBookmark(own(), w.cid)
export async function trashedLink(w: World) {
  const id = await link(w)
  await ok(post(own(), '/api/group/delete-bookmark', { id }))
  return id
}
export const category = (w: World) => newCategory(own(), w.groupId)
/**
 * The world's group in its owner's trash, put there once for all the roles of a case (eachRole
 * prepares them one after another, before the world is read).
 */
export async function trashedGroup(w: World) {
  const trash = (await ok(get(own(), '/api/group/trash-list', { size: 100 }))).list as Array<{ id: number }>
  if (!trash.some((group) => group.id === w.groupId)) await ok(post(own(), '/api/group/delete', { id: w.groupId }))
  return gid(w)
}
const codes = new Map<number, string>()
/** An invite code of the world's group, one for all the roles of a case (a new code ends the last one): one per fresh category. */
export async function caseInviteCode(w: World) {
  if (!codes.has(w.cid)) codes.set(w.cid, await inviteCode(own(), w.groupId))
  return codes.get(w.cid)!
}
export async function trashedCategory(w: World) {
  const cid = await category(w)
  await ok(post(own(), '/api/group/delete-category', { cid }))
  return cid
}
/** A contribution of the world's member, waiting for review. */
export const contribution = (w: World) => newBookmark(actors.member.client, w.cid)
/** A contribution of `contributor` that was approved, then removed by the owner. */
export async function removedContribution(w: World, contributor: Actor) {
  const id = await newBookmark(contributor.client, w.cid)
  if (contributor === actors.member) await ok(post(own(), '/api/group/review-contribute', { id, status: 1 }))
  await ok(post(own(), '/api/group/delete-bookmark', { id }))
  return id
}
/** The actor's own removed bookmark; for those who never contributed, the member's. */
export const removedOwnBookmark = (w: World, actor: Actor | null) =>
  removedContribution(w, actor === owner || actor === actors.admin || actor === actors.member ? actor : actors.member)

export const gid = (w: World) => ({ groupId: w.groupId })
export const statusOf = async (actor: Actor, w: World) => (await ok(get(actor.client, '/api/group/apply-status', gid(w)))).status as string
export const memberIds = async (w: World) => (await ok(get(own(), '/api/group/members', { ...gid(w), size: 100 }))).list.map((m: { uid: number }) => m.uid) as number[]

/** Everything the owner sees of the world (and their own lists), as one string: equal before and after means "unchanged". */
export async function snapshot(w: World) {
  const reads: Array<[string, Record<string, string | number>]> = [
    ['detail', gid(w)],
    ['category', { ...gid(w), size: 100 }],
    ['category', { ...gid(w), size: 100, status: 1 }],
    ['bookmark', { ...gid(w), size: 100, categoryId: w.cid }],
    ['bookmark', { ...gid(w), size: 100, categoryId: w.cid2 }],
    ['bookmark', { ...gid(w), size: 100, status: 'pending' }],
    ['bookmark-trash', { ...gid(w), size: 100 }],
    ['members', { ...gid(w), size: 100 }],
    ['get-invite-code', gid(w)],
    ['group-log-list', { ...gid(w), size: 20 }],
    ['apply-list', { size: 100 }],
    ['create-list', { size: 100 }],
    ['trash-list', { size: 100 }],
    ['star-list', { size: 100 }],
  ]
  // Raw answers, not ok(): a world in the trash answers its reads with NOT_FOUND, and that is its state.
  const parts = await Promise.all(reads.map(async ([path, query]) => (await get(own(), `/api/group/${path}`, query)).body))
  return JSON.stringify(parts)
}

/** Builds the world: the owner, both groups (each with a category and a second one to move to), a user of each role. */
export async function setUpWorld() {
  owner = await signUp(baseUrl, '小组矩阵主人')
  // Both worlds start closed: the open one opens once its applicant has applied.
  for (const kind of ['closed', 'open'] as const) {
    const name = `矩阵${kind === 'open' ? '开放' : '封闭'}${rand()}`.slice(0, 20)
    const groupId = await newGroup(own(), { name, isOpen: false })
    worlds[kind] = { groupId, name, isOpen: false, cid: await newCategory(own(), groupId), cid2: await newCategory(own(), groupId, '移入') }
  }
  for (const role of ['admin', 'member', 'applicant', 'outsider'] as const) {
    const user = await signUp(baseUrl, `${role}${rand()}`.slice(0, 20))
    if (role !== 'outsider') for (const w of Object.values(worlds)) await grant(user, role, w)
    actors[role] = user
  }
  // The open world was closed while its applicant applied.
  await setOpen(worlds.open, true)
  worlds.open.isOpen = true
}
