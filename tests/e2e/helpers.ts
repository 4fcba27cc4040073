import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import sharp from 'sharp'
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'

/** A fresh e-mail per test, so the two projects and parallel workers never collide. */
export function uniqueEmail() {
  return `u${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`
}

/** A nickname within the 20-character limit, unique enough to be found in the header. */
export function uniqueNickname() {
  return `测试${Math.random().toString(36).slice(2, 8)}`
}

export const PASSWORD = 'e2e-secret-2026'

/**
 * With JavaScript: resolves once React has hydrated the page (the footer, last in the tree, has
 * React's props attached) and committed. Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return
  await page.waitForFunction(() => {
    const footer = document.querySelector('.site-footer')
    return Boolean(footer && Object.keys(footer).some((key) => key.startsWith('__reactProps$')))
  })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
}

export async function gotoReady(page: Page, url: string, javaScriptEnabled: boolean) {
  const response = await page.goto(url)
  await hydrated(page, javaScriptEnabled)
  return response
}

/**
 * The `?dialog=` login / register panel: a modal dialog with JavaScript, an inline section
 * (a labelled region) without it.
 */
export function authPanel(page: Page, javaScriptEnabled: boolean, title: '登录' | '注册'): Locator {
  return javaScriptEnabled ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })
}

export const banner = (page: Page) => page.getByRole('banner')
/**
 * The page's flash message: the toaster, or while a modal hides it, the modal's copy. The first,
 * since a dialog that is closing still shows its copy for a moment after the toaster.
 */
export const toast = (page: Page) => page.getByRole('status').first()

/**
 * The toast that follows a sign-up or sign-in. It comes once the password's argon2 hash is done,
 * which on a loaded machine takes longer than expect's 5 s; then it stays its 3 s.
 */
export const expectSignInToast = (page: Page, text: '注册成功，页面即将刷新' | '登录成功') => expect(toast(page)).toHaveText(text, { timeout: 20_000 })

/** The 退出 button, in the header's account dropdown (found while the dropdown is closed too). */
export const logoutButton = (page: Page) => banner(page).getByRole('button', { name: '退出', exact: true, includeHidden: true })

/** Signed in as `nickname`: the header shows the name and its dropdown holds 退出; no 登录 link. */
export async function expectSignedIn(page: Page, nickname: string) {
  await expect(banner(page).locator('.account-name')).toHaveText(nickname)
  await expect(logoutButton(page)).toHaveCount(1)
  await expect(banner(page).getByRole('link', { name: '登录', exact: true })).toHaveCount(0)
}

export async function expectSignedOut(page: Page) {
  await expect(banner(page).getByRole('link', { name: '登录', exact: true })).toBeVisible()
  await expect(banner(page).getByRole('link', { name: '注册', exact: true })).toBeVisible()
  await expect(logoutButton(page)).toHaveCount(0)
}

/** Logs in through the full /login page. */
export async function loginOnPage(page: Page, javaScriptEnabled: boolean, email: string, password: string) {
  await gotoReady(page, '/login', javaScriptEnabled)
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible()
  const form = page.locator('form#login-form')
  await form.getByLabel('邮箱', { exact: true }).fill(email)
  await form.getByLabel('密码', { exact: true }).fill(password)
  await form.getByRole('button', { name: '登录', exact: true }).click()
}

/** 退出 from the account dropdown (a click on the name opens it, with or without JavaScript). */
export async function logout(page: Page) {
  const menu = banner(page).locator('details.account-menu')
  if (!(await menu.evaluate((d: HTMLDetailsElement) => d.open))) await menu.locator('summary').click()
  await menu.getByRole('button', { name: '退出', exact: true }).click()
  await expect(toast(page)).toHaveText('已退出登录')
  await expectSignedOut(page)
}

/**
 * A category's 更多 menu on the start page (a `<details>`, for those who manage nothing): its
 * summary, named by its word and the category.
 */
export function categoryMenu(page: Page, category: string, word: '更多' = '更多') {
  const summary = page.getByLabel(`${word} ${category}`, { exact: true })
  return { summary, details: page.locator('details.category-menu').filter({ has: summary }) }
}

/**
 * Opens a category's menu; its items. 管理 (those who add, edit or manage) is a link to the
 * category's menu dialog (?dialog=bag-menu); 更多 a `<details>` (a click on its summary). Both with
 * or without JavaScript.
 */
export async function openCategoryMenu(page: Page, category: string, word: '管理' | '更多' = '管理') {
  if (word === '管理') {
    await page.getByRole('link', { name: `管理 ${category}`, exact: true }).click()
    const menu = page.getByRole('navigation', { name: `管理 ${category}`, exact: true })
    await expect(menu).toBeVisible()
    return menu
  }
  const { summary, details } = categoryMenu(page, category, word)
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await summary.click()
  await expect(details.locator('.menu')).toBeVisible()
  return details
}

/**
 * Opens a bookmark's menu (its ⋯, a link named 管理 in the bookmark's list item, to ?dialog=item):
 * with JavaScript a dialog, without it a section of the page; titled by the bookmark's name.
 */
export async function openItemMenu(page: Page, name: string, javaScriptEnabled: boolean) {
  const item = page.locator('main li').filter({ has: page.getByRole('link', { name, exact: true }) }).first()
  await item.hover()
  await item.getByRole('link', { name: '管理', exact: true }).click()
  const menu = javaScriptEnabled ? page.getByRole('dialog', { name }) : page.getByRole('region', { name })
  await expect(menu).toBeVisible()
  return menu
}

/** JSON-contract calls with the page's cookies, for what a test sets up rather than tests (answers `data`, fails on code ≠ 1). */
export type Api = (path: string, form: Record<string, string | number>) => Promise<any>

/** The `api` fixture of test.extend: posts as our own pages do (same Origin). */
export async function apiFixture({ page, baseURL }: { page: Page; baseURL: string | undefined }, use: (api: Api) => Promise<void>) {
  await use(async (path, form) => {
    const fields = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]))
    const response = await page.request.post(path, { headers: { Origin: baseURL! }, form: fields })
    const body = await response.json()
    expect(body.code, `${path}: ${body.msg}`).toBe(1)
    return body.data
  })
}

/** Where the e2e config's own SMTP server shows its mails (playwright.config.ts: the app's port + 4). */
export const MAIL_HTTP_PORT = Number(process.env.E2E_PORT || 3199) + 4

/** WCAG relative luminance of an sRGB colour, channels 0–255. */
function luminance(rgb: readonly number[]) {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

/** WCAG contrast ratio of two computed colours (rgb()/rgba() strings). */
export function contrast(a: string, b: string) {
  const channels = (colour: string) => colour.match(/[\d.]+/g)!.slice(0, 3).map(Number)
  return ratio(luminance(channels(a)), luminance(channels(b)))
}

/**
 * The contrast of text as it is shown, whatever lies behind it (a picture, a pseudo-element, which
 * axe's colour check leaves undecided): from a screenshot of the element, its most frequent colour
 * (the background) against the pixel farthest from it in luminance (the glyphs' solid strokes).
 */
export async function shownContrast(locator: Locator) {
  const { data, info } = await sharp(await locator.screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const counts = new Map<number, number>()
  for (let i = 0; i < data.length; i += info.channels) {
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const rgb = (key: number) => [(key >> 16) & 255, (key >> 8) & 255, key & 255]
  const background = luminance(rgb([...counts].sort((a, b) => b[1] - a[1])[0]![0]))
  return Math.max(...[...counts.keys()].map((key) => ratio(luminance(rgb(key)), background)))
}

/** What one axe scan adds to its test's time budget. */
const AXE_SCAN_ALLOWANCE = 30_000

/** The serious and critical axe violations (WCAG 2.1 A and AA, best practice) of the page, or of the part `include` selects. */
export async function seriousViolations(page: Page, include?: string) {
  // A scan is the heaviest step of a test (seconds on an idle core, far more on CI's two busy
  // ones): each one brings its own time, so a test's budget grows with the scans it runs.
  test.info().setTimeout(test.info().timeout + AXE_SCAN_ALLOWANCE)
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
  const results = await (include ? builder.include(include) : builder).analyze()
  // axe really ran: it checked some rules on a non-empty page.
  expect(results.passes.length).toBeGreaterThan(0)
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`) }))
}

/**
 * Runs `check` on a page axe can look at as this project's browser shows it: with JavaScript the
 * page itself; without, a page with the same cookies in a context that runs axe (its timers never
 * fire with JavaScript off) but refuses every script of ours, leaving the server's HTML.
 */
export async function withAxeView(page: Page, javaScriptEnabled: boolean, browser: Browser, baseURL: string | undefined, check: (view: Page) => Promise<void>) {
  if (javaScriptEnabled) return check(page)
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true, storageState: await page.context().storageState() })
  try {
    await context.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
    await check(await context.newPage())
  } finally {
    await context.close()
  }
}

/** No serious or critical axe violations on the page as it is now (without JavaScript: the server's HTML of the same address). */
export async function expectNoSeriousViolations(page: Page, javaScriptEnabled: boolean, browser: Browser, baseURL: string | undefined, include?: string) {
  await withAxeView(page, javaScriptEnabled, browser, baseURL, async (view) => {
    if (view !== page) await view.goto(page.url())
    const serious = await seriousViolations(view, include)
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
  })
}

/** Each page, by path, shows its h1 and has no serious or critical axe violations (`view` as withAxeView gives it). */
export async function expectPagesWithoutSeriousViolations(view: Page, javaScriptEnabled: boolean, pages: readonly (readonly [path: string, heading: string])[]) {
  for (const [path, heading] of pages) {
    await gotoReady(view, path, javaScriptEnabled)
    await expect(view.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    const serious = await seriousViolations(view)
    expect(serious, `${path}: ${JSON.stringify(serious, null, 2)}`).toEqual([])
  }
}

/** A POST to /api that must succeed (code 1); answers its data. */
export async function postOk(page: Page, baseURL: string, path: string, form: Record<string, string | number>) {
  const body = await (await page.request.post(path, { headers: { Origin: baseURL }, form })).json()
  expect(body.code, `${path}: ${body.msg}`).toBe(1)
  return body.data
}

/** A new account, signed in on `page` (its cookies); answers its homepage's id. */
export async function signUpByApi(page: Page, baseURL: string, nickname = uniqueNickname()) {
  await postOk(page, baseURL, '/api/sign/on', { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD })
  return (await (await page.request.get('/api/site/init-info')).json()).data.homepageId as number
}

/** Imports a browser export of tests/fixtures/bookmarks whole into the homepage (its top folders become modules); answers the upload's file id. */
export async function importWhole(page: Page, baseURL: string, homepageId: number, file: string) {
  const uploaded = await page.request.post('/api/import/upload', {
    headers: { Origin: baseURL },
    multipart: { file: { name: file, mimeType: 'text/html', buffer: await readFile(join(import.meta.dirname, '..', 'fixtures', 'bookmarks', file)) } },
  })
  const { code, fileId } = await uploaded.json()
  expect(code).toBe(1)
  const tree = (await (await page.request.get(`/api/import/folder?fileId=${fileId}`)).json()).data
  const tops = tree.list.filter((f: { parentId: number | null }) => f.parentId === null).map((f: { id: number }) => f.id)
  await postOk(page, baseURL, '/api/source/import', { fileId, folderIds: tops.join(','), homepageId })
  return fileId as number
}

/** Bookmarks (links and folders) wholly inside the viewport and inside their category's scroll box. */
export function wholeInView(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.link-grid > li > :first-child')].filter((el) => {
      const r = el.getBoundingClientRect()
      const box = el.closest('.link-grid')!.getBoundingClientRect()
      return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.top >= box.top - 1 && r.bottom <= box.bottom + 1
    }).length,
  )
}

/** A link of the owner's 工具 menu (homepage-tools.tsx), the menu opened first when it is not. */
export async function ownerTool(page: Page, name: string) {
  const menu = page.locator('details.tools-menu')
  if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open))) await menu.locator('summary').click()
  return menu.getByRole('link', { name, exact: true })
}

/** With JavaScript, once the start page's keyboard paths are set (tab-stops.ts, loaded after the page is drawn). */
export async function tabStopsReady(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.waitForFunction(() => document.querySelector('.module-tabs a[tabindex], .link-grid [aria-keyshortcuts]') !== null)
}

/** A new account, signed in on `page`, with the Chrome export of tests/fixtures imported whole (issue 22's homepage); answers its homepage's id. */
export async function ownerWithImport(page: Page, baseURL: string) {
  const homepageId = await signUpByApi(page, baseURL)
  await importWhole(page, baseURL, homepageId, 'chrome-zh-deep-imported-folders.html')
  return homepageId
}
