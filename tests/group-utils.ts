import { and, asc, eq, isNull, ne } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '#app/db/client.server.ts'
import { groupBookmarks, groupCategories, groupMembers, type GroupPermission, type User } from '#app/db/schema/index.ts'
import { GroupBookmarkSchema, GroupCategorySchema, GroupSchema } from '#app/schemas/group.ts'
import { saveCategory, saveGroupBookmark } from '#app/services/group-content.server.ts'
import { saveGroup } from '#app/services/groups.server.ts'
import { createUser } from './db-utils.ts'

/** Group factories for the service tests: through the services and their schemas, except membership (a row, dated if asked). */

/** A new group of `owner`'s (open unless said), through GroupSchema and saveGroup. */
export async function createGroup(db: Db, owner: User, { name = '设计资源', isOpen = true }: { name?: string; isOpen?: boolean } = {}) {
  const { id } = await saveGroup(db, owner, GroupSchema.parse({ name, summary: '好用的网站', icon: 'tabler:users', isOpen: isOpen ? '1' : '' }))
  return id
}

/** Makes `user` a member (or administrator) of the group, joined at `joinedAt` when given. */
export async function addGroupMember(db: Db, groupId: number, user: User, permission: GroupPermission = 'member', joinedAt?: Date) {
  await db.insert(groupMembers).values({ groupId, userId: user.id, permission, ...(joinedAt ? { createdAt: joinedAt } : {}) })
}

/** A category at the end of the group's, through GroupCategorySchema and saveCategory. */
export async function createGroupCategory(db: Db, actor: User, groupId: number, title: string) {
  return (await saveCategory(db, actor, GroupCategorySchema.parse({ groupId, title, icon: 'tabler:folder' }))).id
}

/** A group with its people and categories: an owner, administrators, members, and an outsider (signed in, no relation). */
export async function groupWith(db: Db, { isOpen = true, admins = 1, members = 2, categories = ['设计'] }: { isOpen?: boolean; admins?: number; members?: number; categories?: string[] } = {}) {
  const { user: owner } = await createUser(db, { nickname: '组长' })
  const groupId = await createGroup(db, owner, { isOpen })
  const adminUsers: User[] = []
  for (let i = 0; i < admins; i++) {
    const { user } = await createUser(db, { nickname: `管理员${i + 1}` })
    await addGroupMember(db, groupId, user, 'admin')
    adminUsers.push(user)
  }
  const memberUsers: User[] = []
  for (let i = 0; i < members; i++) {
    const { user } = await createUser(db, { nickname: `成员${i + 1}` })
    await addGroupMember(db, groupId, user)
    memberUsers.push(user)
  }
  const { user: outsider } = await createUser(db, { nickname: '路人' })
  const cids: number[] = []
  for (const title of categories) cids.push(await createGroupCategory(db, owner, groupId, title))
  return { owner, admin: adminUsers[0]!, admins: adminUsers, member: memberUsers[0]!, members: memberUsers, outsider, groupId, cids }
}

/** A link in a group category, through GroupBookmarkSchema and saveGroupBookmark: shown for an administrator, a contribution for a member. */
export async function addGroupBookmark(db: Db, actor: User | null, cid: number, name: string) {
  const { bookmark } = await saveGroupBookmark(db, actor, GroupBookmarkSchema.parse({ cid, name, url: `https://example.com/${encodeURIComponent(name)}` }))
  return bookmark
}

/** The category's order: the names of its live bookmarks (pending and approved) by place. */
export async function orderOf(db: Db, cid: number) {
  const rows = await db
    .select({ name: groupBookmarks.name, sort: groupBookmarks.sort })
    .from(groupBookmarks)
    .where(and(eq(groupBookmarks.categoryId, cid), isNull(groupBookmarks.deletedAt), ne(groupBookmarks.status, 'rejected')))
    .orderBy(asc(groupBookmarks.sort), asc(groupBookmarks.id))
  expectGapFree(rows.map((r) => r.sort))
  return rows.map((r) => r.name)
}

/** The group's live categories by place. */
export async function categoryOrderOf(db: Db, groupId: number) {
  const rows = await db
    .select({ title: groupCategories.title, sort: groupCategories.sort })
    .from(groupCategories)
    .where(and(eq(groupCategories.groupId, groupId), isNull(groupCategories.deletedAt)))
    .orderBy(asc(groupCategories.sort), asc(groupCategories.id))
  expectGapFree(rows.map((r) => r.sort))
  return rows.map((r) => r.title)
}

/** Places are exactly 1…n: no gap, no repeat. */
export function expectGapFree(sorts: number[]) {
  expect(sorts).toEqual(sorts.map((_, i) => i + 1))
}
