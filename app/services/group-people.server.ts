import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import { canInGroup } from '#app/auth/group-permissions.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { groupApplies, groupInvites, groupLogs, groupMembers, groups, users, type Group } from '#app/db/schema/index.ts'
import { isUploadPath } from '#app/uploads/upload-path.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import type { Actor } from './access.server.ts'
import { FORBIDDEN, GROUP_LOG_TEXT, groupAccess, logGroup, NOT_FOUND, requireGroup } from './group-access.server.ts'
import { notifyGroup, notifyReviewers } from './group-notices.server.ts'
import { groupDetail } from './groups.server.ts'
import { inviteHashOf, inviteTokenOf, isInviteToken } from './invite-links.server.ts'

/** A group's people (members, administrators), its invite code, applications to join, and its log. */

export const INVITE_CODE_INVALID = '邀请码无效或已失效'
export const INVITE_BUSY = '操作过于频繁，请稍后再试'
export const JOINED_MSG = '已加入小组'
export const ALREADY_MEMBER = '你已是该小组成员'
export const APPLIED_MSG = '申请已提交，请等待管理员审核'
export const ALREADY_APPLIED = '已提交申请，请等待管理员审核'
export const ALREADY_DECIDED = '该申请已处理'
export const QUIT_MSG = '已退出小组'
export const REMOVED_MSG = '移除成功'
export const OWNER_FIXED = '小组创建者不能被移除或修改'
export const NOT_A_MEMBER = '该用户不是小组成员'
export const PERMISSION_SET_MSG = '设置成功'
export const APPLY_REVIEWED_MSG = '审核完成'
export const INVITE_GENERATED_MSG = '邀请码已生成'
export const INVITE_ON_MSG = '邀请码已开启'
export const INVITE_OFF_MSG = '邀请码已关闭'
export const INVITE_DELETED_MSG = '邀请码已删除'
export const INVITE_DAYS = 30

const person = (nickname: string, avatar: string | null) => ({ nickname, avatar: avatar && isUploadPath(avatar) ? avatar : '' })

// ---------------------------------------------------------------- members

/** members: the owner, then administrators, then members, longest-standing first. Whoever sees the group's content. */
export async function listGroupMembers(db: Db, actor: Actor, input: { groupId: number; page: number; size: number }) {
  const { group } = await requireGroup(db, actor, input.groupId, 'view')
  const [owner] = await db.select({ nickname: users.nickname, avatar: users.avatar }).from(users).where(eq(users.id, group.userId))
  const rows = await db
    .select({ uid: users.id, nickname: users.nickname, avatar: users.avatar, permission: groupMembers.permission, createdAt: groupMembers.createdAt })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, input.groupId))
    .orderBy(sql`${groupMembers.permission} = 'admin' desc`, asc(groupMembers.createdAt), asc(groupMembers.userId))
    .limit(input.size)
    .offset((input.page - 1) * input.size)
  const [total] = await db.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, input.groupId))
  return {
    owner: { uid: group.userId, ...person(owner!.nickname, owner!.avatar), permission: 'owner', joinTime: group.createdAt.toISOString() },
    list: rows.map((r) => ({ uid: r.uid, ...person(r.nickname, r.avatar), permission: r.permission, joinTime: r.createdAt.toISOString() })),
    total: (total?.n ?? 0) + 1,
  }
}

async function memberRow(tx: Tx, group: Group, userId: number) {
  if (userId === group.userId) throw new DomainError(OWNER_FIXED)
  const [row] = await tx
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)))
  if (!row) throw new DomainError(NOT_A_MEMBER)
  return row
}

async function nicknameOf(tx: Db | Tx, userId: number) {
  const [row] = await tx.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId))
  return row?.nickname ?? ''
}

/** set-member-permission: the owner makes a member an administrator, or an administrator a member again (a toggle). */
export async function setGroupMemberPermission(db: Db, actor: Actor, input: { groupId: number; userId: number }) {
  return db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, actor, input.groupId, 'set-permission', { lock: true })
    const row = await memberRow(tx, group, input.userId)
    const permission = row.permission === 'admin' ? 'member' : 'admin'
    await tx.update(groupMembers).set({ permission }).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, input.userId)))
    await logGroup(tx, group.id, actor, permission === 'admin' ? 'set-admin' : 'unset-admin', await nicknameOf(tx, input.userId))
    await notifyGroup(tx, input.userId, group, actor!, '成员权限变更', permission === 'admin' ? '把你设为了管理员' : '取消了你的管理员')
    return { uid: input.userId, permission }
  })
}

/** remove-member: an administrator removes a member, the owner anyone; removing oneself is quitting. */
export async function removeGroupMember(db: Db, actor: Actor, input: { groupId: number; userId: number }) {
  if (actor && actor.id === input.userId) return quitGroup(db, actor, input.groupId)
  return db.transaction(async (tx) => {
    const { group, role } = await requireGroup(tx, actor, input.groupId, 'remove-member', { lock: true })
    const row = await memberRow(tx, group, input.userId)
    if (row.permission === 'admin' && role !== 'owner') throw new DomainError(FORBIDDEN)
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, input.userId)))
    await logGroup(tx, group.id, actor, 'remove-member', await nicknameOf(tx, input.userId))
    await notifyGroup(tx, input.userId, group, actor!, '你已被移出小组', '把你移出了小组')
    return { msg: REMOVED_MSG }
  })
}

/** quit-group: a member or administrator leaves (the owner cannot: they delete the group instead). */
export async function quitGroup(db: Db, actor: Actor, groupId: number) {
  return db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, actor, groupId, 'quit', { lock: true })
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, actor!.id)))
    await logGroup(tx, group.id, actor, 'quit', actor!.nickname)
    return { msg: QUIT_MSG }
  })
}

/** Makes the actor a member (joining by code, or an open group, or an approved application), once. */
async function addMember(tx: Tx, group: Group, userId: number) {
  await tx.insert(groupMembers).values({ groupId: group.id, userId }).onConflictDoNothing()
  await tx
    .update(groupApplies)
    .set({ status: 'approved', reviewedAt: sql`now()` })
    .where(and(eq(groupApplies.groupId, group.id), eq(groupApplies.userId, userId), eq(groupApplies.status, 'pending')))
}

// ---------------------------------------------------------------- invite code

const usableInvite = and(eq(groupInvites.enabled, true), gt(groupInvites.expiresAt, sql`now()`))
const inviteUrl = (code: string) => `/group/invite?code=${code}`

function inviteView(row: typeof groupInvites.$inferSelect | undefined) {
  if (!row) return { code: '', url: '', state: 0, expireTime: null }
  const code = inviteTokenOf(row.nonce, 'group-invite')
  return { code, url: inviteUrl(code), state: row.enabled ? 1 : 0, expireTime: row.expiresAt.toISOString() }
}

/** get-invite-code: the group's code (whether on or off), or none. For those who manage invites. */
export async function getGroupInvite(db: Db, actor: Actor, groupId: number) {
  await requireGroup(db, actor, groupId, 'manage-invites')
  const [row] = await db.select().from(groupInvites).where(eq(groupInvites.groupId, groupId))
  return inviteView(row)
}

/** generate-invite-code: a new code (the old one stops working), switched on, for INVITE_DAYS days. */
export async function generateGroupInvite(db: Db, actor: Actor, groupId: number) {
  return db.transaction(async (tx) => {
    await requireGroup(tx, actor, groupId, 'manage-invites', { lock: true })
    const nonce = randomBytes(16).toString('base64url')
    const values = {
      nonce,
      tokenHash: inviteHashOf(inviteTokenOf(nonce, 'group-invite')),
      enabled: true,
      expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})`,
    }
    const [row] = await tx
      .insert(groupInvites)
      .values({ groupId, ...values })
      .onConflictDoUpdate({ target: groupInvites.groupId, set: { ...values, createdAt: sql`now()` } })
      .returning()
    await logGroup(tx, groupId, actor, 'invite-code')
    return inviteView(row)
  })
}

/** set-invite-state: switches the code off (it is refused) or on again. */
export async function toggleGroupInvite(db: Db, actor: Actor, groupId: number) {
  return db.transaction(async (tx) => {
    await requireGroup(tx, actor, groupId, 'manage-invites', { lock: true })
    const [row] = await tx
      .update(groupInvites)
      .set({ enabled: sql`not ${groupInvites.enabled}` })
      .where(eq(groupInvites.groupId, groupId))
      .returning()
    if (!row) throw new DomainError(INVITE_CODE_INVALID)
    await logGroup(tx, groupId, actor, 'invite-state')
    return inviteView(row)
  })
}

/** delete-invite-code: the code stops working and is gone. */
export async function deleteGroupInvite(db: Db, actor: Actor, groupId: number) {
  return db.transaction(async (tx) => {
    await requireGroup(tx, actor, groupId, 'manage-invites', { lock: true })
    await tx.delete(groupInvites).where(eq(groupInvites.groupId, groupId))
    await logGroup(tx, groupId, actor, 'delete-invite')
    return inviteView(undefined)
  })
}

/** Every lookup of a code counts against the address and the user, so codes cannot be guessed. */
async function limitInvites(db: Db, actor: Actor, clientIp: string) {
  await consumeOrThrow(db, 'invite', `ip:${clientIp}`, INVITE_BUSY)
  if (actor) await consumeOrThrow(db, 'invite', `user:${actor.id}`, INVITE_BUSY)
}

/** The group a working code invites to, else INVITE_CODE_INVALID: wrong, off, expired and trashed look the same. */
async function invitedGroupId(db: Db | Tx, code: string) {
  if (!isInviteToken(code)) throw new DomainError(INVITE_CODE_INVALID)
  const [row] = await db
    .select({ groupId: groupInvites.groupId })
    .from(groupInvites)
    .innerJoin(groups, eq(groups.id, groupInvites.groupId))
    .where(and(eq(groupInvites.tokenHash, inviteHashOf(code)), usableInvite, sql`${groups.deletedAt} is null`))
  if (!row) throw new DomainError(INVITE_CODE_INVALID)
  return row.groupId
}

/** get-code-info {code}: the card of the group a working code invites to (what /group/invite shows before joining). */
export async function groupCodeInfo(db: Db, actor: Actor, code: string, clientIp: string) {
  await limitInvites(db, actor, clientIp)
  return groupDetail(db, actor, await invitedGroupId(db, code))
}

/** join-group {code}: joins by a working code, open or closed group; joining again changes nothing. */
export async function joinGroupByCode(db: Db, actor: Actor, code: string, clientIp: string) {
  if (!actor) throw new NotSignedInError()
  await limitInvites(db, actor, clientIp)
  return db.transaction(async (tx) => {
    const groupId = await invitedGroupId(tx, code)
    const { group, role } = await groupAccess(tx, actor, groupId, { lock: true })
    if (!canInGroup(role, 'join')) return { groupId, msg: ALREADY_MEMBER }
    await addMember(tx, group, actor.id)
    await logGroup(tx, groupId, actor, 'join', actor.nickname)
    return { groupId, msg: JOINED_MSG }
  })
}

// ---------------------------------------------------------------- applications

/** apply-join: an open group is joined at once; a closed one gets an application its reviewers hear of. */
export async function applyToJoin(db: Db, actor: Actor, groupId: number) {
  if (!actor) throw new NotSignedInError()
  await consumeOrThrow(db, 'groupApply', `user:${actor.id}`, INVITE_BUSY)
  return db.transaction(async (tx) => {
    const { group, role } = await groupAccess(tx, actor, groupId, { lock: true })
    if (!canInGroup(role, 'join')) return { status: role, msg: ALREADY_MEMBER }
    if (group.isOpen) {
      await addMember(tx, group, actor.id)
      await logGroup(tx, groupId, actor, 'join', actor.nickname)
      return { status: 'member', msg: JOINED_MSG }
    }
    if (role === 'applicant') return { status: 'pending', msg: ALREADY_APPLIED }
    await tx.insert(groupApplies).values({ groupId, userId: actor.id })
    await logGroup(tx, groupId, actor, 'apply', actor.nickname)
    await notifyReviewers(tx, group, actor, '新的入组申请', '申请加入小组')
    return { status: 'pending', msg: APPLIED_MSG }
  })
}

/** apply-status: the actor and the group: owner, admin, member, pending, rejected (the last decision) or none. */
export async function applyStatus(db: Db, actor: Actor, groupId: number) {
  if (!actor) throw new NotSignedInError()
  const { role } = await groupAccess(db, actor, groupId)
  if (role !== 'outsider') return { status: role === 'applicant' ? 'pending' : role }
  const [last] = await db
    .select({ status: groupApplies.status })
    .from(groupApplies)
    .where(and(eq(groupApplies.groupId, groupId), eq(groupApplies.userId, actor.id)))
    .orderBy(desc(groupApplies.id))
    .limit(1)
  return { status: last?.status === 'rejected' ? 'rejected' : 'none' }
}

/** The groups the actor reviews: those they own and those they administer. */
function reviewedBy(db: Db | Tx, userId: number) {
  const administered = db.select({ id: groupMembers.groupId }).from(groupMembers).where(and(eq(groupMembers.userId, userId), eq(groupMembers.permission, 'admin')))
  return and(sql`${groups.deletedAt} is null`, or(eq(groups.userId, userId), inArray(groups.id, administered)))
}

/** apply-list: the pending applications to every group the actor reviews (or, with `groupId`, to that one), oldest first. */
export async function listApplies(db: Db, actor: Actor, { page, size, groupId }: { page: number; size: number; groupId?: number }) {
  if (!actor) throw new NotSignedInError()
  const where = and(eq(groupApplies.status, 'pending'), reviewedBy(db, actor.id), groupId === undefined ? undefined : eq(groupApplies.groupId, groupId))
  const rows = await db
    .select({ id: groupApplies.id, groupId: groups.id, groupName: groups.name, uid: users.id, nickname: users.nickname, avatar: users.avatar, createdAt: groupApplies.createdAt })
    .from(groupApplies)
    .innerJoin(groups, eq(groups.id, groupApplies.groupId))
    .innerJoin(users, eq(users.id, groupApplies.userId))
    .where(where)
    .orderBy(asc(groupApplies.id))
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(groupApplies).innerJoin(groups, eq(groups.id, groupApplies.groupId)).where(where)
  return {
    list: rows.map((r) => ({ id: r.id, groupId: r.groupId, groupName: r.groupName, uid: r.uid, ...person(r.nickname, r.avatar), createTime: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
  }
}

/** review-apply {id, status}: approved makes the applicant a member; a decided application is not decided again. */
export async function reviewApply(db: Db, actor: Actor, input: { id: number; status: 'approved' | 'rejected' }) {
  return db.transaction(async (tx) => {
    const [apply] = await tx.select().from(groupApplies).where(eq(groupApplies.id, input.id))
    if (!apply) throw new DomainError(NOT_FOUND)
    const { group } = await requireGroup(tx, actor, apply.groupId, 'review', { lock: true })
    const [current] = await tx.select().from(groupApplies).where(eq(groupApplies.id, input.id))
    if (current!.status !== 'pending') throw new DomainError(ALREADY_DECIDED)
    const approved = input.status === 'approved'
    if (approved) await addMember(tx, group, apply.userId)
    else await tx.update(groupApplies).set({ status: 'rejected', reviewedAt: sql`now()` }).where(eq(groupApplies.id, input.id))
    const nickname = await nicknameOf(tx, apply.userId)
    await logGroup(tx, group.id, actor, approved ? 'approve-apply' : 'reject-apply', nickname)
    await notifyGroup(tx, apply.userId, group, actor!, approved ? '入组申请已通过' : '入组申请未通过', approved ? '通过了你的入组申请' : '拒绝了你的入组申请')
    return { status: input.status }
  })
}

// ---------------------------------------------------------------- log

/** group-log-list: every change, newest first, as who did what to what. For the group's people. */
export async function listGroupLog(db: Db, actor: Actor, input: { groupId: number; page: number; size: number }) {
  // A closed group's log is hidden like its content (GROUP_CLOSED); an open group's is for its people.
  const { role } = await requireGroup(db, actor, input.groupId, 'view')
  if (!actor) throw new NotSignedInError()
  if (!canInGroup(role, 'view-log')) throw new DomainError(FORBIDDEN)
  const where = eq(groupLogs.groupId, input.groupId)
  const rows = await db
    .select()
    .from(groupLogs)
    .where(where)
    .orderBy(desc(groupLogs.id))
    .limit(input.size)
    .offset((input.page - 1) * input.size)
  const [total] = await db.select({ n: count() }).from(groupLogs).where(where)
  return {
    list: rows.map((r) => ({
      id: r.id,
      action: r.action,
      nickname: r.actorName,
      text: GROUP_LOG_TEXT[r.action as keyof typeof GROUP_LOG_TEXT] ?? r.action,
      subject: r.subject,
      createTime: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  }
}

