import { type Browser, expect, type Page, test } from '@playwright/test'
import { gotoReady, ownerTool, PASSWORD, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * 记住上次选中的模块 / 分类 (issue 15, homepage/remember.ts): with a switch on, the module tab or
 * category anchor the viewer chose last is marked and the start page, opened again without a
 * hash, is scrolled to it; with the switches off nothing is remembered. Remembering needs
 * JavaScript (without it a click on an anchor only changes the address's hash).
 */

/** Wide enough for the category navigation beside the list, narrow enough for one category a row. */
const VIEWPORT = { width: 880, height: 600 }

type Setup = { homepageId: number; second: number; fill: number[] }

async function api(page: Page, baseURL: string, path: string, form: Record<string, string>) {
  const response = await page.request.post(path, { headers: { Origin: baseURL }, form })
  const body = await response.json()
  expect(body.code, `${path}: ${body.msg}`).toBe(1)
  return body.data
}

/**
 * A new owner whose start page is longer than the window: the starter module 常用 with four more
 * categories of six bookmarks, one a row (填充1…4), then the module 第二模块 with three (远方1…3).
 */
async function setUp(page: Page, baseURL: string): Promise<Setup> {
  await page.setViewportSize(VIEWPORT)
  const signedUp = await page.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await signedUp.json()).code).toBe(1)
  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  const tree = (await (await page.request.get(`/api/bag/get-create?homepageId=${info.homepageId}`)).json()).data
  const bag = async (moduleId: number, name: string) => {
    const bid = (await api(page, baseURL, '/api/bag/add', { moduleId: String(moduleId), name, icon: 'tabler:star' })).bid as number
    for (let i = 0; i < 6; i++) await api(page, baseURL, '/api/source/add', { bid: String(bid), sour_name: `${name}站${i}`, sour_url: `https://example.com/${bid}/${i}` })
    // One bookmark a row on the whole row: six rows, so that the page is longer than the window.
    await api(page, baseURL, '/api/bag/set-card-config', { bid: String(bid), column: '3', linkColumn: '1' })
    return bid
  }
  const fill: number[] = []
  for (let n = 1; n <= 4; n++) fill.push(await bag(tree[0].value, `填充${n}`))
  const second = (await api(page, baseURL, '/api/module/add', { homepageId: String(info.homepageId), name: '第二模块', icon: 'tabler:star', moduleType: '0' })).moduleId as number
  for (let n = 1; n <= 3; n++) await bag(second, `远方${n}`)
  return { homepageId: info.homepageId, second, fill }
}

/** Both switches of the layout drawer set and saved, as the owner. */
async function setSwitches(page: Page, on: boolean) {
  await (await ownerTool(page, '布局')).click()
  const drawer = page.getByRole('dialog', { name: '布局设置' })
  for (const name of ['记住上次选中的模块', '记住上次选中的分类']) await drawer.getByRole('switch', { name }).setChecked(on)
  await drawer.getByRole('button', { name: '保存设置' }).click()
  // The toaster itself: the drawer's sliders are status outputs too (as in layout.test.ts).
  await expect(page.locator('.toaster')).toHaveText('所有设置已保存成功~')
  await expect(drawer).toHaveCount(0)
}

// Seventy calls to set up, then several page loads, on a loaded machine.
test.describe.configure({ timeout: 90_000 })

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: '模块' }).getByRole('link', { name, exact: true })
const anchor = (page: Page, name: string) => page.getByRole('navigation', { name: '分类导航' }).getByRole('link', { name, exact: true })

/**
 * The start page opened anew at `/` (no hash, a new history entry: nothing for the browser to
 * restore), once the page's first effects have run (drag sorting, which loads after them, is ready).
 */
async function reopen(page: Page, url = '/') {
  await gotoReady(page, url, true)
  await page.locator('.homepage[data-drag-ready]').waitFor({ state: 'attached' })
}

/** A guest in a browser of their own (no drag sorting: the page's effects are waited for by the assertions). */
async function guestPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true, viewport: VIEWPORT })
  return context.newPage()
}

/**
 * Scrolled to `selector`, not merely showing it: the page is where a link to it would have
 * scrolled it (scrollIntoView, tried and undone, moves it by a few pixels at most: the page can
 * settle after the browser scrolled to an address's hash), and that is not the top.
 */
async function expectOpenedAt(page: Page, selector: string) {
  await expect(page.locator(selector)).toBeInViewport()
  const atIt = (s: string) => {
    const y = scrollY
    document.querySelector(s)!.scrollIntoView()
    const moved = Math.abs(scrollY - y)
    scrollTo(0, y)
    return y > 0 && moved <= 8
  }
  await expect.poll(() => page.evaluate(atIt, selector)).toBe(true)
}

/** At the top, nothing marked. */
async function expectNothingRemembered(page: Page, { second, fill }: Setup) {
  await expect(page.locator(`#module-${second}`)).not.toBeInViewport()
  await expect(page.locator(`#bag-${fill[2]}`)).not.toBeInViewport()
  await expect(page.locator('.module-tabs a[aria-current], .anchor-nav a[aria-current]')).toHaveCount(0)
  expect(await page.evaluate(() => scrollY)).toBe(0)
}

test('with the switches on, the start page opens at the module tab, then the category anchor, chosen last, and marks them @js-only', async ({ page, baseURL }) => {
  const setup = await setUp(page, baseURL!)
  await reopen(page)
  // The page is longer than the window: what is chosen below is not in view at the top.
  await expectNothingRemembered(page, setup)
  await setSwitches(page, true)

  await tab(page, '第二模块').click()
  await expect(tab(page, '第二模块')).toHaveAttribute('aria-current', 'true')
  await reopen(page)
  await expectOpenedAt(page, `#module-${setup.second}`)
  await expect(tab(page, '第二模块')).toHaveAttribute('aria-current', 'true')
  await expect(anchor(page, '第二模块')).toHaveAttribute('aria-current', 'true')
  await expect(tab(page, '常用')).not.toHaveAttribute('aria-current', /./)

  // A category above it, chosen later, is where the page opens; the module tab stays marked.
  await anchor(page, '填充3').click()
  await reopen(page)
  await expectOpenedAt(page, `#bag-${setup.fill[2]}`)
  await expect(anchor(page, '填充3')).toHaveAttribute('aria-current', 'true')
  await expect(page.locator('.anchor-nav a[href^="#bag-"][aria-current]')).toHaveCount(1)
  await expect(tab(page, '第二模块')).toHaveAttribute('aria-current', 'true')

  // A hash in the address wins over what is remembered (opened from elsewhere: a full load).
  await page.goto('about:blank')
  await reopen(page, `/#module-${setup.second}`)
  await expectOpenedAt(page, `#module-${setup.second}`)
})

test('with the switches off nothing is remembered: not a choice made while off, nor one made before they were turned off @js-only', async ({ page, baseURL }) => {
  const setup = await setUp(page, baseURL!)
  await reopen(page)
  await tab(page, '第二模块').click()
  await anchor(page, '填充3').click()
  await expect(anchor(page, '填充3')).not.toHaveAttribute('aria-current', /./)
  await reopen(page)
  await expectNothingRemembered(page, setup)

  // Turned on, the choices made while off are still not remembered: only one made now (the
  // page opens at it, so the remembering code has run) is.
  await setSwitches(page, true)
  await reopen(page)
  await expectNothingRemembered(page, setup)
  await anchor(page, '填充2').click()
  await reopen(page)
  await expectOpenedAt(page, `#bag-${setup.fill[1]}`)
  await expect(anchor(page, '填充2')).toHaveAttribute('aria-current', 'true')
  await expect(tab(page, '第二模块')).not.toHaveAttribute('aria-current', /./)
  await expect(page.locator('.module-tabs a[aria-current], .anchor-nav a[aria-current]')).toHaveCount(1)

  // Turned off, what was remembered is unmarked at once and not applied any more.
  await tab(page, '第二模块').click()
  await reopen(page)
  await expectOpenedAt(page, `#module-${setup.second}`)
  await setSwitches(page, false)
  await expect(tab(page, '第二模块')).not.toHaveAttribute('aria-current', /./)
  await reopen(page)
  await expectNothingRemembered(page, setup)
})

test('a guest of a public homepage has their own memory, kept in their browser: a choice sends nothing @js-only', async ({ page, browser, baseURL }) => {
  const setup = await setUp(page, baseURL!)
  const code = `keep-${Math.random().toString(36).slice(2, 8)}`
  await api(page, baseURL!, '/api/homepage/add', { homepageId: String(setup.homepageId), title: '记住测试', icon: 'tabler:home', code })
  await api(page, baseURL!, '/api/homepage/set-open-status', { homepageId: String(setup.homepageId) })
  await reopen(page)
  await setSwitches(page, true)
  // The owner's own choice stays in the owner's browser.
  await anchor(page, '填充3').click()

  const guest = await guestPage(browser, baseURL!)
  try {
    await gotoReady(guest, `/${code}`, true)
    await expect(guest.locator(`#bag-${setup.fill[2]}`)).not.toBeInViewport()
    await expect(guest.locator('.module-tabs a[aria-current], .anchor-nav a[aria-current]')).toHaveCount(0)
    const sent: string[] = []
    guest.on('request', (request) => {
      if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`)
    })
    await tab(guest, '第二模块').click()
    await expect(tab(guest, '第二模块')).toHaveAttribute('aria-current', 'true')
    expect(sent).toEqual([])
    await gotoReady(guest, `/${code}`, true)
    await expectOpenedAt(guest, `#module-${setup.second}`)
    await expect(tab(guest, '第二模块')).toHaveAttribute('aria-current', 'true')
    await expect(guest.locator('.anchor-nav a[href^="#bag-"][aria-current]')).toHaveCount(0)
  } finally {
    await guest.context().close()
  }
})
