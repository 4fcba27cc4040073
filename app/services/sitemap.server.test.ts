import { describe, expect, test } from 'vitest'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { createOwner } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { trashBag } from './bag.server.ts'
import { shareBag, unshareBag } from './category-share.server.ts'
import { createHomepage, toggleHomepageOpen, trashHomepage, updateHomepage } from './homepages.server.ts'
import { pageNumber, sitemapEntries, sitemapSize } from './sitemap.server.ts'

const db = useTestDb()

const paths = async () => (await sitemapEntries(db(), 0, 1000)).map((entry) => entry.path)

describe('the sitemap', () => {
  test('lists open homepages (by their code) and shared categories; never a private, trashed or unshared one', async () => {
    const { user, homepageId, bids } = await createOwner(db(), ['分享的', '不分享的', '删掉的'])
    const code = `site-${user.id}`
    // A fresh account's homepage is private: not listed.
    expect(await paths()).not.toContain(`/${code}`)
    await updateHomepage(db(), user, { ...HomepageSchema.parse({ title: '公开的主页', icon: 'tabler:home', code }), homepageId })
    expect(await paths()).not.toContain(`/${code}`)
    await toggleHomepageOpen(db(), user, homepageId)
    const open = (await sitemapEntries(db(), 0, 1000)).find((entry) => entry.path === `/${code}`)
    expect(open).toMatchObject({ kind: 'homepage', title: '公开的主页' })

    const [shared, unshared, trashed] = bids as [number, number, number]
    await shareBag(db(), user, shared, '')
    await shareBag(db(), user, unshared, '')
    await unshareBag(db(), user, unshared)
    await shareBag(db(), user, trashed, '')
    await trashBag(db(), user, trashed)
    const listed = await paths()
    expect(listed).toContain(`/collection/${shared}`)
    expect(listed).not.toContain(`/collection/${unshared}`)
    expect(listed).not.toContain(`/collection/${trashed}`)

    // A second homepage, open, then trashed: gone, and so are its shared categories.
    const second = await createHomepage(db(), user, HomepageSchema.parse({ title: '第二个', icon: 'tabler:home', code: `second-${user.id}` }))
    await toggleHomepageOpen(db(), user, second.id)
    expect(await paths()).toContain(`/second-${user.id}`)
    await trashHomepage(db(), user, second.id)
    expect(await paths()).not.toContain(`/second-${user.id}`)
    // Closing the first takes it out; its shared category stays (anyone may read it at /collection).
    await toggleHomepageOpen(db(), user, homepageId)
    expect(await paths()).not.toContain(`/${code}`)
    expect(await paths()).toContain(`/collection/${shared}`)
  })

  test('pages: homepages first, then categories, each entry on exactly one page, across the boundary', async () => {
    for (let i = 0; i < 3; i++) {
      const { user, homepageId, bids } = await createOwner(db(), ['甲', '乙'])
      await updateHomepage(db(), user, { ...HomepageSchema.parse({ title: `页${i}`, icon: 'tabler:home', code: `paged-${user.id}` }), homepageId })
      await toggleHomepageOpen(db(), user, homepageId)
      for (const bid of bids) await shareBag(db(), user, bid, '')
    }
    const size = await sitemapSize(db())
    expect(size.total).toBe(size.homepages + size.categories)
    const all = await sitemapEntries(db(), 0, size.total)
    expect(all).toHaveLength(size.total)
    const kinds = all.map((entry) => entry.kind)
    expect(kinds.indexOf('category')).toBe(size.homepages)
    // Pages of 4 (the boundary falls inside one of them): together exactly the whole list, in order.
    const paged = []
    for (let offset = 0; offset < size.total; offset += 4) paged.push(...(await sitemapEntries(db(), offset, 4)))
    expect(paged.map((entry) => entry.path)).toEqual(all.map((entry) => entry.path))
    expect(await sitemapEntries(db(), size.total, 4)).toEqual([])
  })

  test('a page number is a whole number from 1', () => {
    expect(pageNumber(null)).toBe(1)
    expect(pageNumber('3')).toBe(3)
    for (const bad of ['0', '-1', '1.5', 'x', '01', '', '9999999999']) expect(pageNumber(bad), bad).toBeNull()
  })
})
