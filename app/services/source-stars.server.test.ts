import { eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepageMembers, homepages, sources } from '#app/db/schema/index.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import { loadHomepageContent, resolveHomepageById } from './homepage.server.ts'
import { moveStarStep, saveLink, sortStars, starList, toggleStar, trashSources } from './source.server.ts'

/** The star list (module −1): its own order (like-sort), kept by mark-star, like-sort and the page. */

const db = useTestDb()

const link = (bid: number, name: string) => ({
  bid,
  name,
  url: `https://example.com/${encodeURIComponent(name)}`,
  note: '',
  isOnlyOwnView: false,
  isOnlyOwnViewRemark: '',
})

/** An owner with links a…e in one category and, optionally, some of them starred in this order. */
async function ownerWithLinks(star: string[] = []) {
  const owner = await createOwner(db(), ['工具'])
  const ids: Record<string, number> = {}
  for (const name of ['a', 'b', 'c', 'd', 'e']) ids[name] = (await saveLink(db(), owner.user, link(owner.bids[0]!, name))).id
  for (const name of star) await toggleStar(db(), owner.user, ids[name]!)
  return { ...owner, ids }
}

type Owner = Awaited<ReturnType<typeof ownerWithLinks>>
const starNames = async (o: Owner) => (await starList(db(), o.user, o.homepageId)).map((s) => s.name)
/** The page's star module, as the owner's start page draws it (in any bookmark order). */
async function pageStars(o: Owner, sort: 'custom' | 'newest' = 'custom') {
  const resolved = await resolveHomepageById(db(), o.user, o.homepageId)
  const { starIds } = await loadHomepageContent(db(), resolved!, { sort })
  const byId = Object.fromEntries(Object.entries(o.ids).map(([name, id]) => [id, name]))
  return starIds.map((id) => byId[id])
}

describe('mark-star', () => {
  test('a newly starred bookmark goes to the end of the star list; starred again, it goes last again', async () => {
    const o = await ownerWithLinks(['c', 'a', 'e'])
    expect(await starNames(o)).toEqual(['c', 'a', 'e'])
    await toggleStar(db(), o.user, o.ids.a!)
    expect(await starNames(o)).toEqual(['c', 'e'])
    await toggleStar(db(), o.user, o.ids.a!)
    expect(await starNames(o)).toEqual(['c', 'e', 'a'])
    expect(await pageStars(o)).toEqual(['c', 'e', 'a'])
  })

  test('equal places (rows starred before the order existed) list by id', async () => {
    const o = await ownerWithLinks(['d', 'b', 'c'])
    await db().update(sources).set({ likeSort: 0 }).where(inArray(sources.id, [o.ids.b!, o.ids.c!, o.ids.d!]))
    expect(await starNames(o)).toEqual(['b', 'c', 'd'])
    expect(await pageStars(o)).toEqual(['b', 'c', 'd'])
    // Sorting writes distinct places: the order no longer depends on ids.
    await sortStars(db(), o.user, [o.ids.d!])
    expect(await starNames(o)).toEqual(['d', 'b', 'c'])
  })
})

describe('like-sort', () => {
  test('the given ids first in their order, the other starred ones after them in theirs', async () => {
    const o = await ownerWithLinks(['a', 'b', 'c', 'd'])
    expect(await sortStars(db(), o.user, [o.ids.c!, o.ids.a!])).toEqual({ ids: [o.ids.c, o.ids.a, o.ids.b, o.ids.d] })
    expect(await starNames(o)).toEqual(['c', 'a', 'b', 'd'])
    // A stale page that only knew b and c: nothing is lost or doubled.
    await sortStars(db(), o.user, [o.ids.b!, o.ids.c!])
    expect(await starNames(o)).toEqual(['b', 'c', 'a', 'd'])
    // The full list, duplicates dropped.
    await sortStars(db(), o.user, [o.ids.d!, o.ids.a!, o.ids.d!, o.ids.c!, o.ids.b!])
    expect(await starNames(o)).toEqual(['d', 'a', 'c', 'b'])
    // The start page's star module follows it, also when the viewer sorts bookmarks otherwise.
    expect(await pageStars(o)).toEqual(['d', 'a', 'c', 'b'])
    expect(await pageStars(o, 'newest')).toEqual(['d', 'a', 'c', 'b'])
    // A trashed star leaves the list; the others keep their order.
    await trashSources(db(), o.user, [o.ids.a!])
    expect(await starNames(o)).toEqual(['d', 'c', 'b'])
  })

  test('ids that are not starred, trashed, missing or from two homepages: NOT_FOUND, nothing changes', async () => {
    const o = await ownerWithLinks(['a', 'b', 'c'])
    const other = await ownerWithLinks(['a'])
    await trashSources(db(), o.user, [o.ids.c!])
    const before = await starNames(o)
    for (const ids of [[o.ids.d!], [o.ids.b!, o.ids.e!], [o.ids.c!], [o.ids.b!, 2_000_000_000], [], [o.ids.b!, other.ids.a!]]) {
      await expect(sortStars(db(), o.user, ids)).rejects.toThrow(NOT_FOUND)
    }
    expect(await starNames(o)).toEqual(before)
    expect(await starNames(other)).toEqual(['a'])
  })

  test('only the owner: a manager is refused, a stranger learns nothing about which links are starred', async () => {
    const o = await ownerWithLinks(['a', 'b'])
    const { user: manager } = await createUser(db())
    const { user: stranger } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId: o.homepageId, userId: manager.id, permission: 'manager' })
    const ids = [o.ids.b!, o.ids.a!]
    await expect(sortStars(db(), manager, ids)).rejects.toThrow(FORBIDDEN)
    await expect(moveStarStep(db(), manager, o.ids.b!, 'up')).rejects.toThrow(FORBIDDEN)
    // A private homepage: not found at all.
    await expect(sortStars(db(), stranger, ids)).rejects.toThrow(NOT_FOUND)
    // An open one: the same refusal for starred and unstarred links.
    await db().update(homepages).set({ isOpen: true }).where(eq(homepages.id, o.homepageId))
    await expect(sortStars(db(), stranger, ids)).rejects.toThrow(FORBIDDEN)
    await expect(sortStars(db(), stranger, [o.ids.e!])).rejects.toThrow(FORBIDDEN)
    await expect(sortStars(db(), null, ids)).rejects.toThrow('请先登录')
    expect(await starNames(o)).toEqual(['a', 'b'])
  })
})

describe('the no-JS move buttons', () => {
  test('up, down, first, last and a position; nothing past either end', async () => {
    const o = await ownerWithLinks(['a', 'b', 'c', 'd'])
    await moveStarStep(db(), o.user, o.ids.c!, 'up')
    expect(await starNames(o)).toEqual(['a', 'c', 'b', 'd'])
    await moveStarStep(db(), o.user, o.ids.a!, 'down')
    expect(await starNames(o)).toEqual(['c', 'a', 'b', 'd'])
    await moveStarStep(db(), o.user, o.ids.d!, 'first')
    expect(await starNames(o)).toEqual(['d', 'c', 'a', 'b'])
    await moveStarStep(db(), o.user, o.ids.d!, 'last')
    expect(await starNames(o)).toEqual(['c', 'a', 'b', 'd'])
    await moveStarStep(db(), o.user, o.ids.b!, { position: 1 })
    expect(await starNames(o)).toEqual(['b', 'c', 'a', 'd'])
    await moveStarStep(db(), o.user, o.ids.b!, 'up')
    await moveStarStep(db(), o.user, o.ids.d!, 'down')
    expect(await starNames(o)).toEqual(['b', 'c', 'a', 'd'])
    await expect(moveStarStep(db(), o.user, o.ids.e!, 'up')).rejects.toThrow(NOT_FOUND)
  })
})
