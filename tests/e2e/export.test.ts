import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { gotoReady, PASSWORD, seriousViolations, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * Export (issue 12) and the user centre's one navigation, with JavaScript and without: the form
 * downloads the chosen file, the navigation moves between the user pages by keyboard and fits a
 * phone screen.
 */

async function signUp(page: Page, baseURL: string) {
  const nickname = uniqueNickname()
  const email = uniqueEmail()
  const on = await page.request.post('/api/sign/on', { form: { user_nickname: nickname, user_email: email, user_password: PASSWORD } })
  expect((await on.json()).code).toBe(1)
  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  const tree = (await (await page.request.get(`/api/bag/get-create?homepageId=${info.homepageId}`)).json()).data
  const bid = tree[0].children[0].value as number
  const added = await page.request.post('/api/source/add', { headers: { Origin: baseURL }, form: { bid: String(bid), sour_name: '要导出的链接', sour_url: 'https://export.example/' } })
  expect((await added.json()).code).toBe(1)
  return { nickname, email, homepageId: info.homepageId as number }
}

const nav = (page: Page) => page.getByRole('navigation', { name: '个人中心' })

test('the export form downloads the browser bookmark file, or one homepage as JSON', async ({ page, javaScriptEnabled: js, baseURL }) => {
  const { nickname } = await signUp(page, baseURL!)
  await gotoReady(page, '/user/export', js)
  await expect(page.getByRole('heading', { level: 1, name: '导出书签' })).toBeVisible()
  await expect(page.locator('.site-footer')).toBeHidden()
  await expect(page.getByLabel('导出范围')).toHaveValue('all')
  await expect(page.getByRole('radio', { name: /浏览器书签 HTML/ })).toBeChecked()

  const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()])
  expect(html.suggestedFilename()).toMatch(/^起页书签-全部主页-\d{4}-\d\d-\d\d\.html$/)
  const file = await readFile((await html.path())!, 'utf8')
  expect(file).toContain('<!DOCTYPE NETSCAPE-Bookmark-file-1>')
  expect(file).toContain(`<H3 ADD_DATE="`)
  expect(file).toContain('<DT><A HREF="https://export.example/" ADD_DATE="')
  await expect(page).toHaveURL(/\/user\/export$/)

  await page.getByLabel('导出范围').selectOption({ label: `${nickname}的主页` })
  await page.getByRole('radio', { name: /完整数据 JSON/ }).check()
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()])
  expect(json.suggestedFilename()).toBe(`起页数据-${nickname}的主页-${json.suggestedFilename().slice(-15, -5)}.json`)
  const data = JSON.parse(await readFile((await json.path())!, 'utf8'))
  expect(data.version).toBe(1)
  expect(data.homepages[0].modules[0].categories[0].sources[0]).toMatchObject({ name: '要导出的链接', url: 'https://export.example/' })
})

test('guests sign in first and come back to the export page', async ({ page, javaScriptEnabled: js, baseURL }) => {
  const { email } = await signUp(page, baseURL!)
  await page.context().clearCookies()
  await gotoReady(page, '/user/export', js)
  await expect(page).toHaveURL(`${baseURL}/login?redirectTo=%2Fuser%2Fexport`)
  const form = page.getByRole('main')
  await form.getByLabel('邮箱').fill(email)
  await form.getByLabel('密码').fill(PASSWORD)
  await form.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}/user/export`)
  await expect(page.getByRole('heading', { level: 1, name: '导出书签' })).toBeVisible()
})

test('the user centre navigation: every page by keyboard, the current one marked', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUp(page, baseURL!)
  await gotoReady(page, '/user/trash', js)
  const pages = [
    ['我的分享', '/user/bag-share', '我分享的分类'],
    ['我的关注', '/user/bag-follow', '我关注的分类'],
    ['导出书签', '/user/export', '导出书签'],
    ['书签日志', '/user/bookmark-log', '书签日志'],
    ['浏览记录', '/user/browser-history', '浏览记录'],
    ['注销账号', '/user/logoff', '注销账号'],
    ['在线设备', '/user/online', '在线设备'],
    ['账号设置', '/user/account', '账号设置'],
    ['消息通知', '/user/notice', '消息通知'],
    ['回收站', '/user/trash', '回收站'],
  ] as const
  for (const [label, path, heading] of pages) {
    await nav(page).getByRole('link', { name: label }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`${baseURL}${path}`)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(nav(page).locator('[aria-current="page"]')).toHaveText(label)
    await expect(nav(page)).toHaveCount(1)
  }
})

test('on a phone the navigation sits above the page, all of it in view, nothing scrolls sideways', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUp(page, baseURL!)
  await page.setViewportSize({ width: 360, height: 740 })
  await gotoReady(page, '/user/export', js)
  const links = nav(page).getByRole('link')
  await expect(links).toHaveCount(12)
  for (const link of await links.all()) await expect(link).toBeInViewport()
  const navBox = (await nav(page).boundingBox())!
  const mainBox = (await page.locator('.user-main').boundingBox())!
  expect(navBox.y + navBox.height).toBeLessThanOrEqual(mainBox.y)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
})

test('the export page: no serious or critical axe violations', async ({ page, browser, javaScriptEnabled: js, baseURL }) => {
  await signUp(page, baseURL!)
  await withAxeView(page, js, browser, baseURL, async (view) => {
    await gotoReady(view, '/user/export', js)
    await expect(view.getByRole('heading', { level: 1, name: '导出书签' })).toBeVisible()
    const serious = await seriousViolations(view)
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
  })
})
