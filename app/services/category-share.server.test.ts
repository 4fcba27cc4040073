import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { bagFollows, bagShares, homepageMembers } from '#app/db/schema/index.ts'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import { saveBag, trashBag } from './bag.server.ts'
import {
  BAG_FOLLOWED_MSG,
  BAG_UNFOLLOWED_MSG,
  BagShareSchema,
  bagShareOf,
  collectTargets,
  listBagShares,
  REMARK_MSG,
  shareBag,
  sharedCategory,
  toggleBagFollow,
  unshareBag,
} from './category-share.server.ts'
import { createHomepage, toggleHomepageOpen, trashHomepage, updateHomepage } from './homepages.server.ts'
import { listModules } from './module.server.ts'
import { saveLink } from './source.server.ts'

const db = useTestDb()

const link = (bid: number, name: string, isOnlyOwnView = false) => ({
  bid,
  name,
  url: `https://example.com/${encodeURIComponent(name)}`,
  note: '',
  isOnlyOwnView,
  isOnlyOwnViewRemark: '',
})

describe('sharing a category', () => {
  test('the remark is optional and at most 30 characters', () => {
    expect(BagShareSchema.parse({}).remark).toBe('')
    expect(BagShareSchema.parse({ remark: ' 常用 ' }).remark).toBe('常用')
    expect(BagShareSchema.parse({ remark: '三'.repeat(30) }).remark).toHaveLength(30)
    expect(BagShareSchema.safeParse({ remark: '三'.repeat(31) }).error?.issues.map((i) => i.message)).toEqual([REMARK_MSG])
  })

  test('the owner shares, updates the remark and cancels; private, it is not found by anyone', async () => {
    const { user, bids } = await createOwner(db(), ['工具'])
    const bid = bids[0]!
    expect(await bagShareOf(db(), user, bid)).toEqual({ bid, name: '工具', share: null })
    await expect(sharedCategory(db(), null, bid)).rejects.toThrow(NOT_FOUND)

    expect(await shareBag(db(), user, bid, '常用')).toEqual({ bid, remark: '常用', url: `/collection/${bid}` })
    await shareBag(db(), user, bid, '改过的备注')
    expect(await db().select().from(bagShares).where(eq(bagShares.bagId, bid))).toEqual([expect.objectContaining({ remark: '改过的备注' })])
    expect(await sharedCategory(db(), null, bid)).toMatchObject({ bid, name: '工具', remark: '改过的备注', isOwner: false })

    await unshareBag(db(), user, bid)
    expect(await bagShareOf(db(), user, bid)).toMatchObject({ share: null })
    await expect(sharedCategory(db(), null, bid)).rejects.toThrow(NOT_FOUND)
  })

  test('nobody but the owner shares or cancels, members and followers included; nothing changes', async () => {
    const { user: owner, homepageId, bids } = await createOwner(db(), ['工具'])
    const bid = bids[0]!
    const { user: stranger } = await createUser(db())
    const { user: member } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId, userId: member.id, permission: 'manager' })
    await shareBag(db(), owner, bid, '原备注')
    const before = await db().select().from(bagShares)

    await expect(shareBag(db(), null, bid, 'x')).rejects.toThrow()
    // Private homepage: a stranger learns nothing; a manager sees it but may not share.
    await expect(shareBag(db(), stranger, bid, '改')).rejects.toThrow(NOT_FOUND)
    await expect(unshareBag(db(), stranger, bid)).rejects.toThrow(NOT_FOUND)
    await expect(shareBag(db(), member, bid, '改')).rejects.toThrow(FORBIDDEN)
    await expect(unshareBag(db(), member, bid)).rejects.toThrow(FORBIDDEN)
    // Public homepage: visible to the stranger, still not theirs to share.
    await updateHomepage(db(), owner, { ...HomepageSchema.parse({ title: '公开', icon: 'tabler:home', code: `open-${owner.id}` }), homepageId })
    await toggleHomepageOpen(db(), owner, homepageId)
    await expect(unshareBag(db(), stranger, bid)).rejects.toThrow(FORBIDDEN)
    await expect(shareBag(db(), stranger, bid, '改')).rejects.toThrow(FORBIDDEN)
    expect(await db().select().from(bagShares)).toEqual(before)
  })

  test('anyone reads a shared category of a private homepage: its bookmarks, private ones masked, notes left out', async () => {
    const { user, bids } = await createOwner(db(), ['工具', '别的'])
    const [bid, otherBid] = [bids[0]!, bids[1]!]
    await saveLink(db(), user, link(bid, '公开的'))
    await saveLink(db(), user, link(bid, '私密的', true))
    await saveLink(db(), user, link(otherBid, '别处的'))
    await shareBag(db(), user, bid, '')

    const seen = await sharedCategory(db(), null, bid)
    expect(seen.items.map((i) => i.name)).toEqual(['公开的', '未公开链接'])
    expect(JSON.stringify(seen)).not.toContain('example.com/%E7%A7%81')
    await expect(sharedCategory(db(), null, otherBid)).rejects.toThrow(NOT_FOUND)
    expect((await sharedCategory(db(), user, bid)).items.map((i) => i.name)).toEqual(['公开的', '私密的'])

    await trashBag(db(), user, bid)
    await expect(sharedCategory(db(), null, bid)).rejects.toThrow(NOT_FOUND)
  })
})

describe('following a shared category', () => {
  test('follow and unfollow; not one’s own; not a private one; the follower may still unfollow after the share ends', async () => {
    const { user: owner, bids } = await createOwner(db(), ['工具'])
    const bid = bids[0]!
    const { user: fan } = await createUser(db())
    await expect(toggleBagFollow(db(), fan, bid)).rejects.toThrow(NOT_FOUND)
    await expect(toggleBagFollow(db(), null, bid)).rejects.toThrow()

    await shareBag(db(), owner, bid, '备注')
    expect(await toggleBagFollow(db(), fan, bid)).toEqual({ follow: true, msg: BAG_FOLLOWED_MSG })
    expect((await sharedCategory(db(), fan, bid)).following).toBe(true)
    expect((await sharedCategory(db(), null, bid)).followAmount).toBe(1)
    await expect(toggleBagFollow(db(), owner, bid)).rejects.toThrow('不能关注自己分享的分类')

    await unshareBag(db(), owner, bid)
    expect((await listBagShares(db(), fan, { type: 'follow', page: 1, size: 5 })).list).toEqual([
      expect.objectContaining({ bid, name: '工具', accessible: false }),
    ])
    expect(await toggleBagFollow(db(), fan, bid)).toEqual({ follow: false, msg: BAG_UNFOLLOWED_MSG })
    expect(await db().select().from(bagFollows)).toEqual([])
    await expect(toggleBagFollow(db(), fan, bid)).rejects.toThrow(NOT_FOUND)
  })
})

describe('the share lists', () => {
  test('shared by me, newest first, paged and searchable; a trashed homepage makes its shares inaccessible', async () => {
    const { user, bids } = await createOwner(db(), ['甲一', '乙二', '甲三', '乙四', '甲五', '乙六'])
    for (const bid of bids) await shareBag(db(), user, bid, '')
    const first = await listBagShares(db(), user, { type: 'share', page: 1, size: 5 })
    expect(first.total).toBe(6)
    expect(first.list.map((b) => b.name)).toEqual(['乙六', '甲五', '乙四', '甲三', '乙二'])
    expect((await listBagShares(db(), user, { type: 'share', page: 2, size: 5 })).list.map((b) => b.name)).toEqual(['甲一'])
    expect((await listBagShares(db(), user, { type: 'share', page: 1, size: 5, wd: '甲' })).list.map((b) => b.name)).toEqual(['甲五', '甲三', '甲一'])
    // LIKE wildcards are searched for as text.
    expect((await listBagShares(db(), user, { type: 'share', page: 1, size: 5, wd: '%' })).total).toBe(0)
    await expect(listBagShares(db(), null, { type: 'share', page: 1, size: 5 })).rejects.toThrow()

    const second = await createHomepage(db(), user, HomepageSchema.parse({ title: '第二', icon: 'tabler:home' }))
    const [module] = await listModules(db(), user, second.id)
    const { bid } = await saveBag(db(), user, { moduleId: module!.moduleId, name: '第二页的', icon: 'tabler:tool' })
    await shareBag(db(), user, bid, '')
    await trashHomepage(db(), user, second.id)
    expect((await listBagShares(db(), user, { type: 'share', page: 1, size: 10, wd: '第二' })).list).toEqual([
      expect.objectContaining({ bid, accessible: false }),
    ])
    await expect(sharedCategory(db(), null, bid)).rejects.toThrow(NOT_FOUND)
  })
})

describe('collecting into one’s own categories', () => {
  test('every homepage the user owns is offered, current first, grouped by module, sub-categories after their parent', async () => {
    const { user, homepageId, moduleId, bids } = await createOwner(db(), ['工具', '阅读'])
    const sub = await saveBag(db(), user, { moduleId, parentId: bids[0]!, name: '小工具', icon: 'tabler:tool' })
    const second = await createHomepage(db(), user, HomepageSchema.parse({ title: '第二页', icon: 'tabler:home' }))
    const [secondModule] = await listModules(db(), user, second.id)
    const onSecond = await saveBag(db(), user, { moduleId: secondModule!.moduleId, name: '第二页的分类', icon: 'tabler:tool' })
    const gone = await createHomepage(db(), user, HomepageSchema.parse({ title: '回收站里', icon: 'tabler:home' }))
    await trashHomepage(db(), user, gone.id)
    const trashed = await saveBag(db(), user, { moduleId, name: '删掉的', icon: 'tabler:tool' })
    await trashBag(db(), user, trashed.bid)
    // A homepage the user only joined is not theirs to collect into.
    const { user: other } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId: other.currentHomepageId!, userId: user.id, permission: 'manager' })

    const targets = await collectTargets(db(), user)
    expect(targets.map((h) => h.homepageId)).toEqual([homepageId, second.id])
    expect(targets[0]!.name).toBe(`${user.nickname}的主页`)
    const work = targets[0]!.modules.find((m) => m.moduleId === moduleId)!
    expect(work.categories).toEqual([
      { bid: bids[0], name: '工具', depth: 0 },
      { bid: sub.bid, name: '小工具', depth: 1 },
      { bid: bids[1], name: '阅读', depth: 0 },
    ])
    expect(targets[1]).toMatchObject({ name: '第二页' })
    expect(targets[1]!.modules.flatMap((m) => m.categories.map((c) => c.bid))).toContain(onSecond.bid)
    await expect(collectTargets(db(), null)).rejects.toBeInstanceOf(NotSignedInError)
  })
})
