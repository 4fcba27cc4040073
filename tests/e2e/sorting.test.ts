import { expect, test, type Page } from '@playwright/test'
import { gotoReady, PASSWORD, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * The seven bookmark orders (spec §9), remembered per user: switched on the start page with and
 * without JavaScript, the page order follows.
 */

async function signUp(page: Page) {
  const response = await page.request.post('/api/sign/on', {
    form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
}

/** Three links in the starter category, with different ages, clicks and last visits. */
async function threeLinks(page: Page, baseURL: string) {
  await gotoReady(page, '/', false)
  // The category's 管理 link leads to its menu dialog (?dialog=bag-menu&bid=): add-link takes the same bid.
  const menuHref = await page.getByRole('link', { name: /^管理 / }).first().getAttribute('href')
  const href = menuHref!.replace('dialog=bag-menu', 'dialog=add-link')
  const bid = new URL(href!, baseURL).searchParams.get('bid')!
  const headers = { Origin: baseURL }
  const ids: Record<string, number> = {}
  for (const name of ['一号站', '二号站', '三号站']) {
    const response = await page.request.post('/api/source/add', {
      headers,
      form: { bid, sour_name: name, sour_url: `https://example.com/${encodeURIComponent(name)}` },
    })
    const body = await response.json()
    expect(body.code, body.msg).toBe(1)
    ids[name] = body.data.id
  }
  // 二号站 three times first, then 一号站 once: 三号站 is never visited.
  for (const name of ['二号站', '二号站', '二号站', '一号站']) {
    const response = await page.request.post(`/api/source/click?id=${ids[name]}`, { headers })
    expect((await response.json()).code).toBe(1)
  }
}

const order = async (page: Page) =>
  (await page.locator('main li > a:first-child').allTextContents()).map((text) => /[一二三]号站/.exec(text)?.[0]).filter(Boolean)

const EXPECTED: [string, string[]][] = [
  ['最新添加', ['三号站', '二号站', '一号站']],
  ['点击最多', ['二号站', '一号站', '三号站']],
  ['点击最少', ['三号站', '一号站', '二号站']],
  ['最近访问', ['一号站', '二号站', '三号站']],
  ['最早访问', ['二号站', '一号站', '三号站']],
  ['最早添加', ['一号站', '二号站', '三号站']],
  ['自定义排序', ['一号站', '二号站', '三号站']],
]

test('switching among the seven orders reorders the page, and the choice is remembered', async ({ page, javaScriptEnabled: js, baseURL }) => {
  test.setTimeout(90_000)
  await signUp(page)
  await threeLinks(page, baseURL!)
  await gotoReady(page, '/', js)
  expect(await order(page)).toEqual(['一号站', '二号站', '三号站'])
  for (const [label, expected] of EXPECTED) {
    // The owner's order is in the 工具 menu, which says which one is on (#sort-switcher: the side button's target).
    const switcher = page.locator('details#sort-switcher')
    if (!(await switcher.evaluate((d: HTMLDetailsElement) => d.open))) await switcher.locator('summary').click()
    await switcher.getByRole('button', { name: label, exact: true }).click()
    await expect(toast(page)).toHaveText(`已切换为「${label}」`)
    await expect(switcher.getByText(`书签排序：${label}`)).toBeAttached()
    await expect.poll(() => order(page), { message: label }).toEqual(expected)
    if (label !== '自定义排序') await expect(page.getByText('排序已锁定', { exact: false }).first()).toBeAttached()
  }
  // Remembered on the server: a fresh load keeps the last choice, and /api says so.
  await switcherTo(page, js, '点击最多')
  await gotoReady(page, '/', js)
  expect(await order(page)).toEqual(['二号站', '一号站', '三号站'])
  const info = await (await page.request.get('/api/site/init-info')).json()
  expect(info.data.bookmarkSourceSort).toBe('most-clicks')
})

async function switcherTo(page: Page, js: boolean, label: string) {
  await gotoReady(page, '/', js)
  const switcher = page.locator('details#sort-switcher')
  await switcher.locator('summary').click()
  await switcher.getByRole('button', { name: label, exact: true }).click()
  await expect(switcher.getByText(`书签排序：${label}`)).toBeAttached()
}
