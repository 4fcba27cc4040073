import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { groupApplies, groupInvites, groupLogs, groupMembers, groups, notices } from '#app/db/schema/index.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { createUser, refusalOf as refusal, uniqueIp } from '#tests/db-utils.ts'
import { addGroupBookmark, addGroupMember, createGroup, groupWith } from '#tests/group-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, GROUP_CLOSED, NOT_FOUND } from './group-access.server.ts'
import { listBookmarks } from './group-content.server.ts'
import { groupNoticeAmount, listGroupNotices } from './group-notices.server.ts'
import {
  ALREADY_APPLIED,
  ALREADY_DECIDED,
  ALREADY_MEMBER,
  APPLIED_MSG,
  applyStatus,
  applyToJoin,
  deleteGroupInvite,
  generateGroupInvite,
  getGroupInvite,
  groupCodeInfo,
  INVITE_CODE_INVALID,
  JOINED_MSG,
  joinGroupByCode,
  listApplies,
  listGroupLog,
  listGroupMembers,
  NOT_A_MEMBER,
  OWNER_FIXED,
  QUIT_MSG,
  quitGroup,
  removeGroupMember,
  reviewApply,
  setGroupMemberPermission,
  toggleGroupInvite,
} from './group-people.server.ts'
import { trashGroup } from './groups.server.ts'

const db = useTestDb()

const page = { page: 1, size: 100 }
const logCount = async (groupId: number, action: string) =>
  (await db().select({ id: groupLogs.id }).from(groupLogs).where(and(eq(groupLogs.groupId, groupId), eq(groupLogs.action, action)))).length
const groupNotices = (userId: number) => db().select().from(notices).where(and(eq(notices.userId, userId), eq(notices.kind, 'group')))
const membership = async (groupId: number, userId: number) =>
  (await db().select().from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId))))[0]?.permission ?? null

describe('members', () => {
  test('the list: the owner, then administrators, then members, longest-standing first; anyone who sees the group reads it', async () => {
    const g = await groupWith(db(), { admins: 1, members: 0 })
    const { user: early } = await createUser(db(), { nickname: '早来的' })
    const { user: late } = await createUser(db(), { nickname: '晚来的' })
    await addGroupMember(db(), g.groupId, late, 'member', new Date('2026-02-01T00:00:00Z'))
    await addGroupMember(db(), g.groupId, early, 'member', new Date('2026-01-01T00:00:00Z'))
    const list = await listGroupMembers(db(), null, { groupId: g.groupId, ...page })
    expect(list.owner).toMatchObject({ uid: g.owner.id, nickname: '组长', permission: 'owner' })
    expect(list.list.map((m) => [m.nickname, m.permission])).toEqual([
      ['管理员1', 'admin'],
      ['早来的', 'member'],
      ['晚来的', 'member'],
    ])
    expect(list.total).toBe(4)
    expect((await listGroupMembers(db(), g.outsider, { groupId: g.groupId, page: 2, size: 2 })).list.map((m) => m.nickname)).toEqual(['晚来的'])
  })

  test('the owner makes a member an administrator and back; nobody else may, and the owner is fixed', async () => {
    const g = await groupWith(db())
    const set = { groupId: g.groupId, userId: g.member.id }
    expect(await setGroupMemberPermission(db(), g.owner, set)).toEqual({ uid: g.member.id, permission: 'admin' })
    expect(await membership(g.groupId, g.member.id)).toBe('admin')
    expect((await groupNotices(g.member.id)).map((n) => n.content)).toEqual(['「组长」把你设为了管理员（小组「设计资源」）'])
    expect(await setGroupMemberPermission(db(), g.owner, set)).toEqual({ uid: g.member.id, permission: 'member' })
    for (const actor of [g.admin, g.members[1]!, g.outsider]) expect((await refusal(setGroupMemberPermission(db(), actor, set))).message).toBe(FORBIDDEN)
    await expect(setGroupMemberPermission(db(), null, set)).rejects.toBeInstanceOf(NotSignedInError)
    expect((await refusal(setGroupMemberPermission(db(), g.owner, { groupId: g.groupId, userId: g.owner.id }))).message).toBe(OWNER_FIXED)
    expect((await refusal(setGroupMemberPermission(db(), g.owner, { groupId: g.groupId, userId: g.outsider.id }))).message).toBe(NOT_A_MEMBER)
    expect(await logCount(g.groupId, 'set-admin')).toBe(1)
    expect(await logCount(g.groupId, 'unset-admin')).toBe(1)
  })

  test('administrators remove members, only the owner removes administrators; the removed lose a closed group at once', async () => {
    const g = await groupWith(db(), { isOpen: false, admins: 2, members: 2 })
    const [admin1, admin2] = g.admins as [typeof g.admin, typeof g.admin]
    expect((await refusal(removeGroupMember(db(), g.member, { groupId: g.groupId, userId: g.members[1]!.id }))).message).toBe(FORBIDDEN)
    expect((await refusal(removeGroupMember(db(), admin1, { groupId: g.groupId, userId: admin2.id }))).message).toBe(FORBIDDEN)
    expect((await refusal(removeGroupMember(db(), admin1, { groupId: g.groupId, userId: g.owner.id }))).message).toBe(OWNER_FIXED)
    expect((await refusal(removeGroupMember(db(), g.outsider, { groupId: g.groupId, userId: g.member.id }))).message).toBe(FORBIDDEN)
    expect((await refusal(removeGroupMember(db(), admin1, { groupId: g.groupId, userId: g.outsider.id }))).message).toBe(NOT_A_MEMBER)

    await listBookmarks(db(), g.member, { groupId: g.groupId, ...page })
    await removeGroupMember(db(), admin1, { groupId: g.groupId, userId: g.member.id })
    expect(await membership(g.groupId, g.member.id)).toBeNull()
    expect((await refusal(listBookmarks(db(), g.member, { groupId: g.groupId, ...page }))).message).toBe(GROUP_CLOSED)
    expect((await groupNotices(g.member.id)).map((n) => n.title)).toEqual(['你已被移出小组'])
    await removeGroupMember(db(), g.owner, { groupId: g.groupId, userId: admin2.id })
    expect(await membership(g.groupId, admin2.id)).toBeNull()
    // Removing oneself is quitting.
    expect(await removeGroupMember(db(), admin1, { groupId: g.groupId, userId: admin1.id })).toEqual({ msg: QUIT_MSG })
    expect(await logCount(g.groupId, 'remove-member')).toBe(2)
    expect(await logCount(g.groupId, 'quit')).toBe(1)
  })

  test('members and administrators quit; the owner and outsiders cannot', async () => {
    const g = await groupWith(db())
    expect(await quitGroup(db(), g.member, g.groupId)).toEqual({ msg: QUIT_MSG })
    expect(await quitGroup(db(), g.admin, g.groupId)).toEqual({ msg: QUIT_MSG })
    expect(await membership(g.groupId, g.admin.id)).toBeNull()
    for (const actor of [g.owner, g.outsider, g.member]) expect((await refusal(quitGroup(db(), actor, g.groupId))).message).toBe(FORBIDDEN)
    await expect(quitGroup(db(), null, g.groupId)).rejects.toBeInstanceOf(NotSignedInError)
  })
})

describe('the invite code', () => {
  test('generated, it joins a closed group; the code itself is never stored, only its hash', async () => {
    const g = await groupWith(db(), { isOpen: false })
    expect(await getGroupInvite(db(), g.owner, g.groupId)).toEqual({ code: '', url: '', state: 0, expireTime: null })
    const invite = await generateGroupInvite(db(), g.admin, g.groupId)
    expect(invite).toMatchObject({ state: 1, url: `/group/invite?code=${invite.code}` })
    expect(invite.code).toMatch(/^[\w-]{43}$/)
    expect(await getGroupInvite(db(), g.owner, g.groupId)).toEqual(invite)

    const [row] = await db().select().from(groupInvites).where(eq(groupInvites.groupId, g.groupId))
    expect(row!.tokenHash).toBe(createHash('sha256').update(invite.code).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(invite.code)
    const stored = await db().execute(sql`select count(*)::int as n from group_invites where position(${invite.code} in group_invites::text) > 0`)
    expect((stored as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0)

    const ip = uniqueIp()
    const { user: invited } = await createUser(db(), { nickname: '受邀者' })
    expect(await groupCodeInfo(db(), invited, invite.code, ip)).toMatchObject({ id: g.groupId, name: '设计资源', isOpen: false, seesContent: false, role: 'outsider' })
    expect(await joinGroupByCode(db(), invited, invite.code, ip)).toEqual({ groupId: g.groupId, msg: JOINED_MSG })
    expect(await membership(g.groupId, invited.id)).toBe('member')
    expect(await joinGroupByCode(db(), invited, invite.code, ip)).toEqual({ groupId: g.groupId, msg: ALREADY_MEMBER })
    expect(await joinGroupByCode(db(), g.owner, invite.code, ip)).toEqual({ groupId: g.groupId, msg: ALREADY_MEMBER })
    expect(await logCount(g.groupId, 'join')).toBe(1)
    await expect(joinGroupByCode(db(), null, invite.code, ip)).rejects.toBeInstanceOf(NotSignedInError)
  })

  test('switched off, expired, deleted, replaced, malformed or of a trashed group: refused, all alike', async () => {
    const g = await groupWith(db())
    const ip = uniqueIp()
    const { user: invited } = await createUser(db(), { nickname: '受邀者' })
    const refused = async (code: string) => {
      expect((await refusal(joinGroupByCode(db(), invited, code, ip))).message).toBe(INVITE_CODE_INVALID)
      expect((await refusal(groupCodeInfo(db(), invited, code, ip))).message).toBe(INVITE_CODE_INVALID)
    }
    const first = await generateGroupInvite(db(), g.owner, g.groupId)
    // Off, then on again.
    expect(await toggleGroupInvite(db(), g.owner, g.groupId)).toMatchObject({ code: first.code, state: 0 })
    await refused(first.code)
    expect(await toggleGroupInvite(db(), g.admin, g.groupId)).toMatchObject({ state: 1 })
    // Expired.
    await db().update(groupInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(groupInvites.groupId, g.groupId))
    await refused(first.code)
    // A new code: the old one stops working.
    const second = await generateGroupInvite(db(), g.owner, g.groupId)
    expect(second.code).not.toBe(first.code)
    await refused(first.code)
    // Malformed, or well-formed and made up.
    for (const bad of ['', 'abc', `${second.code}x`, second.code.slice(1), `${second.code.slice(0, 42)}!`, 'A'.repeat(43)]) await refused(bad)
    // Deleted.
    expect(await deleteGroupInvite(db(), g.admin, g.groupId)).toEqual({ code: '', url: '', state: 0, expireTime: null })
    await refused(second.code)
    expect((await refusal(toggleGroupInvite(db(), g.owner, g.groupId))).message).toBe(INVITE_CODE_INVALID)
    // A trashed group's code.
    const third = await generateGroupInvite(db(), g.owner, g.groupId)
    await trashGroup(db(), g.owner, g.groupId)
    await refused(third.code)
    expect(await membership(g.groupId, invited.id)).toBeNull()
  })

  test('only the owner and administrators see or change the code', async () => {
    const g = await groupWith(db())
    for (const actor of [g.member, g.outsider]) {
      expect((await refusal(getGroupInvite(db(), actor, g.groupId))).message).toBe(FORBIDDEN)
      expect((await refusal(generateGroupInvite(db(), actor, g.groupId))).message).toBe(FORBIDDEN)
      expect((await refusal(toggleGroupInvite(db(), actor, g.groupId))).message).toBe(FORBIDDEN)
      expect((await refusal(deleteGroupInvite(db(), actor, g.groupId))).message).toBe(FORBIDDEN)
    }
    await expect(generateGroupInvite(db(), null, g.groupId)).rejects.toBeInstanceOf(NotSignedInError)
    expect(await db().select().from(groupInvites).where(eq(groupInvites.groupId, g.groupId))).toEqual([])
  })

  test('lookups are limited per address: guessing gets nowhere', async () => {
    const g = await groupWith(db())
    const ip = uniqueIp()
    for (let i = 0; i < 30; i++) await refusal(groupCodeInfo(db(), null, 'A'.repeat(43), ip))
    const { code } = await generateGroupInvite(db(), g.owner, g.groupId)
    expect((await refusal(groupCodeInfo(db(), null, code, ip))).message).toBe('操作过于频繁，请稍后再试')
  })
})

describe('applications', () => {
  test('an open group is joined at once; a closed one gets one application its reviewers hear of', async () => {
    const open = await groupWith(db())
    expect(await applyToJoin(db(), open.outsider, open.groupId)).toEqual({ status: 'member', msg: JOINED_MSG })
    expect(await membership(open.groupId, open.outsider.id)).toBe('member')
    expect(await applyToJoin(db(), open.outsider, open.groupId)).toMatchObject({ msg: ALREADY_MEMBER })

    const closed = await groupWith(db(), { isOpen: false })
    const { outsider } = closed
    expect(await applyStatus(db(), outsider, closed.groupId)).toEqual({ status: 'none' })
    expect(await applyToJoin(db(), outsider, closed.groupId)).toEqual({ status: 'pending', msg: APPLIED_MSG })
    expect(await applyToJoin(db(), outsider, closed.groupId)).toEqual({ status: 'pending', msg: ALREADY_APPLIED })
    expect(await applyStatus(db(), outsider, closed.groupId)).toEqual({ status: 'pending' })
    expect(await membership(closed.groupId, outsider.id)).toBeNull()
    expect(await db().select().from(groupApplies).where(eq(groupApplies.groupId, closed.groupId))).toHaveLength(1)
    for (const reviewer of [closed.owner, closed.admin]) {
      expect((await groupNotices(reviewer.id)).map((n) => n.content)).toEqual(['「路人」申请加入小组（小组「设计资源」）'])
    }
    expect(await groupNotices(closed.member.id)).toEqual([])
    for (const [actor, status] of [
      [closed.owner, 'owner'],
      [closed.admin, 'admin'],
      [closed.member, 'member'],
    ] as const) {
      expect(await applyStatus(db(), actor, closed.groupId)).toEqual({ status })
      expect(await applyToJoin(db(), actor, closed.groupId)).toMatchObject({ msg: ALREADY_MEMBER })
    }
    await expect(applyToJoin(db(), null, closed.groupId)).rejects.toBeInstanceOf(NotSignedInError)
    await expect(applyStatus(db(), null, closed.groupId)).rejects.toBeInstanceOf(NotSignedInError)
    expect((await refusal(applyToJoin(db(), outsider, 999_999))).message).toBe(NOT_FOUND)
  })

  test('reviewers list and decide applications; approved makes a member, turned down says so', async () => {
    const g = await groupWith(db(), { isOpen: false })
    const { user: yes } = await createUser(db(), { nickname: '通过的' })
    const { user: no } = await createUser(db(), { nickname: '拒绝的' })
    await applyToJoin(db(), yes, g.groupId)
    await applyToJoin(db(), no, g.groupId)
    const list = await listApplies(db(), g.admin, page)
    expect(list.list.map((a) => [a.groupId, a.nickname])).toEqual([
      [g.groupId, '通过的'],
      [g.groupId, '拒绝的'],
    ])
    expect((await listApplies(db(), g.owner, page)).total).toBe(2)
    expect((await listApplies(db(), g.member, page)).total).toBe(0)
    await expect(listApplies(db(), null, page)).rejects.toBeInstanceOf(NotSignedInError)
    const [first, second] = list.list as [(typeof list.list)[number], (typeof list.list)[number]]
    for (const actor of [g.member, yes]) expect((await refusal(reviewApply(db(), actor, { id: first.id, status: 'approved' }))).message).toBe(FORBIDDEN)
    expect((await refusal(reviewApply(db(), g.owner, { id: 999_999, status: 'approved' }))).message).toBe(NOT_FOUND)

    expect(await reviewApply(db(), g.admin, { id: first.id, status: 'approved' })).toEqual({ status: 'approved' })
    expect(await membership(g.groupId, yes.id)).toBe('member')
    expect(await reviewApply(db(), g.owner, { id: second.id, status: 'rejected' })).toEqual({ status: 'rejected' })
    expect(await membership(g.groupId, no.id)).toBeNull()
    expect(await applyStatus(db(), no, g.groupId)).toEqual({ status: 'rejected' })
    expect((await groupNotices(yes.id)).map((n) => n.title)).toEqual(['入组申请已通过'])
    expect((await groupNotices(no.id)).map((n) => n.title)).toEqual(['入组申请未通过'])
    expect((await refusal(reviewApply(db(), g.owner, { id: second.id, status: 'approved' }))).message).toBe(ALREADY_DECIDED)
    expect((await listApplies(db(), g.owner, page)).total).toBe(0)
    // Turned down, they may ask again.
    expect(await applyToJoin(db(), no, g.groupId)).toMatchObject({ msg: APPLIED_MSG })
  })

  test('a double-submitted approval approves once: one member row, one log row, one notice', async () => {
    const g = await groupWith(db(), { isOpen: false, admins: 2 })
    await applyToJoin(db(), g.outsider, g.groupId)
    const [apply] = await db().select().from(groupApplies).where(eq(groupApplies.groupId, g.groupId))
    const results = await Promise.allSettled([
      reviewApply(db(), g.admins[0]!, { id: apply!.id, status: 'approved' }),
      reviewApply(db(), g.admins[1]!, { id: apply!.id, status: 'approved' }),
      reviewApply(db(), g.owner, { id: apply!.id, status: 'rejected' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results.filter((r) => r.status === 'rejected')) expect(r.reason).toMatchObject({ message: ALREADY_DECIDED })
    const decided = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ status: string }>).value.status
    expect(await db().select().from(groupMembers).where(and(eq(groupMembers.groupId, g.groupId), eq(groupMembers.userId, g.outsider.id)))).toHaveLength(decided === 'approved' ? 1 : 0)
    expect((await logCount(g.groupId, 'approve-apply')) + (await logCount(g.groupId, 'reject-apply'))).toBe(1)
    expect(await groupNotices(g.outsider.id)).toHaveLength(1)
  })

  test('two approvals at once of the same application: one member row, one log row', async () => {
    const g = await groupWith(db(), { isOpen: false, admins: 2 })
    await applyToJoin(db(), g.outsider, g.groupId)
    const [apply] = await db().select().from(groupApplies).where(eq(groupApplies.groupId, g.groupId))
    const results = await Promise.allSettled(g.admins.map((admin) => reviewApply(db(), admin, { id: apply!.id, status: 'approved' })))
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(await db().select().from(groupMembers).where(and(eq(groupMembers.groupId, g.groupId), eq(groupMembers.userId, g.outsider.id)))).toHaveLength(1)
    expect(await logCount(g.groupId, 'approve-apply')).toBe(1)
  })

  test('one person applies at most 20 times an hour', async () => {
    const { user: owner } = await createUser(db())
    const { user: otherOwner } = await createUser(db())
    const { user: eager } = await createUser(db())
    const closed = []
    for (let i = 0; i < 21; i++) closed.push(await createGroup(db(), i < 15 ? owner : otherOwner, { name: `小组${i}`, isOpen: false }))
    for (const groupId of closed.slice(0, 20)) expect(await applyToJoin(db(), eager, groupId)).toMatchObject({ msg: APPLIED_MSG })
    expect((await refusal(applyToJoin(db(), eager, closed[20]!))).message).toBe('操作过于频繁，请稍后再试')
    expect(await db().select().from(groupApplies).where(eq(groupApplies.groupId, closed[20]!))).toEqual([])
  })

  test('joining by code settles a pending application', async () => {
    const g = await groupWith(db(), { isOpen: false })
    await applyToJoin(db(), g.outsider, g.groupId)
    const { code } = await generateGroupInvite(db(), g.owner, g.groupId)
    await joinGroupByCode(db(), g.outsider, code, uniqueIp())
    expect(await applyStatus(db(), g.outsider, g.groupId)).toEqual({ status: 'member' })
    expect((await listApplies(db(), g.owner, page)).total).toBe(0)
  })
})

describe('the log and group notices', () => {
  test('the log: who did what to what, newest first, for the group’s people only', async () => {
    const g = await groupWith(db())
    await addGroupBookmark(db(), g.admin, g.cids[0]!, '站酷')
    const log = await listGroupLog(db(), g.member, { groupId: g.groupId, ...page })
    expect(log.list.slice(0, 3).map((l) => [l.nickname, l.text, l.subject])).toEqual([
      ['管理员1', '添加了书签', '站酷'],
      ['组长', '添加了分类', '设计'],
      ['组长', '创建了小组', '设计资源'],
    ])
    expect((await refusal(listGroupLog(db(), g.outsider, { groupId: g.groupId, ...page }))).message).toBe(FORBIDDEN)
    await expect(listGroupLog(db(), null, { groupId: g.groupId, ...page })).rejects.toBeInstanceOf(NotSignedInError)
    // It outlives the names it mentions.
    await db().update(groups).set({ name: '改名了' }).where(eq(groups.id, g.groupId))
    expect((await listGroupLog(db(), g.owner, { groupId: g.groupId, ...page })).list.at(-1)!.subject).toBe('设计资源')
  })

  test('the unread count: all notices and the group ones, in one query; reading the list marks them read', async () => {
    const g = await groupWith(db(), { isOpen: false })
    expect(await groupNoticeAmount(db(), null)).toEqual({ total: 0, groupAmount: 0 })
    expect(await groupNoticeAmount(db(), g.owner)).toEqual({ total: 0, groupAmount: 0 })
    await applyToJoin(db(), g.outsider, g.groupId)
    await addGroupBookmark(db(), g.member, g.cids[0]!, '投稿')
    await db().insert(notices).values({ userId: g.owner.id, kind: 'system', title: '导入完成' })
    expect(await groupNoticeAmount(db(), g.owner)).toEqual({ total: 3, groupAmount: 2 })
    const list = await listGroupNotices(db(), g.owner, page)
    expect(list.list.map((n) => n.title)).toEqual(['新的投稿', '新的入组申请'])
    expect(await groupNoticeAmount(db(), g.owner)).toEqual({ total: 1, groupAmount: 0 })
    await expect(listGroupNotices(db(), null, page)).rejects.toBeInstanceOf(NotSignedInError)
  })
})
