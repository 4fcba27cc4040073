import { expect, test as base, type Page } from '@playwright/test'
import { gotoReady, PASSWORD, seriousViolations, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * Ctrl+K bookmark search (issue 13): with JavaScript the header's 搜索书签 button and the shortcut
 * open an 800px dialog whose results come as you type, move with the arrow keys and open with
 * Enter; without JavaScript the same button is a link to /search, a form and a result page.
 */

type Owner = { bid: number }

const test = base.extend<{ owner: Owner }>({
  /** The test's page signed in as a new account, with bookmarks in its starter category. */
  owner: async ({ page, baseURL }, use) => {
    const response = await page.request.post('/api/sign/on', {
      form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD },
    })
    expect((await response.json()).code).toBe(1)
    const info = (await (await page.request.get('/api/site/init-info')).json()).data
    const bid: number = (await (await page.request.get(`/api/bag/get-create?homepageId=${info.homepageId}`)).json()).data[0].children[0].value
    const add = async (name: string, url: string, note = '') => {
      const answer = await page.request.post('/api/source/add', { headers: { Origin: baseURL! }, form: { sour_name: name, sour_url: url, note, bid: String(bid) } })
      expect((await answer.json()).code, name).toBe(1)
    }
    await add('百度', 'https://www.baidu.com/', '搜索引擎')
    await add('天气预报', 'https://www.weather.com.cn/')
    await add('GitHub', 'https://github.com/', '代码托管')
    for (let i = 1; i <= 7; i++) await add(`测试网站 ${i}`, `https://t${i}.example/`)
    await use({ bid })
  },
})

const searchDialog = (page: Page) => page.getByRole('dialog', { name: '搜索书签' })
const searchButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: '搜索书签', exact: true })

/** The sites the hits lead to answer from here (the machine has no internet). */
async function fakeSites(page: Page) {
  await page.context().route(/^https:\/\/(www\.baidu\.com|www\.weather\.com\.cn|github\.com|t\d\.example)\//, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<title>外部网站</title>' }),
  )
}

test('Ctrl+K, a 2-character query, ArrowDown, Enter opens the bookmark in a new tab; Escape closes @js-only', async ({ page, owner }) => {
  await fakeSites(page)
  await gotoReady(page, '/', true)
  await searchButton(page).focus()
  await page.keyboard.press('Control+k')
  const dialog = searchDialog(page)
  await expect(dialog).toBeVisible()
  const box = dialog.getByRole('combobox', { name: '搜索书签' })
  await expect(box).toBeFocused()
  const width = await dialog.evaluate((el) => el.getBoundingClientRect().width)
  expect(width).toBe(800)

  await box.pressSequentially('百度')
  const listbox = dialog.getByRole('listbox', { name: '搜索结果' })
  const option = listbox.getByRole('option', { name: /^百度/ })
  await expect(option).toBeVisible()
  await expect(listbox.getByRole('option')).toHaveCount(1)
  await expect(listbox.getByRole('group', { name: /常用 › 常用网站$/ })).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveText('找到 1 个书签')

  await page.keyboard.press('ArrowDown')
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!)
  const popupOpened = page.waitForEvent('popup')
  await page.keyboard.press('Enter')
  const popup = await popupOpened
  await expect.poll(() => popup.url()).toBe('https://www.baidu.com/')
  await popup.close()
  // The visit is counted as a click on the homepage is (its ping), and the keyword is remembered.
  await expect
    .poll(async () => (await (await page.request.get(`/api/bookmark/list?bid=${owner.bid}&size=50`)).json()).data.list.find((s: { name: string }) => s.name === '百度')?.clickAmount)
    .toBe(1)
  await expect.poll(async () => (await (await page.request.get('/api/search/history')).json()).data).toEqual(['百度'])

  await page.bringToFront()
  await box.focus()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(searchButton(page)).toBeFocused()

  // Shortcuts are the owner's on their own homepage (spec §5): on someone else's, the button only.
  await gotoReady(page, '/demo', true)
  await page.locator('main').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Control+k')
  await expect(dialog).toHaveCount(0)
  await searchButton(page).click()
  await expect(dialog).toBeVisible()
})

test('pinyin initials and a URL fragment; 加载更多; the last 3 keywords while the box is empty @js-only', async ({ page, owner: _owner }) => {
  await gotoReady(page, '/', true)
  for (const wd of ['一', '二', '三', '四']) await page.request.post('/api/search/add-history', { headers: { Origin: new URL(page.url()).origin }, data: { wd } })
  await searchButton(page).click()
  const dialog = searchDialog(page)
  const box = dialog.getByRole('combobox', { name: '搜索书签' })
  await expect(box).toBeFocused()
  // The history, newest first, three of them: a click searches again.
  await expect(dialog.getByRole('list', { name: '最近搜索：' }).getByRole('button')).toHaveText(['四', '三', '二'])

  await box.fill('tqyb')
  await expect(dialog.getByRole('option')).toHaveText([/^天气预报/])
  await box.fill('github')
  await expect(dialog.getByRole('option')).toHaveText([/^GitHub/])
  await box.fill('')
  await expect(dialog.getByRole('option')).toHaveCount(0)
  await expect(dialog.getByRole('list', { name: '最近搜索：' })).toBeVisible()

  await box.fill('测试')
  await expect(dialog.getByRole('option')).toHaveCount(5)
  await expect(dialog.getByRole('status')).toHaveText('找到 7 个书签')
  await dialog.getByRole('button', { name: '加载更多', exact: true }).click()
  await expect(dialog.getByRole('option')).toHaveCount(7)
  await expect(dialog.getByRole('button', { name: '加载更多', exact: true })).toHaveCount(0)
  // The arrows go round the whole list.
  await box.focus()
  await page.keyboard.press('ArrowUp')
  await expect(dialog.getByRole('option').nth(6)).toHaveAttribute('aria-selected', 'true')

  await box.fill('量子')
  await expect(dialog.getByRole('status')).toHaveText('暂无搜索结果')
})

test('the open dialog and the result page pass axe @js-only', async ({ page, owner: _owner }) => {
  await gotoReady(page, '/', true)
  await page.keyboard.press('Control+k')
  const box = searchDialog(page).getByRole('combobox', { name: '搜索书签' })
  await box.fill('测试')
  await expect(searchDialog(page).getByRole('option')).toHaveCount(5)
  await page.keyboard.press('ArrowDown')
  const dialog = await seriousViolations(page, '.search-dialog')
  expect(dialog, JSON.stringify(dialog, null, 2)).toEqual([])
  await gotoReady(page, '/search?wd=%E6%B5%8B%E8%AF%95', true)
  await expect(page.getByText('找到 7 个书签')).toBeVisible()
  const resultPage = await seriousViolations(page, 'main')
  expect(resultPage, JSON.stringify(resultPage, null, 2)).toEqual([])
})

test('the search page: the form, results by homepage and category, 下一页, the history', async ({ page, javaScriptEnabled: js, owner: _owner }) => {
  await gotoReady(page, '/', js)
  await searchButton(page).click()
  if (js) {
    // With JavaScript the button opens the dialog; the page is its Enter without a chosen hit.
    const box = searchDialog(page).getByRole('combobox', { name: '搜索书签' })
    await box.fill('测试')
    await expect(searchDialog(page).getByRole('option')).toHaveCount(5)
    await box.press('Enter')
  } else {
    await expect(page).toHaveURL(/\/search$/)
    const form = page.getByRole('main').getByRole('search')
    await form.getByLabel('关键词', { exact: true }).fill('测试')
    await form.getByRole('button', { name: '搜索', exact: true }).click()
  }
  await expect(page).toHaveURL(/\/search\?wd=%E6%B5%8B%E8%AF%95$/)
  await expect(page.getByRole('heading', { level: 1, name: '搜索书签' })).toBeVisible()
  await expect(page.getByText('找到 7 个书签')).toBeVisible()
  const group = page.getByRole('region', { name: /常用 › 常用网站$/ })
  await expect(group.getByRole('link', { name: /^测试网站/ })).toHaveCount(5)
  await expect(group.getByRole('link', { name: /^测试网站 7/ })).toHaveAttribute('href', 'https://t7.example/')
  await expect(group.getByRole('link', { name: /^测试网站 7/ })).toHaveAttribute('target', '_blank')
  await page.getByRole('link', { name: '下一页', exact: true }).click()
  await expect(page).toHaveURL(/page=2$/)
  await expect(page.getByRole('region', { name: /常用 › 常用网站$/ }).getByRole('link', { name: /^测试网站/ })).toHaveCount(2)
  await expect(page.getByRole('navigation', { name: '最近搜索' }).getByRole('link', { name: '测试', exact: true })).toBeVisible()

  const form = page.getByRole('main').getByRole('search')
  await form.getByLabel('关键词', { exact: true }).fill('bd')
  await form.getByRole('button', { name: '搜索', exact: true }).click()
  await expect(page.getByRole('link', { name: /^百度/ })).toHaveAttribute('href', 'https://www.baidu.com/')
  await form.getByLabel('关键词', { exact: true }).fill('量子')
  await form.getByRole('button', { name: '搜索', exact: true }).click()
  await expect(page.getByText('暂无搜索结果', { exact: true })).toBeVisible()
})
