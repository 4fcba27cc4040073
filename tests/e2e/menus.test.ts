import { expect, test, type Locator, type Page } from '@playwright/test'
import { categoryMenu, gotoReady, openCategoryMenu, openItemMenu, PASSWORD, seriousViolations, toast, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * The owner's page, calmer (issues 11 and 14): one 管理 link per category to its menu dialog, one
 * menu link (⋯) per bookmark to its menu dialog, the visitors' 更多 menu a `<details>` (enhanced
 * with JavaScript: one open at a time, arrow keys, Escape), and the homepage popover beside 我的主页
 * (tabs, its 悬停时自动展开 switch).
 */

const CATEGORY = '常用网站'

const BOOKMARK = '菜单网站'

/** A new account signed in through the JSON contract, with one bookmark (BOOKMARK); its homepage and first module. */
async function signUp(page: Page) {
  const nickname = uniqueNickname()
  const response = await page.request.post('/api/sign/on', { form: { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await response.json()).code).toBe(1)
  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  const tree = (await (await page.request.get(`/api/bag/get-create?homepageId=${info.homepageId}`)).json()).data
  const added = await page.request.post('/api/source/add', {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    form: { bid: String(tree[0].children[0].value), sour_name: BOOKMARK, sour_url: 'https://menu.example.com/' },
  })
  expect((await added.json()).code).toBe(1)
  return { nickname, homepageId: info.homepageId as number, moduleId: tree[0].value as number }
}

async function addCategory(page: Page, baseURL: string, moduleId: number, name: string) {
  const response = await page.request.post('/api/bag/add', { headers: { Origin: baseURL }, form: { moduleId: String(moduleId), name, icon: 'tabler:star' } })
  expect((await response.json()).code).toBe(1)
}

/** A dialog: modal (or popover) with JavaScript, a labelled region without it. */
const panel = (page: Page, js: boolean, title: string): Locator =>
  js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })

const isOpen = (details: Locator) => details.evaluate((d: HTMLDetailsElement) => d.open)
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim())

test('the owner opens a category\'s 管理 menu and reaches 编辑分类 and 卡片设置', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  for (const [item, title] of [
    ['编辑分类', '编辑分类'],
    ['卡片设置', `卡片设置：${CATEGORY}`],
  ] as const) {
    await gotoReady(page, '/', js)
    await expect(page.getByRole('link', { name: `管理 ${CATEGORY}`, exact: true })).toHaveText('管理')
    const menu = await openCategoryMenu(page, CATEGORY)
    await expect(page).toHaveURL(/dialog=bag-menu&bid=\d+/)
    await menu.getByRole('link', { name: item, exact: true }).click()
    await expect(panel(page, js, title)).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`dialog=${item === '编辑分类' ? 'edit-bag' : 'card-config'}&bid=\\d+`))
  }
})

test('a bookmark\'s menu (its ⋯): 星标 and 仅自己可见 toggle in place, 编辑 and 删除 lead to their dialogs', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  await gotoReady(page, '/', js)
  const name = BOOKMARK
  let menu = await openItemMenu(page, name, js)
  await expect(page).toHaveURL(/\?dialog=item&id=\d+$/)
  const privacy = () => menu.getByRole('button', { name: '仅自己可见', exact: true })
  await expect(privacy()).toHaveAttribute('aria-pressed', 'false')
  await privacy().click()
  // The menu stays open (a modal with JavaScript: its own live region too), the page's toaster says it.
  await expect(page.locator('.toaster')).toHaveText('隐私设置成功')
  await expect(privacy()).toHaveAttribute('aria-pressed', 'true')
  await privacy().click()
  await expect(privacy()).toHaveAttribute('aria-pressed', 'false')
  await menu.getByRole('link', { name: '编辑', exact: true }).click()
  await expect(panel(page, js, '编辑链接')).toBeVisible()
  await gotoReady(page, '/', js)
  menu = await openItemMenu(page, name, js)
  await menu.getByRole('link', { name: '删除', exact: true }).click()
  await expect(panel(page, js, '删除书签')).toBeVisible()
})

test('those who manage nothing get 更多: 批量打开, and 举报 (guests are asked to sign in first)', async ({ page, javaScriptEnabled: js }) => {
  // The demo homepage, as a guest (/) and as a signed-in visitor (/demo).
  await gotoReady(page, '/', js)
  let menu = await openCategoryMenu(page, '常用', '更多')
  await expect(menu.locator('.menu').getByRole('link')).toHaveText(['批量打开', '举报'])
  await menu.getByRole('link', { name: '举报', exact: true }).click()
  await expect(page).toHaveURL(/\/login\?redirectTo=%2F%3Fdialog%3Dreport-link%26bid%3D\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible()

  await signUp(page)
  await gotoReady(page, '/demo', js)
  await expect(page.getByLabel('管理 常用', { exact: true })).toHaveCount(0)
  menu = await openCategoryMenu(page, '常用', '更多')
  await menu.getByRole('link', { name: '举报', exact: true }).click()
  await expect(panel(page, js, '举报链接：常用')).toBeVisible()
})

test('a 更多 menu by keyboard: Enter opens, arrows move, Escape closes; one menu open at a time @js-only', async ({ page }) => {
  // The demo homepage as a guest: each category has a 更多 menu (批量打开, 举报).
  await gotoReady(page, '/', true)
  const first = categoryMenu(page, '常用')
  const second = categoryMenu(page, '新闻')

  await test.step('Enter opens, ArrowDown / ArrowUp / End / Home move, Escape closes on the summary', async () => {
    await first.summary.focus()
    // Focus on a popup loads its keys' code (use-popups.ts): ready once the page says so.
    await expect(page.locator('html')).toHaveAttribute('data-popup-keys', '')
    await page.keyboard.press('Enter')
    expect(await isOpen(first.details)).toBe(true)
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toBe('批量打开')
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toBe('举报')
    await page.keyboard.press('ArrowUp')
    expect(await focused(page)).toBe('批量打开')
    await page.keyboard.press('ArrowUp')
    expect(await focused(page)).toBe('举报')
    await page.keyboard.press('Home')
    expect(await focused(page)).toBe('批量打开')
    await page.keyboard.press('End')
    expect(await focused(page)).toBe('举报')
    await page.keyboard.press('Escape')
    expect(await isOpen(first.details)).toBe(false)
    await expect(first.summary).toBeFocused()
  })

  await test.step('ArrowDown on the closed summary opens the menu at its first item', async () => {
    await page.keyboard.press('ArrowDown')
    expect(await isOpen(first.details)).toBe(true)
    expect(await focused(page)).toBe('批量打开')
  })

  await test.step('opening a second menu closes the first; a click elsewhere closes it', async () => {
    await second.summary.click()
    expect(await isOpen(second.details)).toBe(true)
    expect(await isOpen(first.details)).toBe(false)
    await page.getByRole('heading', { level: 1 }).click()
    expect(await isOpen(second.details)).toBe(false)
  })

  await test.step('a chosen item opens its dialog in place and the menu closes; closing the dialog returns to the menu', async () => {
    await first.summary.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Home')
    expect(await focused(page)).toBe('批量打开')
    await page.keyboard.press('Enter')
    const dialog = panel(page, true, '批量打开')
    await expect(dialog).toBeVisible()
    expect(await isOpen(first.details)).toBe(false)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(first.summary).toBeFocused()
  })
})

test('the owner\'s menus by keyboard: 管理 and a bookmark\'s ⋯ open their dialogs, Escape returns to the link @js-only', async ({ page }) => {
  await signUp(page)
  await gotoReady(page, '/', true)
  const manage = page.getByRole('link', { name: `管理 ${CATEGORY}`, exact: true })
  await manage.focus()
  await page.keyboard.press('Enter')
  const bagMenu = panel(page, true, `管理：${CATEGORY}`)
  await expect(bagMenu.getByRole('link', { name: '编辑分类', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(bagMenu).toHaveCount(0)
  await expect(manage).toBeFocused()

  // A bookmark's ⋯ is no Tab stop (ADR 030): Shift+F10 on the bookmark opens it, and shows it.
  const name = BOOKMARK
  const item = page.locator('main ul.link-grid > li').filter({ has: page.getByRole('link', { name, exact: true }) })
  const bookmark = item.getByRole('link', { name, exact: true })
  await expect(bookmark).toHaveAttribute('aria-keyshortcuts', 'Shift+F10')
  await bookmark.focus()
  await expect(item.getByRole('link', { name: '管理', exact: true })).toBeVisible()
  await page.keyboard.press('Shift+F10')
  const itemMenu = panel(page, true, name)
  await expect(itemMenu.getByRole('button', { name: '星标', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(itemMenu).toHaveCount(0)
  await expect(bookmark).toBeFocused()
})

test('the homepage popover: beside 我的主页, tabs by arrow keys, Escape returns to the button @js-only', async ({ page, baseURL }) => {
  const { nickname } = await signUp(page)
  await gotoReady(page, '/', true)
  const button = page.locator('#homepage-switch')
  await expect(button).toHaveText('我的主页')
  await button.focus()
  await page.keyboard.press('Enter')
  const popover = panel(page, true, '我的主页')
  await expect(popover).toBeVisible()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  // A popover, not a modal: no overlay, and it sits right below its button.
  await expect(page.locator('.dialog-overlay')).toHaveCount(0)
  const [at, below] = [await button.boundingBox(), await popover.boundingBox()]
  expect(Math.abs(below!.y - (at!.y + at!.height) - 6)).toBeLessThan(3)
  await expect(popover).toContainText(`${nickname}的主页`)
  // Focus moved into it.
  expect(await popover.evaluate((el) => el.contains(document.activeElement))).toBe(true)

  const tab = (name: string) => popover.getByRole('tab', { name, exact: true })
  await expect(popover.getByRole('tablist', { name: '主页分类' })).toBeVisible()
  await expect(tab('我创建的')).toHaveAttribute('aria-selected', 'true')
  await expect(tab('我加入的')).toHaveAttribute('tabindex', '-1')
  await tab('我创建的').focus()
  await page.keyboard.press('ArrowRight')
  await expect(tab('我加入的')).toBeFocused()
  await expect(page).toHaveURL(/[?&]tab=joined/)
  await expect(tab('我加入的')).toHaveAttribute('aria-selected', 'true')
  await expect(tab('我加入的')).toHaveAttribute('tabindex', '0')
  await expect(tab('我创建的')).toHaveAttribute('aria-selected', 'false')
  const tabpanel = popover.getByRole('tabpanel', { name: '我加入的' })
  await expect(tabpanel).toContainText('还没有主页')
  await expect(tabpanel).not.toContainText(`${nickname}的主页`)
  await page.keyboard.press('End')
  await expect(tab('我关注的')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(tab('我创建的')).toHaveAttribute('aria-selected', 'true')
  await expect(popover.getByRole('tabpanel', { name: '我创建的' })).toContainText(`${nickname}的主页`)

  await page.keyboard.press('Escape')
  await expect(popover).toHaveCount(0)
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(button).toBeFocused()
  await expect(button).toHaveAttribute('aria-expanded', 'false')

  await test.step('悬停时自动展开 (on by default): resting the pointer on 我的主页 opens it', async () => {
    await page.mouse.move(0, 0)
    await button.hover()
    await expect(popover).toBeVisible()
    await popover.getByRole('switch', { name: '悬停时自动展开' }).click()
    await expect(popover.getByRole('switch', { name: '悬停时自动展开' })).toHaveAttribute('aria-checked', 'false')
    await page.keyboard.press('Escape')
    await expect(popover).toHaveCount(0)
    await page.mouse.move(0, 0)
    await button.hover()
    await page.waitForTimeout(800)
    await expect(popover).toHaveCount(0)
  })
})

test('the 悬停时自动展开 switch toggles and stays after a reload', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  await gotoReady(page, '/?dialog=homepages', js)
  const toggle = () => panel(page, js, '我的主页').getByRole('switch', { name: '悬停时自动展开', exact: true })
  await expect(toggle()).toHaveAttribute('aria-checked', 'true')
  await toggle().click()
  await expect(toast(page).or(page.locator('.toaster')).first()).toHaveText('设置成功')
  await expect(toggle()).toHaveAttribute('aria-checked', 'false')
  await gotoReady(page, '/?dialog=homepages', js)
  await expect(toggle()).toHaveAttribute('aria-checked', 'false')
  await toggle().click()
  await expect(toggle()).toHaveAttribute('aria-checked', 'true')
  await gotoReady(page, '/?dialog=homepages', js)
  await expect(toggle()).toHaveAttribute('aria-checked', 'true')
})

test('the owner\'s page with a 管理 menu open, and with the homepage popover open, has no serious axe violations', async ({
  page,
  browser,
  javaScriptEnabled: js,
  baseURL,
}) => {
  // Four axe runs on a shared machine.
  test.slow()
  // Without JavaScript axe runs on the server's HTML, in a context of its own (helpers.ts): a
  // <details> still opens there.
  await withAxeView(page, js, browser, baseURL, async (view) => {
    await signUp(view)
    await test.step('the page with its menu links, and a 管理 menu open', async () => {
      await gotoReady(view, '/', js)
      const onPage = await seriousViolations(view)
      expect(onPage, JSON.stringify(onPage, null, 2)).toEqual([])
      await gotoReady(view, (await view.getByRole('link', { name: `管理 ${CATEGORY}`, exact: true }).getAttribute('href'))!, js)
      await expect(view.getByRole('link', { name: '编辑分类', exact: true })).toBeVisible()
      const withMenu = await seriousViolations(view)
      expect(withMenu, JSON.stringify(withMenu, null, 2)).toEqual([])
    })
    await test.step('a bookmark menu open', async () => {
      await gotoReady(view, `/?i=${await view.locator('main ul.link-grid a[href^="?i="]').first().getAttribute('href').then((h) => h!.slice(3))}`, js)
      await expect(view.getByRole('button', { name: '星标', exact: true })).toBeVisible()
      const serious = await seriousViolations(view)
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    })
    await test.step('the homepage popover open', async () => {
      await gotoReady(view, '/?dialog=homepages', js)
      await expect(panel(view, js, '我的主页')).toBeVisible()
      const serious = await seriousViolations(view)
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    })
  })
})
