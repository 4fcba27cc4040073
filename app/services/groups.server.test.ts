import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { groupLogs, groups } from '#app/db/schema/index.ts'
import { BannerParamsSchema, GroupSchema } from '#app/schemas/group.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { createUser, refusalOf as refusal } from '#tests/db-utils.ts'
import { addGroupBookmark, addGroupMember, createGroup, groupWith } from '#tests/group-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './group-access.server.ts'
import {
  groupDetail,
  listGroups,
  MAX_OWN_GROUPS,
  restoreGroup,
  saveBannerParam,
  saveGroup,
  STARRED_MSG,
  toggleGroupStar,
  toggleIndexMode,
  TOO_MANY_GROUPS,
  trashGroup,
  UNSTARRED_MSG,
} from './groups.server.ts'

const db = useTestDb()

const page = { page: 1, size: 100 }
/** The distinct messages of a refused parse (an empty icon fails its length and its shape with the same words). */
const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => [...new Set(result.error?.issues.map((i) => i.message) ?? [])]
const cardNames = (list: Array<{ name: string }>) => list.map((c) => c.name)
const logActions = async (groupId: number) => (await db().select({ action: groupLogs.action }).from(groupLogs).where(eq(groupLogs.groupId, groupId)).orderBy(groupLogs.id)).map((r) => r.action)

describe('the schemas', () => {
  test('a group needs a name of at most 20 characters and an icon; its summary at most 200', () => {
    expect(issues(GroupSchema.safeParse({ name: '', icon: 'tabler:users' }))).toEqual(['请输入小组名称'])
    expect(issues(GroupSchema.safeParse({ name: '字'.repeat(21), icon: 'tabler:users' }))).toEqual(['小组名称不能超过20个字'])
    expect(issues(GroupSchema.safeParse({ name: '组', icon: '' }))).toEqual(['请选择图标'])
    expect(issues(GroupSchema.safeParse({ name: '组', icon: 'https://evil.example/a.png' }))).toEqual(['请选择图标'])
    expect(issues(GroupSchema.safeParse({ name: '组', icon: 'tabler:users', summary: '字'.repeat(201) }))).toEqual(['小组简介不能超过200个字'])
    expect(GroupSchema.parse({ name: ' 设计 ', icon: 'tabler:users', isOpen: '1' })).toEqual({ name: '设计', summary: '', icon: 'tabler:users', isOpen: true })
    expect(GroupSchema.parse({ id: '0', name: '设计', icon: 'tabler:users' })).toMatchObject({ id: undefined, isOpen: false })
  })

  test('the banner takes known keys only, each checked', () => {
    expect(BannerParamsSchema.parse({ groupId: '1', key: 'color', value: '#aabbcc' })).toEqual({ groupId: 1, key: 'color', value: '#aabbcc' })
    expect(issues(BannerParamsSchema.safeParse({ groupId: 1, key: 'color', value: 'red; background:url(x)' }))).toEqual(['请选择正确的颜色'])
    expect(issues(BannerParamsSchema.safeParse({ groupId: 1, key: 'image', value: 'https://evil.example/a.png' }))).toEqual(['请上传图片'])
    expect(issues(BannerParamsSchema.safeParse({ groupId: 1, key: 'slogan', value: '字'.repeat(51) }))).toEqual(['标语不能超过50个字'])
    expect(issues(BannerParamsSchema.safeParse({ groupId: 1, key: 'script', value: 'x' }))).toEqual(['参数错误'])
  })
})

describe('groups', () => {
  test('anyone signed in creates a group they own; only the owner edits it', async () => {
    const { user: owner } = await createUser(db(), { nickname: '创建者' })
    const id = await createGroup(db(), owner, { name: '前端', isOpen: false })
    expect(await groupDetail(db(), owner, id)).toMatchObject({ id, name: '前端', summary: '好用的网站', icon: 'tabler:users', isOpen: false, role: 'owner', seesContent: true, memberAmount: 1, bookmarkAmount: 0, creator: '创建者', indexMode: 'category', banner: {}, isStar: false })
    const { user: admin } = await createUser(db())
    const { user: member } = await createUser(db())
    const { user: outsider } = await createUser(db())
    await addGroupMember(db(), id, admin, 'admin')
    await addGroupMember(db(), id, member)
    const edit = GroupSchema.parse({ id, name: '前端开发', summary: '新的简介', icon: 'tabler:code', isOpen: '1' })
    for (const actor of [admin, member]) expect((await refusal(saveGroup(db(), actor, edit))).message).toBe(FORBIDDEN)
    // A closed group's outsider: not theirs to change either (and they see no more than its card).
    expect((await refusal(saveGroup(db(), outsider, edit))).message).toBe(FORBIDDEN)
    await expect(saveGroup(db(), null, edit)).rejects.toBeInstanceOf(NotSignedInError)
    await expect(saveGroup(db(), null, { ...edit, id: undefined })).rejects.toBeInstanceOf(NotSignedInError)
    expect(await saveGroup(db(), owner, edit)).toEqual({ id })
    expect(await groupDetail(db(), null, id)).toMatchObject({ name: '前端开发', summary: '新的简介', icon: 'tabler:code', isOpen: true, role: 'guest', seesContent: true, memberAmount: 3 })
    expect(await logActions(id)).toEqual(['create', 'edit'])
    expect((await refusal(saveGroup(db(), owner, { ...edit, id: 999_999 }))).message).toBe(NOT_FOUND)
  })

  test(`one person owns at most ${MAX_OWN_GROUPS} groups, also when they ask at once; trashed ones count`, async () => {
    const { user } = await createUser(db())
    const input = GroupSchema.parse({ name: '很多', icon: 'tabler:users' })
    const results = await Promise.allSettled(Array.from({ length: MAX_OWN_GROUPS + 3 }, () => saveGroup(db(), user, input)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_OWN_GROUPS)
    for (const r of results.filter((r) => r.status === 'rejected')) expect(r.reason).toMatchObject({ message: TOO_MANY_GROUPS })
    const [first] = await db().select({ id: groups.id }).from(groups).where(eq(groups.userId, user.id)).limit(1)
    await trashGroup(db(), user, first!.id)
    expect((await refusal(saveGroup(db(), user, input))).message).toBe(TOO_MANY_GROUPS)
  })

  test('the lists: open ones to everyone (newest first, or by bookmarks for recommended), one’s own, joined, contributed to, starred, and the trash', async () => {
    const g = await groupWith(db(), { categories: ['分类'] })
    const { user: someone } = await createUser(db())
    const busy = await createGroup(db(), someone, { name: '热闹的' })
    const closed = await createGroup(db(), someone, { name: '不公开的', isOpen: false })
    await addGroupBookmark(db(), g.owner, g.cids[0]!, '一')
    await addGroupBookmark(db(), g.owner, g.cids[0]!, '二')
    const open = cardNames((await listGroups(db(), null, 'open', page)).list)
    expect(open.indexOf('热闹的')).toBeLessThan(open.indexOf('设计资源'))
    expect(open).not.toContain('不公开的')
    const recommended = cardNames((await listGroups(db(), null, 'recommend', page)).list)
    expect(recommended.indexOf('设计资源')).toBeLessThan(recommended.indexOf('热闹的'))
    expect(recommended).not.toContain('不公开的')

    expect(cardNames((await listGroups(db(), someone, 'create', page)).list)).toEqual(['不公开的', '热闹的'])
    await addGroupMember(db(), closed, g.member)
    expect(cardNames((await listGroups(db(), g.member, 'join', page)).list)).toEqual(['不公开的', '设计资源'])
    await addGroupBookmark(db(), g.member, g.cids[0]!, '投稿')
    expect(cardNames((await listGroups(db(), g.member, 'contribute', page)).list)).toEqual(['设计资源'])
    await toggleGroupStar(db(), g.outsider, busy)
    expect(cardNames((await listGroups(db(), g.outsider, 'star', page)).list)).toEqual(['热闹的'])
    const card = (await listGroups(db(), g.outsider, 'open', page)).list.find((c) => c.name === '设计资源')!
    expect(card).toMatchObject({ isOpen: true, memberAmount: 4, bookmarkAmount: 2, creator: '组长' })
    expect(card).not.toHaveProperty('deleteTime')

    await trashGroup(db(), someone, busy)
    expect(cardNames((await listGroups(db(), someone, 'create', page)).list)).toEqual(['不公开的'])
    expect(cardNames((await listGroups(db(), g.outsider, 'star', page)).list)).toEqual([])
    expect(cardNames((await listGroups(db(), null, 'open', page)).list)).not.toContain('热闹的')
    const trash = await listGroups(db(), someone, 'trash', page)
    expect(trash.list).toEqual([expect.objectContaining({ name: '热闹的', deleteTime: expect.any(String) })])
    expect((await listGroups(db(), g.owner, 'trash', page)).total).toBe(0)
    for (const which of ['create', 'join', 'contribute', 'star', 'trash'] as const) await expect(listGroups(db(), null, which, page)).rejects.toBeInstanceOf(NotSignedInError)
  })

  test('the owner trashes and restores a group; meanwhile nobody sees it, and nobody else may do either', async () => {
    const g = await groupWith(db())
    for (const actor of [g.admin, g.member, g.outsider]) expect((await refusal(trashGroup(db(), actor, g.groupId))).message).toBe(FORBIDDEN)
    await trashGroup(db(), g.owner, g.groupId)
    for (const actor of [null, g.owner, g.member]) expect((await refusal(groupDetail(db(), actor, g.groupId))).message).toBe(NOT_FOUND)
    expect((await refusal(addGroupBookmark(db(), g.admin, g.cids[0]!, '进不去'))).message).toBe(NOT_FOUND)
    expect((await refusal(trashGroup(db(), g.owner, g.groupId))).message).toBe(NOT_FOUND)
    expect((await refusal(restoreGroup(db(), g.admin, g.groupId))).message).toBe(FORBIDDEN)
    await restoreGroup(db(), g.owner, g.groupId)
    expect(await groupDetail(db(), g.member, g.groupId)).toMatchObject({ role: 'member' })
    expect((await refusal(restoreGroup(db(), g.owner, g.groupId))).message).toBe(NOT_FOUND)
    expect(await logActions(g.groupId)).toEqual(expect.arrayContaining(['delete', 'restore']))
  })

  test('a star is a toggle for anyone signed in, a closed group’s outsider too', async () => {
    const g = await groupWith(db(), { isOpen: false })
    expect(await toggleGroupStar(db(), g.outsider, g.groupId)).toEqual({ isStar: true, msg: STARRED_MSG })
    expect(await groupDetail(db(), g.outsider, g.groupId)).toMatchObject({ isStar: true, seesContent: false })
    expect(await toggleGroupStar(db(), g.outsider, g.groupId)).toEqual({ isStar: false, msg: UNSTARRED_MSG })
    expect(await toggleGroupStar(db(), g.owner, g.groupId)).toMatchObject({ isStar: true })
    await expect(toggleGroupStar(db(), null, g.groupId)).rejects.toBeInstanceOf(NotSignedInError)
    expect((await refusal(toggleGroupStar(db(), g.outsider, 999_999))).message).toBe(NOT_FOUND)
  })

  test('the index mode and the banner are the owner’s', async () => {
    const g = await groupWith(db())
    expect(await toggleIndexMode(db(), g.owner, g.groupId)).toEqual({ indexMode: 'all' })
    expect(await toggleIndexMode(db(), g.owner, g.groupId)).toEqual({ indexMode: 'category' })
    const color = BannerParamsSchema.parse({ groupId: g.groupId, key: 'color', value: '#112233' })
    const slogan = BannerParamsSchema.parse({ groupId: g.groupId, key: 'slogan', value: '<b>一起</b>收集' })
    await saveBannerParam(db(), g.owner, color)
    expect(await saveBannerParam(db(), g.owner, slogan)).toEqual({ banner: { color: '#112233', slogan: expect.any(String) } })
    expect((await groupDetail(db(), null, g.groupId)).banner).toMatchObject({ color: '#112233' })
    for (const actor of [g.admin, g.member, g.outsider]) {
      expect((await refusal(toggleIndexMode(db(), actor, g.groupId))).message).toBe(FORBIDDEN)
      expect((await refusal(saveBannerParam(db(), actor, color))).message).toBe(FORBIDDEN)
    }
    await expect(saveBannerParam(db(), null, color)).rejects.toBeInstanceOf(NotSignedInError)
    expect((await logActions(g.groupId)).filter((a) => a === 'index-mode' || a === 'banner')).toEqual(['index-mode', 'index-mode', 'banner', 'banner'])
    const [row] = await db().select().from(groups).where(and(eq(groups.id, g.groupId)))
    expect(row!.indexMode).toBe('category')
  })
})
