import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations, hydrated, logoutButton } from './helpers.ts'

/**
 * Phones (issue 25 item 4, spec §2 mobile guard): a signed-in Android or iPhone browser lands on
 * the mobile site, 电脑版 and 手机版 switch and stay switched; with JavaScript, the service worker
 * shows the last start page seen when the network is down, and the offline page for a page never
 * seen; the network indicator comes and goes.
 */

const PHONES = {
  Android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
}

test.use({ viewport: { width: 390, height: 844 } })

/** Signs the demo account in on this context (its cookies), through the JSON sign-in. */
async function signInDemo(page: Page, baseURL: string | undefined) {
  const response = await page.request.post('/api/sign/in', {
    headers: { Origin: baseURL! },
    data: { user_email: 'demo@example.com', user_password: 'qiye-demo-2026' },
  })
  expect((await response.json()).code).toBe(1)
}

const mobileBar = (page: Page) => page.getByRole('navigation', { name: '手机版导航' })
const firstTile = (page: Page) => page.locator('.m-grid > li > a').first()

async function expectMobileLayout(page: Page) {
  await expect(page).toHaveURL(/\/m(\?layout=mobile)?$/)
  await expect(mobileBar(page)).toBeVisible()
  for (const name of ['首页', '搜索', '添加', '我的']) await expect(mobileBar(page).getByRole('link', { name })).toBeVisible()
  await expect(page.getByRole('navigation', { name: '模块' })).toBeVisible()
  await expect(firstTile(page)).toBeVisible()
  await expect(page.locator('.site-header')).toHaveCount(0)
}

for (const [phone, userAgent] of Object.entries(PHONES)) {
  test.describe(phone, () => {
    test.use({ userAgent })

    test(`a signed-in ${phone} browser lands on the mobile site`, async ({ page, baseURL }) => {
      await signInDemo(page, baseURL)
      await page.goto('/')
      await expectMobileLayout(page)
      // The bottom bar stays in thumb reach: at the bottom of the screen, over the list.
      const bar = (await mobileBar(page).boundingBox())!
      expect(bar.y + bar.height).toBe(844)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'nothing overflows sideways').toBe(0)
    })
  })
}

test.describe('the layout switch', () => {
  test.use({ userAgent: PHONES.iPhone })

  test('the mobile site has no serious axe violations: a user’s by day, a guest’s by night', async ({ page, context, browser, baseURL, javaScriptEnabled }) => {
    test.slow()
    await signInDemo(page, baseURL)
    await page.goto('/m')
    await expect(firstTile(page)).toBeVisible()
    await expectNoSeriousViolations(page, javaScriptEnabled, browser, baseURL)
    await context.clearCookies()
    const night = encodeURIComponent(Buffer.from(JSON.stringify({ theme: 1 })).toString('base64'))
    await context.addCookies([{ name: 'qy_theme', value: night, url: baseURL! }])
    await page.goto('/m')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(firstTile(page)).toBeVisible()
    await expectNoSeriousViolations(page, javaScriptEnabled, browser, baseURL)
  })

  test('电脑版 and 手机版 round-trip, and the choice is kept', async ({ page, baseURL, javaScriptEnabled }) => {
    test.slow()
    await signInDemo(page, baseURL)
    await page.goto('/')
    await expectMobileLayout(page)
    await page.locator('.m-switch').click()
    await expect(page).toHaveURL(/\/$/)
    await hydrated(page, javaScriptEnabled)
    await expect(page.locator('.site-header')).toBeVisible()
    // The choice is kept: the start page stays the desktop's.
    await page.goto('/')
    await expect(page.locator('.site-header')).toBeVisible()
    await expect(mobileBar(page)).toHaveCount(0)
    await page.locator('.site-footer').getByRole('link', { name: '手机版' }).click()
    await expectMobileLayout(page)
    await page.goto('/')
    await expectMobileLayout(page)
  })
})

/** Resolves when the service worker controls the page and has kept the page's copy under `path`. */
async function keptByWorker(page: Page, path: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.waitForFunction(async (p) => (await caches.keys()).some((name) => name.startsWith('qy-pages-')) && Boolean(await caches.match(p)), path)
}

async function offline(context: BrowserContext, value: boolean) {
  await context.setOffline(value)
}

test.describe('offline @js-only', () => {
  test.use({ userAgent: PHONES.Android, serviceWorkers: 'allow' })

  test('the service worker installs; offline, the start page last seen shows with its bookmarks, a page never seen the offline page', async ({ page, context, baseURL }) => {
    test.slow()
    await signInDemo(page, baseURL)
    await page.goto('/')
    await expectMobileLayout(page)
    // Installed from this page; it controls it once active (clients.claim), then keeps the next visit.
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state === 'activated')
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.reload()
    await keptByWorker(page, '/m')
    const tile = (await firstTile(page).textContent())!.trim()
    expect(tile).not.toBe('')

    await offline(context, true)
    await page.reload()
    await expect(mobileBar(page)).toBeVisible()
    await expect(firstTile(page)).toHaveText(tile)
    // The installed app's start address, `/`, shows the same copy.
    await page.goto('/')
    await expect(firstTile(page)).toHaveText(tile)
    // A page never seen: the offline page, in Chinese.
    await page.goto('/user/account')
    await expect(page.getByRole('heading', { level: 1, name: '网络已断开' })).toBeVisible()
    await expect(page.getByText('打开过的起始页在离线时会显示最后一次看到的内容。')).toBeVisible()
    await offline(context, false)
  })

  test('signing out forgets the pages kept for the user', async ({ page, context, baseURL }) => {
    test.slow()
    await signInDemo(page, baseURL)
    await page.goto('/m')
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.reload()
    await keptByWorker(page, '/m')
    // Signed out in this browser: the POST goes through the worker, and the guest's page after it names another viewer.
    await page.evaluate(() => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = '/logout'
      document.body.append(form)
      form.submit()
    })
    await page.waitForURL((url) => url.pathname === '/')
    await hydrated(page, true)
    await page.waitForFunction(async () => !(await caches.match('/m')))
    await offline(context, true)
    await page.goto('/m')
    await expect(page.getByRole('heading', { level: 1, name: '网络已断开' })).toBeVisible()
    await offline(context, false)
  })
})

test('the network indicator says 网络已断开, then 网络已恢复, then clears @js-only', async ({ page, context }) => {
  await page.goto('/help')
  await hydrated(page, true)
  const status = page.locator('#net-status')
  await expect(status).toHaveAttribute('role', 'status')
  await expect(status).toBeEmpty()
  await offline(context, true)
  await expect(status).toHaveText('网络已断开')
  await expect(status).toBeVisible()
  await offline(context, false)
  await expect(status).toHaveText('网络已恢复')
  await expect(status).toBeEmpty()
})

test('a chunk that fails to load reloads the page once, and not again within the minute @js-only', async ({ page, baseURL }) => {
  test.slow()
  await signInDemo(page, baseURL)
  // The signed-in header's account menu is a lazy part its page loads at once: its chunk never comes.
  await page.route(/\/assets\/account-menu-[\w-]+\.js$/, (route) => route.abort())
  // Runs after the page's own listener: whether it took the failure as its reload. Each document
  // also counts itself in the tab's sessionStorage, which outlives the reload.
  await page.addInitScript(() => {
    sessionStorage.setItem('qy-test-docs', String(Number(sessionStorage.getItem('qy-test-docs')) + 1))
    addEventListener('vite:preloadError', (event) => setTimeout(() => ((window as unknown as { qyPrevented: boolean }).qyPrevented = event.defaultPrevented)))
  })
  await page.goto('/help')
  // The first failure reloaded the page; in the second document the next one is left to throw.
  const second = await page.waitForFunction(() =>
    sessionStorage.getItem('qy-test-docs') === '2' && (window as unknown as { qyPrevented?: boolean }).qyPrevented === false
      ? Number(sessionStorage.getItem('qy-chunk-reload'))
      : 0,
  )
  expect(await second.jsonValue()).toBeGreaterThan(0)
  // And no third document.
  expect(await page.evaluate(() => sessionStorage.getItem('qy-test-docs'))).toBe('2')
})

test('offline, a part whose code fails to load keeps its HTML, without a reload, and loads once the browser is back online @js-only', async ({ page, baseURL }) => {
  await signInDemo(page, baseURL)
  // The signed-in header's account menu, a lazy part its page loads at once: its chunk fails.
  await page.route(/\/assets\/account-menu-[\w-]+\.js$/, (route) => route.abort())
  // The browser says it is offline until the test says otherwise (the page reads navigator.onLine).
  await page.addInitScript(() => {
    const state = window as unknown as { qyOnline: boolean }
    state.qyOnline = false
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => state.qyOnline })
    sessionStorage.setItem('qy-test-docs', String(Number(sessionStorage.getItem('qy-test-docs')) + 1))
  })
  const failed = page.waitForEvent('requestfailed', (request) => /\/account-menu-/.test(request.url()))
  await page.goto('/help')
  await failed
  const status = page.locator('#net-status')
  await expect(status).toHaveText('网络已断开')
  // The page is still the server's, its header's account menu with it.
  await expect(page.getByRole('heading', { level: 1, name: '帮助' })).toBeVisible()
  await expect(logoutButton(page)).toHaveCount(1)
  await page.unroute(/\/assets\/account-menu-[\w-]+\.js$/)
  const loaded = page.waitForResponse((response) => /\/account-menu-/.test(response.url()) && response.ok())
  await page.evaluate(() => {
    ;(window as unknown as { qyOnline: boolean }).qyOnline = true
    dispatchEvent(new Event('online'))
  })
  await loaded
  await expect(status).toHaveText('网络已恢复')
  expect(await page.evaluate(() => [sessionStorage.getItem('qy-test-docs'), sessionStorage.getItem('qy-chunk-reload')])).toEqual(['1', null])
})
