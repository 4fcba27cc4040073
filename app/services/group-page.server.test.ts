import { describe, expect, test } from 'vitest'
import { GroupBookmarkSchema, GroupCategorySchema, GroupSchema } from '#app/schemas/group.ts'
import { createUser, refusalOf } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { GROUP_CLOSED } from './group-access.server.ts'
import { appealBookmark, myContributions, reviewContribution, saveCategory, saveGroupBookmark, trashGroupBookmark } from './group-content.server.ts'
import { applyToJoin, listApplies } from './group-people.server.ts'
import { saveGroup } from './groups.server.ts'

/** What the group page (/group/{id}) adds to the group services: 我的投稿, and one group's applications. */

const db = useTestDb()

async function group(isOpen: boolean) {
  const { user: owner } = await createUser(db(), { nickname: '组长' })
  const { id } = await saveGroup(db(), owner, GroupSchema.parse({ name: isOpen ? '公开' : '私密', summary: '', icon: 'tabler:users', isOpen: isOpen ? '1' : '' }))
  const { id: cid } = await saveCategory(db(), owner, GroupCategorySchema.parse({ groupId: id, title: '分类' }))
  return { owner, id, cid }
}

const link = (cid: number, name: string) => GroupBookmarkSchema.parse({ cid, name, url: `https://${name}.example/` })

describe('myContributions (我的投稿)', () => {
  test('the actor’s own pending, turned-down and removed bookmarks, with the appeal; not shown ones, not others’', async () => {
    const { owner, id, cid } = await group(true)
    const { user: member } = await createUser(db(), { nickname: '成员' })
    const { user: other } = await createUser(db(), { nickname: '别人' })
    await applyToJoin(db(), member, id)
    await applyToJoin(db(), other, id)
    const waiting = (await saveGroupBookmark(db(), member, link(cid, 'waiting'))).bookmark
    const refused = (await saveGroupBookmark(db(), member, link(cid, 'refused'))).bookmark
    const shown = (await saveGroupBookmark(db(), member, link(cid, 'shown'))).bookmark
    const removed = (await saveGroupBookmark(db(), member, link(cid, 'removed'))).bookmark
    await saveGroupBookmark(db(), other, link(cid, 'others'))
    await reviewContribution(db(), owner, { id: refused.id, status: 'rejected' })
    await reviewContribution(db(), owner, { id: shown.id, status: 'approved' })
    await reviewContribution(db(), owner, { id: removed.id, status: 'approved' })
    await trashGroupBookmark(db(), owner, removed.id)
    await appealBookmark(db(), member, removed.id)

    const mine = await myContributions(db(), member, { groupId: id, page: 1, size: 20 })
    expect(mine.total).toBe(3)
    const byName = Object.fromEntries(mine.list.map((b) => [b.name, b]))
    expect(Object.keys(byName).sort()).toEqual(['refused', 'removed', 'waiting'])
    expect(byName.waiting).toMatchObject({ id: waiting.id, status: 'pending', appeal: '' })
    expect(byName.refused).toMatchObject({ status: 'rejected' })
    expect(byName.removed).toMatchObject({ status: 'approved', appeal: 'pending' })
    expect(byName.removed!.deleteTime).toBeTruthy()
    // Paged like the other lists.
    expect((await myContributions(db(), member, { groupId: id, page: 2, size: 2 })).list).toHaveLength(1)
  })

  test('a guest signs in first; a closed group’s outsider is told it is closed', async () => {
    const open = await group(true)
    await expect(myContributions(db(), null, { groupId: open.id, page: 1, size: 20 })).rejects.toBeInstanceOf(NotSignedInError)
    const closed = await group(false)
    const { user: outsider } = await createUser(db())
    expect((await refusalOf(myContributions(db(), outsider, { groupId: closed.id, page: 1, size: 20 }))).message).toBe(GROUP_CLOSED)
  })
})

describe('listApplies with a groupId', () => {
  test('only that group’s pending applications, and only for those who review it', async () => {
    const a = await group(false)
    const { user: stranger } = await createUser(db())
    const b = await saveGroup(db(), a.owner, GroupSchema.parse({ name: '另一个', summary: '', icon: 'tabler:users', isOpen: '' }))
    const { user: first } = await createUser(db(), { nickname: '申请甲' })
    const { user: second } = await createUser(db(), { nickname: '申请乙' })
    await applyToJoin(db(), first, a.id)
    await applyToJoin(db(), second, b.id)
    expect((await listApplies(db(), a.owner, { page: 1, size: 20 })).total).toBe(2)
    const onlyA = await listApplies(db(), a.owner, { page: 1, size: 20, groupId: a.id })
    expect(onlyA.list.map((x) => x.nickname)).toEqual(['申请甲'])
    expect(onlyA.total).toBe(1)
    // Someone who reviews neither sees none of them, asked by group or not.
    expect((await listApplies(db(), stranger, { page: 1, size: 20, groupId: a.id })).total).toBe(0)
  })
})
