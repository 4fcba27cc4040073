import { expect, test, type Browser, type Page } from '@playwright/test'
import { serverWithAdmin } from '../setup/admin-server.ts'
import { expectPagesWithoutSeriousViolations, gotoReady, PASSWORD, toast, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * Discover (issue 25), through the pages, without JavaScript and with it, on a server of its own
 * with an administrator made by `npm run admin` (tests/setup/admin-server.ts): A recommends a
 * site on /s/submit; it waits, seen by A (待审核) and not by B; the administrator approves it on
 * /super/index; B sees it on /discover and collects it into a category of B's own. With
 * JavaScript, an address recommended already is flagged as it is left, before submit.
 */

const rand = () => Math.random().toString(36).slice(2, 7)
let made: Awaited<ReturnType<typeof serverWithAdmin>>

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  test.setTimeout(300_000)
  made = await serverWithAdmin()
})
test.afterAll(async () => {
  await made?.stop()
})

async function person(browser: Browser, js: boolean, signedIn: 'new' | 'admin') {
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL: made.server.url })
  if (signedIn === 'admin') {
    await context.addCookies(
      made.cookie.split('; ').map((pair) => {
        const eq = pair.indexOf('=')
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: made.server.url }
      }),
    )
  } else {
    const response = await context.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
    expect((await response.json()).code).toBe(1)
  }
  const page = await context.newPage()
  return { page, close: () => context.close() }
}

const card = (page: Page, name: string) => page.locator('.site-card').filter({ has: page.getByRole('link', { name, exact: true }) })

test('a recommendation waits for review, is approved, and is collected by someone else', async ({ browser, javaScriptEnabled: js }) => {
  test.setTimeout(120_000)
  const [a, b, admin] = await Promise.all([person(browser, js, 'new'), person(browser, js, 'new'), person(browser, js, 'admin')])
  const site = { name: `好工具${rand()}`, url: `https://www.tool-${rand()}.example/`, tag: `标签${rand().slice(0, 3)}` }

  await test.step('A recommends a site on /s/submit; it waits, listed under 我的推荐 as 待审核', async () => {
    await gotoReady(a.page, '/s/submit', js)
    await expect(a.page.getByRole('heading', { level: 1, name: '推荐网站' })).toBeVisible()
    await a.page.getByLabel('网址', { exact: true }).fill(site.url)
    await a.page.getByLabel('网站名称', { exact: true }).fill(site.name)
    await a.page.getByLabel('分类', { exact: true }).selectOption({ label: '常用工具' })
    await a.page.getByLabel('标签', { exact: true }).fill(`${site.tag} 效率`)
    await a.page.getByLabel('网站简介', { exact: true }).fill('一个等待审核的网站')
    await a.page.getByRole('button', { name: '提交推荐', exact: true }).click()
    await expect(toast(a.page)).toHaveText('推荐成功，管理员审核通过后显示')
    const mine = a.page.getByRole('region', { name: '我的推荐' })
    await expect(mine.locator('.site-card').filter({ has: a.page.getByRole('link', { name: site.name, exact: true }) })).toContainText('待审核')
  })

  await test.step('A sees it on /discover (待审核); B does not, nor on its tag page', async () => {
    await gotoReady(a.page, '/discover', js)
    await expect(card(a.page, site.name)).toContainText('待审核')
    await gotoReady(b.page, '/discover', js)
    await expect(b.page.getByRole('heading', { level: 1, name: '发现' })).toBeVisible()
    await expect(b.page.getByRole('link', { name: site.name })).toHaveCount(0)
    await gotoReady(b.page, `/discover/tag/${encodeURIComponent(site.tag)}`, js)
    await expect(b.page.getByRole('link', { name: site.name })).toHaveCount(0)
  })

  await test.step('the administrator approves it on /super/index', async () => {
    await gotoReady(admin.page, '/super', js)
    await expect(admin.page).toHaveURL(/\/super\/index$/)
    await expect(admin.page.getByRole('heading', { level: 1, name: '审核推荐' })).toBeVisible()
    await card(admin.page, site.name).getByRole('button', { name: new RegExp(`^通过\\s*：${site.name}$`) }).click()
    await expect(toast(admin.page)).toHaveText('已通过')
    await expect(admin.page.getByRole('link', { name: site.name })).toHaveCount(0)
    // B is no administrator: the page is not there for B.
    const refused = await b.page.goto('/super/index')
    expect(refused?.status()).toBe(404)
  })

  await test.step('B sees it, by its tag too, and collects it into a category of B’s own', async () => {
    await gotoReady(b.page, `/discover/tag/${encodeURIComponent(site.tag)}`, js)
    await expect(card(b.page, site.name)).toBeVisible()
    await gotoReady(b.page, '/discover?cid=1', js)
    const bid = await b.page.getByLabel('收藏到', { exact: true }).inputValue()
    await card(b.page, site.name).getByRole('button', { name: new RegExp(`^收藏\\s*：${site.name}$`) }).click()
    await expect(toast(b.page)).toHaveText('收藏成功')
    const list = await (await b.page.request.get(`/api/bookmark/list?bid=${bid}&size=100`)).json()
    expect(list.data.list.map((l: { name: string }) => l.name)).toContain(site.name)
  })

  await test.step('the pages have no serious axe violations, for the submitter and the administrator', async () => {
    await withAxeView(a.page, js, browser, made.server.url, (view) =>
      expectPagesWithoutSeriousViolations(view, js, [
        ['/discover', '发现'],
        [`/discover/tag/${encodeURIComponent(site.tag)}`, `标签：#${site.tag}`],
        ['/s/submit', '推荐网站'],
      ]),
    )
    await withAxeView(admin.page, js, browser, made.server.url, (view) => expectPagesWithoutSeriousViolations(view, js, [['/super/index', '审核推荐']]))
  })

  await Promise.all([a.close(), b.close(), admin.close()])
})

test('with JavaScript, an address recommended already is flagged before submit @js-only', async ({ browser, javaScriptEnabled: js }) => {
  const a = await person(browser, js, 'new')
  await gotoReady(a.page, '/s/submit', js)
  const url = a.page.getByLabel('网址', { exact: true })
  // TinyPNG is one of the demo's approved sites.
  await url.fill('http://TinyPNG.com')
  await a.page.getByLabel('网站名称', { exact: true }).focus()
  await expect(a.page.getByText('该网站已被推荐过', { exact: true })).toBeVisible()
  await expect(url).toHaveAttribute('aria-invalid', 'true')
  await url.fill(`https://new-${rand()}.example/`)
  await url.blur()
  await expect(a.page.getByText('该网站已被推荐过', { exact: true })).toHaveCount(0)
  await a.close()
})
