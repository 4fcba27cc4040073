import { and, eq } from 'drizzle-orm'
import { canInGroup, type GroupCapability, type GroupRole, seesGroupContent } from '#app/auth/group-permissions.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { groupApplies, groupLogs, groupMembers, groups, type Group } from '#app/db/schema/index.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, FORBIDDEN, NOT_FOUND } from './access.server.ts'

/**
 * The actor's role in a group (ADR 032) and the one check every group service makes before it
 * reads or writes: `requireGroup`. A group's writes are serialised by its row lock (`lock`), so
 * orders stay gap-free and a double-submitted review decides once.
 */

export const GROUP_CLOSED = '该小组不公开，加入后可查看'

/** The actor's role: owner, then the member row, then a pending application. */
export async function groupRoleOf(db: Db | Tx, actor: Actor, group: Group): Promise<GroupRole> {
  if (!actor) return 'guest'
  if (group.userId === actor.id) return 'owner'
  const [member] = await db
    .select({ permission: groupMembers.permission })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, actor.id)))
  if (member) return member.permission
  const [apply] = await db
    .select({ id: groupApplies.id })
    .from(groupApplies)
    .where(and(eq(groupApplies.groupId, group.id), eq(groupApplies.userId, actor.id), eq(groupApplies.status, 'pending')))
  return apply ? 'applicant' : 'outsider'
}

export type GroupAccess = { group: Group; role: GroupRole; seesContent: boolean }

/**
 * The group (not in the trash) and the actor's role; NOT_FOUND when it is missing or trashed.
 * A closed group's card (name, summary, icon) is anyone's to see, so people can apply; its
 * content is not (`seesContent`). `lock` holds the group's row until commit.
 */
export async function groupAccess(db: Db | Tx, actor: Actor, groupId: number, { lock = false, trashed = false } = {}): Promise<GroupAccess> {
  const query = db.select().from(groups).where(eq(groups.id, groupId))
  const [group] = lock ? await query.for('no key update') : await query
  if (!group || Boolean(group.deletedAt) !== trashed) throw new DomainError(NOT_FOUND)
  const role = await groupRoleOf(db, actor, group)
  return { group, role, seesContent: seesGroupContent(role, group.isOpen) }
}

type Need = GroupCapability | readonly GroupCapability[] | 'view'

/**
 * groupAccess, and the actor holds the capability (or one of them). `view` asks only that they see
 * the content. Guests are asked to sign in for anything but `view`.
 */
export async function requireGroup(db: Db | Tx, actor: Actor, groupId: number, need: Need, options: { lock?: boolean; trashed?: boolean } = {}) {
  if (need !== 'view' && !actor) throw new NotSignedInError()
  const access = await groupAccess(db, actor, groupId, options)
  if (need === 'view') {
    if (!access.seesContent) throw new DomainError(GROUP_CLOSED)
    return access
  }
  const needed: readonly GroupCapability[] = typeof need === 'string' ? [need] : need
  if (!needed.some((c) => canInGroup(access.role, c))) throw new DomainError(FORBIDDEN)
  // A capability on content (copy, star of a closed group …) never reaches past what the role may see.
  if (!access.seesContent && !needed.includes('join') && !needed.includes('star')) throw new DomainError(GROUP_CLOSED)
  return access
}

/** One line of the group log, in the change's transaction (group-log-list). */
export async function logGroup(tx: Db | Tx, groupId: number, actor: Actor, action: GroupLogAction, subject = '') {
  await tx.insert(groupLogs).values({
    groupId,
    actorId: actor?.id ?? null,
    actorName: actor?.nickname ?? '',
    action,
    subject: Array.from(subject).slice(0, 120).join(''),
  })
}

/** What the log says of each change (its `text` in group-log-list). */
export const GROUP_LOG_TEXT = {
  create: '创建了小组',
  edit: '修改了小组资料',
  'add-category': '添加了分类',
  'edit-category': '修改了分类',
  'delete-category': '删除了分类',
  'restore-category': '恢复了分类',
  'sort-category': '调整了分类顺序',
  'add-bookmark': '添加了书签',
  'edit-bookmark': '修改了书签',
  'move-bookmark': '移动了书签',
  'delete-bookmark': '删除了书签',
  'restore-bookmark': '恢复了书签',
  contribute: '投稿了书签',
  'approve-contribute': '通过了投稿',
  'reject-contribute': '拒绝了投稿',
  appeal: '申诉了被删除的书签',
  'reject-appeal': '驳回了申诉',
  join: '加入了小组',
  apply: '申请加入小组',
  'approve-apply': '通过了入组申请',
  'reject-apply': '拒绝了入组申请',
  quit: '退出了小组',
  'remove-member': '移除了成员',
  'set-admin': '设为管理员',
  'unset-admin': '取消了管理员',
  'invite-code': '生成了邀请码',
  'invite-state': '切换了邀请码状态',
  'delete-invite': '删除了邀请码',
  'index-mode': '切换了首页模式',
  banner: '修改了横幅',
  delete: '删除了小组',
  restore: '恢复了小组',
} as const
export type GroupLogAction = keyof typeof GROUP_LOG_TEXT

export { FORBIDDEN, NOT_FOUND }
