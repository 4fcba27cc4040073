import { type APIRequestContext, expect, test } from '@playwright/test'
import { gotoReady, PASSWORD, seriousViolations, toast, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * The start page as it renders (components/homepage/) and the trash page (/user/trash), with
 * JavaScript and without: anchors, folders, module pages, keyboard, paging and axe.
 */

const DEMO = { user_email: 'demo@example.com', user_password: 'qiye-demo-2026' }

async function signInDemo(request: APIRequestContext) {
  const response = await request.post('/api/sign/in', { form: DEMO })
  expect((await response.json()).code).toBe(1)
}

/** A new account (its cookie lands in the context of `request`), with its starter category's id. */
async function signUp(request: APIRequestContext) {
  const response = await request.post('/api/sign/on', {
    form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
  const html = await (await request.get('/')).text()
  const bid = /dialog=bag-menu&amp;bid=(\d+)"/.exec(html)?.[1]
  expect(bid).toBeTruthy()
  return Number(bid)
}

/** A management form of the start page, posted as the page's own forms post it. */
async function postHome(request: APIRequestContext, form: Record<string, string | number>) {
  // Marked same-origin, as a browser marks the page's own forms (the origin guard wants that).
  const response = await request.post('/?index', { form, maxRedirects: 0, headers: { 'Sec-Fetch-Site': 'same-origin' } })
  expect(response.status()).toBe(302)
}

/** A folder with one link in it and a divider after it, in the user's starter category. */
async function folderWithLink(request: APIRequestContext, bid: number) {
  await postHome(request, { intent: 'save-folder', bid, name: '资料夹', summary: '常看的资料' })
  const html = await (await request.get('/')).text()
  const folderId = /<li class="item-folder"><details class="folder">[\s\S]*?<\/details><a href="\?i=(\d+)">/.exec(html)?.[1]
  expect(folderId).toBeTruthy()
  await postHome(request, { intent: 'save-link', bid, parentLinkId: folderId!, name: '夹中网站', url: 'https://inside.example.com/' })
  await postHome(request, { intent: 'save-divider', bid, name: '分隔', align: 'left', style: 'dashed' })
  await postHome(request, { intent: 'save-link', bid, name: '外面网站', url: 'https://outside.example.com/' })
}

test('the anchor list jumps to its category, and 单独打开 shows one module', async ({ page, javaScriptEnabled }) => {
  await gotoReady(page, '/demo', javaScriptEnabled)
  const anchors = page.getByRole('navigation', { name: '分类导航' })
  await expect(anchors).toBeVisible()
  await expect(anchors.getByRole('link')).toHaveText(['常用', '常用', '新闻', '开发', '设计', '导航', '工具', '学习'])
  await anchors.getByRole('link', { name: '学习', exact: true }).click()
  await expect(page).toHaveURL(/\/demo#bag-\d+$/)
  const study = page.getByRole('region', { name: '学习', exact: true })
  await expect(study).toBeInViewport()
  // The list stays in view while the page scrolls (sticky).
  await expect(anchors).toBeInViewport()

  await page.getByRole('link', { name: '单独打开模块 导航' }).click()
  await expect(page).toHaveURL(/\/demo\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: '导航' })).toBeVisible()
  await expect(page.getByRole('link', { name: /百度翻译/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /GitHub/ })).toHaveCount(0)
  await page.locator('.breadcrumb').getByRole('link', { name: '起页示例主页', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: '起页示例主页' })).toBeVisible()
})

test('bookmarks open the site directly in a new tab, counted by ping', async ({ page, javaScriptEnabled }) => {
  await gotoReady(page, '/demo', javaScriptEnabled)
  const github = page.getByRole('link', { name: /^GitHub/ })
  await expect(github).toHaveAttribute('href', 'https://github.com/')
  await expect(github).toHaveAttribute('target', '_blank')
  // No Referer leaves: the page's policy says so (Referrer-Policy: same-origin), not each link.
  expect(await page.evaluate(() => fetch(location.href).then((r) => r.headers.get('Referrer-Policy')))).toBe('same-origin')
  await expect(github).toHaveAttribute('ping', /^\/c\/\d+$/)
})

test('the keyboard reaches the bookmarks, and after the modules the anchor list', async ({ page, javaScriptEnabled }) => {
  await gotoReady(page, '/demo', javaScriptEnabled)
  const reached: string[] = []
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return el ? `${el.tagName}:${el.getAttribute('href') ?? ''}:${el.textContent?.trim() ?? ''}` : ''
    })
    reached.push(focused)
    if (/^A:#bag-\d+:新闻$/.test(focused)) break
  }
  // Drawn beside the modules, the anchor list comes after them in the Tab order (ADR 030).
  const baidu = reached.findIndex((f) => f.startsWith('A:https://www.baidu.com/'))
  expect(baidu).toBeGreaterThan(0)
  expect(reached.at(-1)).toMatch(/^A:#bag-\d+:新闻$/)
  expect(reached.slice(0, baidu).some((f) => f.startsWith('A:#bag-'))).toBe(false)
})

test('a folder lists its bookmarks in a disclosure; a divider and the owner tools show', async ({ page, javaScriptEnabled }) => {
  const bid = await signUp(page.request)
  await folderWithLink(page.request, bid)
  await gotoReady(page, '/', javaScriptEnabled)
  const folder = page.locator('summary', { hasText: '资料夹' })
  await expect(folder).toContainText('1')
  const inside = page.getByRole('link', { name: '夹中网站', exact: true })
  await expect(inside).toBeHidden()
  await folder.click()
  await expect(inside).toBeVisible()
  await expect(inside).toHaveAttribute('href', 'https://inside.example.com/')
  await folder.click()
  await expect(inside).toBeHidden()
  if (javaScriptEnabled) {
    // With JavaScript, Escape or a click elsewhere closes it too.
    await folder.click()
    await expect(inside).toBeVisible()
    // Escape is heard once the popup keys' code has come (popup-keys.ts, loaded as a popup opens).
    await expect(page.locator('html')).toHaveAttribute('data-popup-keys', '')
    await page.keyboard.press('Escape')
    await expect(inside).toBeHidden()
    await expect(folder).toBeFocused()
  }
  await expect(page.getByRole('separator', { name: '分隔' })).toBeAttached()
  // Each bookmark has one menu link (管理, its ⋯) to its menu, where its tools are, by their names.
  for (const [name, dialog] of [
    ['外面网站', 'edit-link'],
    ['资料夹', 'edit-folder'],
    ['分隔', 'edit-divider'],
  ] as const) {
    await gotoReady(page, '/', javaScriptEnabled)
    const item = page.locator('main li').filter({ has: name === '分隔' ? page.getByRole('separator', { name }) : name === '资料夹' ? page.locator('summary', { hasText: name }) : page.getByRole('link', { name, exact: true }) }).first()
    await item.hover()
    await item.getByRole('link', { name: '管理', exact: true }).click()
    const menu = javaScriptEnabled ? page.getByRole('dialog', { name }) : page.getByRole('region', { name })
    await expect(menu.getByRole('link', { name: '编辑', exact: true })).toHaveAttribute('href', new RegExp(`\\?dialog=${dialog}&id=\\d+$`))
    await expect(menu.getByRole('link', { name: '删除', exact: true })).toHaveAttribute('href', /\?dialog=delete-source&id=\d+$/)
    await expect(menu.getByRole('button', { name: '星标', exact: true })).toHaveAttribute('aria-pressed', 'false')
  }
})

test('the star toggle posts to the page and the star module appears', async ({ page, javaScriptEnabled }) => {
  const bid = await signUp(page.request)
  await postHome(page.request, { intent: 'save-link', bid, name: '要加星', url: 'https://star.example.com/' })
  await gotoReady(page, '/', javaScriptEnabled)
  await expect(page.getByRole('region', { name: '星标' })).toHaveCount(0)
  // By keyboard: from the bookmark, Shift+F10 opens its menu (with JavaScript, ADR 030); without
  // JavaScript Tab reaches its menu link, and Enter opens it.
  await page.getByRole('link', { name: '要加星', exact: true }).focus()
  if (javaScriptEnabled) {
    await expect(page.getByRole('link', { name: '要加星', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Shift+F10')
    await page.keyboard.press('Shift+F10')
  } else {
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: '管理', exact: true })).toBeFocused()
    await page.keyboard.press('Enter')
  }
  const menu = javaScriptEnabled ? page.getByRole('dialog', { name: '要加星' }) : page.getByRole('region', { name: '要加星' })
  const star = menu.getByRole('button', { name: '星标', exact: true })
  await star.focus()
  await page.keyboard.press('Enter')
  // The menu stays open (a modal with JavaScript: its own live region too), the page's toaster says it.
  await expect(page.locator('.toaster')).toHaveText('操作成功！')
  // The menu stays open, the toggle pressed; the star module is on the page.
  await expect(menu.getByRole('button', { name: '星标', exact: true })).toHaveAttribute('aria-pressed', 'true')
  // (Behind the modal the page is hidden from assistive technology: found by its id.)
  const starModule = page.locator('#module--1')
  await expect(starModule).toHaveAttribute('aria-labelledby', 'module-title--1')
  await expect(starModule.getByRole('link', { name: '要加星', exact: true, includeHidden: true })).toBeAttached()
})

test('on a module page the toggles post to that page, and its list renders again from the answer', async ({ page, javaScriptEnabled }) => {
  await signInDemo(page.request)
  const moduleUrl = /href="(\/demo\/\d+)" class="module-open" aria-label="单独打开模块 导航"/.exec(await (await page.request.get('/demo')).text())![1]!
  // Each project its own bookmark: the two run at the same time on the same demo.
  const name = javaScriptEnabled ? '百度翻译' : '有道词典'
  await gotoReady(page, moduleUrl, javaScriptEnabled)
  // The menu link of a bookmark shows when the pointer is over it (or the keyboard is in it).
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(`^${name}`) }) })
  await item.hover()
  await item.getByRole('link', { name: '管理', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${moduleUrl}\\?dialog=item&id=\\d+$`))
  const menu = javaScriptEnabled ? page.getByRole('dialog', { name }) : page.getByRole('region', { name })
  const star = () => menu.getByRole('button', { name: '星标', exact: true })
  await expect(star()).toHaveAttribute('aria-pressed', 'false')
  await star().click()
  await expect(page.locator('.toaster')).toHaveText('操作成功！')
  await expect(page).toHaveURL(new RegExp(`${moduleUrl}\\?dialog=item&id=\\d+$`))
  await expect(star()).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('link', { name: new RegExp(`^${name}`), includeHidden: true }).first()).toBeAttached()
  // And back, so the demo stays as it was.
  await star().click()
  await expect(star()).toHaveAttribute('aria-pressed', 'false')
})

async function fillTrash(request: APIRequestContext, bid: number, n: number) {
  for (let i = 1; i <= n; i++) await postHome(request, { intent: 'save-link', bid, name: `废弃${i}`, url: `https://gone${i}.example.com/` })
  const html = await (await request.get('/')).text()
  const ids = [...html.matchAll(/<a href="\?i=(\d+)">/g)].map((m) => m[1]!)
  expect(ids).toHaveLength(n)
  for (const id of ids) await postHome(request, { intent: 'delete-source', id })
}

test('the trash: guests are sent to log in, and back to the trash afterwards', async ({ page, javaScriptEnabled, baseURL }) => {
  await gotoReady(page, '/user/trash', javaScriptEnabled)
  await expect(page).toHaveURL(`${baseURL}/login?redirectTo=%2Fuser%2Ftrash`)
  await expect(page.locator('form#login-form input[name="redirectTo"]')).toHaveValue('/user/trash')
})

test('the trash: restore and delete for good, with a toast', async ({ page, javaScriptEnabled }) => {
  const bid = await signUp(page.request)
  await fillTrash(page.request, bid, 2)
  await gotoReady(page, '/user/trash', javaScriptEnabled)
  await expect(page.getByRole('heading', { level: 1, name: '回收站' })).toBeVisible()
  await expect(page.locator('.site-footer')).toBeHidden()
  await page.getByRole('button', { name: '恢复 废弃1' }).click()
  await expect(toast(page)).toHaveText('操作成功！')
  await expect(page.getByRole('button', { name: '恢复 废弃1' })).toHaveCount(0)
  await page.getByRole('button', { name: '彻底删除 废弃2' }).click()
  await expect(page.getByText('回收站是空的')).toBeVisible()
  await gotoReady(page, '/', javaScriptEnabled)
  await expect(page.getByRole('link', { name: '废弃1', exact: true })).toBeVisible()
})

test('the trash pages by 20: 下一页 without JavaScript, more loaded in place with it', async ({ page, javaScriptEnabled }) => {
  const bid = await signUp(page.request)
  await fillTrash(page.request, bid, 23)
  await gotoReady(page, '/user/trash', javaScriptEnabled)
  const items = page.locator('.trash-item')
  if (javaScriptEnabled) {
    // 加载更多 appends the next page, on its own once it scrolls into view (infinite scroll).
    await expect(page.getByRole('button', { name: /加载更多|加载中/ })).toBeAttached()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect(items).toHaveCount(23)
    await expect(page.getByRole('button', { name: '加载更多' })).toHaveCount(0)
    await expect(page).toHaveURL(/\/user\/trash$/)
  } else {
    await expect(items).toHaveCount(20)
    await page.getByRole('link', { name: '下一页' }).click()
    await expect(page).toHaveURL(/\/user\/trash\?page=2$/)
    await expect(items).toHaveCount(3)
    await page.getByRole('link', { name: '上一页' }).click()
    await expect(items).toHaveCount(20)
  }
})

const AXE_PAGES = [
  { name: 'the demo as a guest', path: '/demo', as: 'guest', heading: '起页示例主页' },
  { name: 'the demo as its owner', path: '/demo', as: 'demo', heading: '起页示例主页' },
  { name: 'a module page as its owner', path: 'module', as: 'demo', heading: '导航' },
  { name: 'the trash as the demo owner', path: '/user/trash', as: 'demo', heading: '回收站' },
  { name: 'a homepage with a folder, a divider and a trash item', path: '/', as: 'new', heading: null },
  { name: 'the trash with items', path: '/user/trash', as: 'new', heading: '回收站' },
] as const

test.describe('accessibility of the start page and the trash (axe)', () => {
  for (const { name, path, as, heading } of AXE_PAGES) {
    test(`${name}: no serious or critical violations`, async ({ page, browser, javaScriptEnabled, baseURL }) => {
      test.slow()
      // axe on the hydrated page, or without JavaScript on the server's HTML in a context of its own (helpers.ts).
      await withAxeView(page, javaScriptEnabled, browser, baseURL, async (view) => {
        const request = view.request
        if (as === 'demo') await signInDemo(request)
        if (as === 'new') {
          const bid = await signUp(request)
          await folderWithLink(request, bid)
          await postHome(request, { intent: 'save-link', bid, name: '丢掉的', url: 'https://dropped.example.com/' })
          const home = await (await request.get('/')).text()
          const dropped = /dialog=delete-source&amp;id=(\d+)" class="tool" data-dialog="" aria-label="删除 丢掉的"/.exec(home)?.[1]
          await postHome(request, { intent: 'delete-source', id: dropped! })
        }
        let url: string = path
        if (path === 'module') url = /href="(\/demo\/\d+)" class="module-open" aria-label="单独打开模块 导航"/.exec(await (await request.get('/demo')).text())![1]!
        await gotoReady(view, url, javaScriptEnabled)
        if (heading) await expect(view.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        if (path === '/') {
          // The folder's popup open too, so its contents are checked.
          await view.locator('summary', { hasText: '资料夹' }).click()
          await expect(view.getByRole('link', { name: '夹中网站', exact: true })).toBeVisible()
        }
        const serious = await seriousViolations(view)
        expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
      })
    })
  }
})
