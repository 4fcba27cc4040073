import { and, asc, count, eq } from 'drizzle-orm'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { homepageMembers, homepages, users, type MemberPermission } from '#app/db/schema/index.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { isUploadPath } from '#app/uploads/upload-path.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, lockHomepage, relationTo, requireCapability, roleOn } from './access.server.ts'
import { invitedHomepageId, issueInvite, liveInvite, revokeInvites, useInvite } from './invite-links.server.ts'
import { notifyOwner } from './notices.server.ts'

/** Members and managers of a homepage, and the invite link they join by (spec §4 Member permission, Invite code). */

export const INVITE_INVALID = '邀请链接无效或已失效'
export const INVITE_BUSY = '操作过于频繁，请稍后再试'
export const INVITE_MADE_MSG = '邀请链接已生成'
export const INVITE_RESET_MSG = '链接已重置'
export const INVITE_CLOSED_MSG = '邀请好友功能已关闭'
export const JOINED_MSG = '已加入该主页'
export const OWN_HOMEPAGE = '这是您自己的主页'
export const REMOVED_MSG = '移除成功'
export const LEFT_MSG = '已退出该主页'
export const CREATOR_FIXED = '主页创建者不能被移除或修改'
export const NOT_A_MEMBER = '该用户不是主页成员'
export const MEMBER_PAGE_SIZE = 30

export const inviteUrl = (token: string) => `/invite?code=${token}`

function linkView(link: Awaited<ReturnType<typeof liveInvite>>) {
  return link
    ? { code: link.token, url: inviteUrl(link.token), expiresAt: link.expiresAt.toISOString(), useCount: link.useCount, maxUses: link.maxUses }
    : { code: '', url: '', expiresAt: null, useCount: 0, maxUses: 0 }
}

/** invite-code: the live link (type get, a plain read), made when there is none (type generate). Owner only. */
export async function getInviteLink(db: Db, actor: Actor, homepageId: number, type: 'get' | 'generate') {
  if (type === 'get') {
    await requireCapability(db, actor, homepageId, 'manage-members')
    return linkView(await liveInvite(db, homepageId))
  }
  return db.transaction(async (tx) => {
    await requireCapability(tx, actor, homepageId, 'manage-members', true)
    return linkView((await liveInvite(tx, homepageId)) ?? (await issueInvite(tx, homepageId)))
  })
}

/** reset-code: a new link (the old one stops working) or, with type close, none at all. */
export async function resetInviteLink(db: Db, actor: Actor, homepageId: number, type: 'reset' | 'close') {
  return db.transaction(async (tx) => {
    await requireCapability(tx, actor, homepageId, 'manage-members', true)
    if (type === 'close') {
      await revokeInvites(tx, homepageId)
      return { link: linkView(null), msg: INVITE_CLOSED_MSG }
    }
    return { link: linkView(await issueInvite(tx, homepageId)), msg: INVITE_RESET_MSG }
  })
}

/** Every lookup of a token counts against the user and the address, so tokens cannot be guessed. */
async function limitInvites(db: Db, actor: Actor, clientIp: string) {
  await consumeOrThrow(db, 'invite', `ip:${clientIp}`, INVITE_BUSY)
  if (actor) await consumeOrThrow(db, 'invite', `user:${actor.id}`, INVITE_BUSY)
}

/** invite-detail: what the join page shows of the homepage a working token invites to. */
export async function inviteDetail(db: Db, actor: Actor, token: string, clientIp: string) {
  await limitInvites(db, actor, clientIp)
  const homepageId = await invitedHomepageId(db, token)
  if (!homepageId) throw new DomainError(INVITE_INVALID)
  const [row] = await db
    .select({ homepage: homepages, nickname: users.nickname, avatar: users.avatar })
    .from(homepages)
    .innerJoin(users, eq(users.id, homepages.userId))
    .where(eq(homepages.id, homepageId))
  if (!row || row.homepage.deletedAt) throw new DomainError(INVITE_INVALID)
  const [members] = await db.select({ n: count() }).from(homepageMembers).where(eq(homepageMembers.homepageId, homepageId))
  const role = roleOn(actor, row.homepage, await relationTo(db, actor, row.homepage))
  return {
    homepageId,
    name: homepageLabel(row.homepage.title, row.nickname),
    summary: row.homepage.summary,
    icon: row.homepage.icon,
    code: row.homepage.code ?? '',
    creator: { nickname: row.nickname, avatar: row.avatar ?? '' },
    memberAmount: members?.n ?? 0,
    memberRole: role === 'guest' ? 'visitor' : role,
  }
}

/** join-homepage: becomes a member through a working link; joining again changes nothing. */
export async function joinHomepage(db: Db, actor: Actor, input: { token: string; homepageId?: number }, clientIp: string) {
  if (!actor) throw new NotSignedInError()
  await limitInvites(db, actor, clientIp)
  return db.transaction(async (tx) => {
    const homepageId = await invitedHomepageId(tx, input.token)
    if (!homepageId || (input.homepageId && input.homepageId !== homepageId)) throw new DomainError(INVITE_INVALID)
    const homepage = await lockHomepage(tx, homepageId)
    if (!homepage || homepage.deletedAt) throw new DomainError(INVITE_INVALID)
    if (homepage.userId === actor.id) throw new DomainError(OWN_HOMEPAGE)
    const relation = await relationTo(tx, actor, homepage)
    if (!relation.permission) {
      if (!(await useInvite(tx, input.token))) throw new DomainError(INVITE_INVALID)
      await tx.insert(homepageMembers).values({ homepageId, userId: actor.id })
      await notifyOwner(tx, homepage, actor, '新成员加入', '通过邀请链接加入了')
    }
    return { homepageId, code: homepage.code ?? '' }
  })
}

/** member-list: the creator and the members, oldest first (spec §3 Member). Members and the owner only. */
export async function listMembers(db: Db, actor: Actor, homepageId: number, { page, size }: { page: number; size: number }) {
  const { homepage } = await requireCapability(db, actor, homepageId, 'view-members')
  const [creator] = await db
    .select({ uid: users.id, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, homepage.userId))
  const rows = await db
    .select({
      uid: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      permission: homepageMembers.permission,
      createdAt: homepageMembers.createdAt,
    })
    .from(homepageMembers)
    .innerJoin(users, eq(users.id, homepageMembers.userId))
    .where(eq(homepageMembers.homepageId, homepageId))
    .orderBy(asc(homepageMembers.createdAt), asc(homepageMembers.userId))
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(homepageMembers).where(eq(homepageMembers.homepageId, homepageId))
  const list = rows.map((row) => ({
    uid: row.uid,
    nickname: row.nickname,
    avatar: row.avatar ?? '',
    isCreator: false,
    isOwner: false,
    permission: row.permission,
    createTime: row.createdAt.toISOString(),
  }))
  return {
    creator: {
      uid: creator!.uid,
      nickname: creator!.nickname,
      avatar: creator!.avatar ?? '',
      isCreator: true,
      isOwner: true,
      permission: 'owner',
      createTime: homepage.createdAt.toISOString(),
    },
    list,
    total: total?.n ?? 0,
    next: (page - 1) * size + list.length < (total?.n ?? 0),
  }
}

/** How many people the members widget shows (spec §9: 4 avatars). */
export const MEMBER_FACES = 4

/** One person in the members widget: the first character of the nickname, and the avatar once set. */
export type MemberFace = { initial: string; avatar: string }

/**
 * The members widget (spec §2, §9): the creator, then the members who joined first, at most
 * four, as an initial and an uploaded avatar (never another site's address). Nothing else about
 * them leaves the server. Members and the owner only, like the member list.
 */
export async function memberFaces(db: Db, actor: Actor, homepageId: number): Promise<MemberFace[]> {
  const { homepage } = await requireCapability(db, actor, homepageId, 'view-members')
  const person = { nickname: users.nickname, avatar: users.avatar }
  const creator = await db.select(person).from(users).where(eq(users.id, homepage.userId))
  const members = await db
    .select(person)
    .from(homepageMembers)
    .innerJoin(users, eq(users.id, homepageMembers.userId))
    .where(eq(homepageMembers.homepageId, homepageId))
    .orderBy(asc(homepageMembers.createdAt), asc(homepageMembers.userId))
    .limit(MEMBER_FACES - 1)
  return [...creator, ...members].map(({ nickname, avatar }) => ({
    initial: Array.from(nickname.trim())[0] ?? '?',
    avatar: avatar && isUploadPath(avatar) ? avatar : '',
  }))
}

/** A member row of someone other than the creator, locked; the creator and strangers are refused. */
async function memberRow(tx: Tx, homepageId: number, creatorId: number, userId: number) {
  if (userId === creatorId) throw new DomainError(CREATOR_FIXED)
  const [row] = await tx
    .select()
    .from(homepageMembers)
    .where(and(eq(homepageMembers.homepageId, homepageId), eq(homepageMembers.userId, userId)))
    .for('update')
  if (!row) throw new DomainError(NOT_A_MEMBER)
  return row
}

/** set-manager / remove-manager / change-permission (toggle). Owner only; never the creator. */
export async function setMemberPermission(
  db: Db,
  actor: Actor,
  homepageId: number,
  userId: number,
  permission: MemberPermission | 'toggle',
) {
  return db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, actor, homepageId, 'manage-members', true)
    const row = await memberRow(tx, homepageId, homepage.userId, userId)
    const next: MemberPermission = permission === 'toggle' ? (row.permission === 'manager' ? 'member' : 'manager') : permission
    await tx
      .update(homepageMembers)
      .set({ permission: next })
      .where(and(eq(homepageMembers.homepageId, homepageId), eq(homepageMembers.userId, userId)))
    return { uid: userId, permission: next }
  })
}

/**
 * remove-member: the owner removes someone (移除成功), or a member removes themself, which is
 * leaving (已退出该主页). Their next request is refused: roles are read per request.
 */
export async function removeMember(db: Db, actor: Actor, homepageId: number, userId: number) {
  const self = actor?.id === userId
  return db.transaction(async (tx) => {
    const capability = self ? (['leave-homepage', 'manage-members'] as const) : 'manage-members'
    const { homepage } = await requireCapability(tx, actor, homepageId, capability, true)
    await memberRow(tx, homepageId, homepage.userId, userId)
    await tx.delete(homepageMembers).where(and(eq(homepageMembers.homepageId, homepageId), eq(homepageMembers.userId, userId)))
    return { msg: self ? LEFT_MSG : REMOVED_MSG }
  })
}

