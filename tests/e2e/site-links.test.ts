import { expect, type Page, test } from '@playwright/test'
import { gotoReady, signUpByApi } from './helpers.ts'

/**
 * Every link of the header's menu, the side buttons and the footer leads to a page that answers
 * 200 with content (issue 25, Must show), for a guest and a signed-in user, with JavaScript and
 * without. The links are read from the start page as drawn, not listed here: an entry added
 * later (发现, 手机版) is walked too.
 */

const NOT_FOUND = '当前页面不存在或已被删除'

/** The same-origin addresses of the three link groups of the start page, with the group each came from. */
async function siteLinks(page: Page) {
  return page.evaluate(() => {
    const groups = {
      menu: document.querySelector('header nav[aria-label="主菜单"]'),
      side: document.querySelector('nav[aria-label="快捷按钮"]'),
      footer: document.querySelector('footer.site-footer'),
    }
    const links: { group: string; name: string; href: string }[] = []
    for (const [group, root] of Object.entries(groups)) {
      for (const a of root?.querySelectorAll('a[href]') ?? []) {
        const url = new URL((a as HTMLAnchorElement).href)
        // 回到顶部 (#main) is a place on this page, not a page to walk.
        if (url.origin !== location.origin || (url.hash && url.pathname === location.pathname && url.search === location.search)) continue
        links.push({ group, name: (a.textContent ?? '').trim(), href: url.pathname + url.search })
      }
    }
    return links
  })
}

async function walk(page: Page, js: boolean) {
  await gotoReady(page, '/', js)
  const links = await siteLinks(page)
  const groups = new Set(links.map((link) => link.group))
  expect([...groups].sort()).toEqual(['footer', 'menu', 'side'])
  // What the spec's menu, side buttons and footer have today, at least.
  const names = links.map((link) => link.name)
  for (const name of ['首页', '小组', '发现', '工具箱', '帮助', '插件', 'AI搜索', '友情链接', '更新日志', '网站地图', '手机版', '服务条款', '隐私政策']) {
    // 发现 may carry its 'new' badge in its text.
    expect(names.some((n) => n === name || n.startsWith(`${name}new`)), name).toBe(true)
  }
  for (const link of links) {
    const label = `${link.group} ${link.name} ${link.href}`
    const response = await page.goto(link.href)
    expect(response?.status(), label).toBe(200)
    // By element, not role: with JavaScript a dialog link (笔记, 皮肤) opens its modal, which hides the page from the accessibility tree.
    const main = page.locator('main').first()
    await expect(main, label).toBeVisible()
    // The page's title: in its main, or in the mobile site's own top bar (手机版).
    const heading = page.locator('h1').first()
    await expect(heading, label).toBeVisible()
    await expect(heading, label).not.toHaveText(NOT_FOUND)
    expect((await main.innerText()).trim().length, label).toBeGreaterThan(20)
  }
  return links
}

test('as a guest, every link of the header menu, the side buttons and the footer is a page with content', async ({ page, javaScriptEnabled: js }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await walk(page, js)
})

test('signed in, every link of the header menu, the side buttons and the footer is a page with content', async ({ page, baseURL, javaScriptEnabled: js }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUpByApi(page, baseURL!)
  const links = await walk(page, js)
  // The owner's start page has the notebook and the skin drawer among its side buttons.
  expect(links.map((link) => link.name)).toEqual(expect.arrayContaining(['笔记', '皮肤']))
})
