import { expect, type Page, test } from '@playwright/test'
import { gotoReady, ownerWithImport, postOk, wholeInView } from './helpers.ts'

/**
 * The first screen belongs to the bookmarks (issue 22, items 1 and 2), at 1280×800, with
 * JavaScript and without (the server's HTML alone is as dense): a browser export imported whole
 * shows at least 36 whole bookmarks without scrolling, no short name is cut, 每行最多书签数 and the
 * card style change how many a row holds.
 */

/** How many bookmarks the first row of a category's list holds (those level with its first). */
function firstRow(page: Page, bid: string) {
  return page.evaluate((id) => {
    const items = [...document.querySelectorAll(`#${id} > .link-grid > li`)].map((li) => li.getBoundingClientRect().top)
    return items.filter((top) => Math.abs(top - items[0]!) < 2).length
  }, bid)
}

test.describe.configure({ timeout: 120_000 })

test('1280×800: an imported homepage fills the first screen with whole bookmarks; 每行最多书签数 and the card style change a row', async ({ page, baseURL, javaScriptEnabled: js }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const homepageId = await ownerWithImport(page, baseURL!)
  await gotoReady(page, '/', js)
  const category = page.locator('section.category').filter({ has: page.getByRole('heading', { name: 'Android大佬文章', exact: true }) })
  await expect(category).toBeVisible()

  await test.step('the chrome above the first category is at most a third of the screen', async () => {
    expect(await page.evaluate(() => scrollY)).toBe(0)
    const first = await page.locator('section.category').first().boundingBox()
    expect(first!.y).toBeLessThanOrEqual(800 / 3)
  })

  await test.step('at least 36 whole bookmarks in the first screen, no scrolling', async () => {
    expect(await wholeInView(page)).toBeGreaterThanOrEqual(36)
  })

  await test.step('no name of 8 characters or fewer is cut, by width or by the two-line clamp', async () => {
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.link-grid > li > a:first-child')]
        .filter((a) => Array.from(a.textContent!.trim()).length <= 8)
        .filter((a) => a.scrollWidth > a.clientWidth || a.scrollHeight > a.clientHeight)
        .map((a) => a.textContent),
    )
    expect(cut).toEqual([])
  })

  await test.step('a long name carries its full name and address as its tooltip; its accessible name stays the name', async () => {
    const link = category.getByRole('link', { name: 'Android 进程间通信 | 吴小龙同學', exact: true })
    await expect(link).toHaveAttribute('title', 'Android 进程间通信 | 吴小龙同學\nhttp://wuxiaolong.me/2018/02/15/AndroidIPC/')
    // A short name is shown whole and needs none.
    await expect(category.getByRole('link', { name: '技术小黑屋', exact: true })).not.toHaveAttribute('title')
  })

  const bid = (await category.getAttribute('id'))!
  await postOk(page, baseURL!, '/api/bag/set-card-config', { bid: bid.replace('bag-', ''), column: 3 })
  await test.step('a full-width category holds 6 a row by default, 3 after 每行最多书签数 3', async () => {
    await gotoReady(page, '/', js)
    expect(await firstRow(page, bid)).toBe(6)
    await postOk(page, baseURL!, '/api/homepage/set-layout', { homepageId, websiteBookmarkColumn: 3 })
    await gotoReady(page, '/', js)
    expect(await firstRow(page, bid)).toBe(3)
  })

  await test.step('the card style: a tile grid of at least 8 a row', async () => {
    await postOk(page, baseURL!, '/api/homepage/set-layout', { homepageId, websiteBookmarkColumn: 6, websiteBookmarkStyle: 'card' })
    await gotoReady(page, '/', js)
    expect(await firstRow(page, bid)).toBeGreaterThanOrEqual(8)
    const tile = await category.locator('.link-grid > li').first().boundingBox()
    expect(tile!.width).toBeGreaterThanOrEqual(80)
    expect(tile!.width).toBeLessThanOrEqual(110)
  })

  await test.step('a phone (390 px) scrolls no page sideways, in either style', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await postOk(page, baseURL!, '/api/homepage/set-layout', { homepageId, websiteBookmarkStyle: 'default' })
    await gotoReady(page, '/', js)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
