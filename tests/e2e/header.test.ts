import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { banner, gotoReady, ownerTool, PASSWORD, seriousViolations, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * The header and page chrome of issue 13, with JavaScript and without: the search-engine box (a
 * GET form to the engine, in a new tab; the engine picker by keyboard; the history), the account
 * dropdown, the side buttons (back to top, bookmark sort) and the owner's keymap popover.
 */

/** A new account signed in through the JSON contract. */
async function signUp(page: Page) {
  const nickname = uniqueNickname()
  const response = await page.request.post('/api/sign/on', { form: { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await response.json()).code).toBe(1)
  return nickname
}

/**
 * Requests that leave our site are recorded and refused: the engines are never really loaded.
 * Returns the recorded URLs (popups opened by a form are in the same context).
 */
async function recordExternal(context: BrowserContext, baseURL: string) {
  const requested: string[] = []
  await context.route(
    (url) => !url.href.startsWith(baseURL),
    (route) => {
      requested.push(route.request().url())
      return route.abort()
    },
  )
  return requested
}

/** Submits the engine search with `query` and answers the URL the new tab asked for. */
async function search(page: Page, box: Locator, query: string, requested: string[]) {
  const before = requested.length
  // A new tab (a context event: the form's rel=noopener leaves it no opener).
  const popup = page.context().waitForEvent('page')
  // A searchbox, or a combobox once the history is offered in it (its datalist).
  await box.getByLabel('搜索内容', { exact: true }).fill(query)
  await box.getByRole('button', { name: '搜索', exact: true }).click()
  await (await popup).close()
  await expect.poll(() => requested.length).toBeGreaterThan(before)
  return requested.at(-1)!
}

/** A dialog: modal (or popover) with JavaScript, a labelled region without it. */
const panel = (page: Page, js: boolean, title: string): Locator =>
  js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })

const accountMenu = (page: Page) => banner(page).locator('details.account-menu')
const isOpen = (details: Locator) => details.evaluate((d: HTMLDetailsElement) => d.open)

test('the engine box searches at the engine in a new tab; the engine is picked by keyboard or click', async ({ page, context, javaScriptEnabled: js, baseURL }) => {
  const requested = await recordExternal(context, baseURL!)
  await gotoReady(page, '/', js)
  const box = page.locator('.engine-box-page')
  const engines = box.getByRole('group', { name: '搜索引擎' })
  await expect(engines.getByRole('radio')).toHaveCount(8)
  await expect(engines.getByRole('radio', { name: '百度' })).toBeChecked()
  // One box at a time: the start page has its own, the header none.
  await expect(banner(page).getByRole('search')).toHaveCount(0)

  expect(await search(page, box, '起页 导航', requested)).toBe('https://www.baidu.com/s?wd=%E8%B5%B7%E9%A1%B5+%E5%AF%BC%E8%88%AA')

  await test.step('arrow keys move among the engines; without JavaScript 切换 saves the choice', async () => {
    await engines.getByRole('radio', { name: '百度' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(engines.getByRole('radio', { name: '必应' })).toBeChecked()
    await expect(engines.getByRole('radio', { name: '必应' })).toBeFocused()
    if (js) {
      await expect(box.getByRole('button', { name: '切换' })).toBeHidden()
    } else {
      await box.getByRole('button', { name: '切换' }).click()
      await expect(page).toHaveURL(`${baseURL}/`)
    }
    expect(await search(page, box, 'bing it', requested)).toBe('https://www.bing.com/search?q=bing+it')
  })

  await test.step('a click picks too, and the choice is remembered on the next visit', async () => {
    // With JavaScript the pick shows at once and its cookie comes with the answer to a post in the
    // background: the next visit is asked for once that answer is in. That post's own answer: the
    // search before it posted its history to the same address, and under load that answer can come
    // after this line.
    const saved = js
      ? page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/resources/engine') && Boolean(r.request().postData()?.includes('engine=zhihu')))
      : null
    await engines.getByText('知乎', { exact: true }).click()
    if (!js) await box.getByRole('button', { name: '切换' }).click()
    await expect(engines.getByRole('radio', { name: '知乎' })).toBeChecked()
    await saved
    await gotoReady(page, '/', js)
    await expect(engines.getByRole('radio', { name: '知乎' })).toBeChecked()
    expect(await search(page, box, '书签', requested)).toBe('https://www.zhihu.com/search?type=content&q=%E4%B9%A6%E7%AD%BE')
  })

  if (js) {
    await test.step('searches are remembered (last eight), linked under the box, and cleared', async () => {
      const recent = box.getByRole('list', { name: '最近搜索' })
      await expect(recent.getByRole('link')).toHaveText(['书签', 'bing it', '起页 导航'])
      await expect(recent.getByRole('link', { name: '书签' })).toHaveAttribute('href', 'https://www.zhihu.com/search?type=content&q=%E4%B9%A6%E7%AD%BE')
      await box.getByRole('button', { name: '清除' }).click()
      await expect(recent).toHaveCount(0)
    })
  }
})

test('pages without a box of their own have it in the header, with a select', async ({ page, context, javaScriptEnabled: js, baseURL }) => {
  const requested = await recordExternal(context, baseURL!)
  await gotoReady(page, '/login', js)
  const box = banner(page).locator('.engine-box-header')
  const select = box.getByRole('combobox', { name: '搜索引擎' })
  await select.selectOption({ label: 'B站' })
  if (!js) await box.getByRole('button', { name: '切换' }).click()
  await expect(select).toHaveValue('bilibili')
  expect(await search(page, box, '番剧', requested)).toBe('https://search.bilibili.com/all?keyword=%E7%95%AA%E5%89%A7')
})

test('the account dropdown: the user-centre pages and 退出', async ({ page, javaScriptEnabled: js, baseURL }) => {
  const nickname = await signUp(page)
  await gotoReady(page, '/', js)
  const menu = accountMenu(page)
  await expect(menu.locator('.account-name')).toHaveText(nickname)
  await expect(menu.getByRole('link', { name: '回收站' })).toBeHidden()
  await menu.locator('summary').click()
  await expect(menu.getByRole('link')).toHaveText(['账号设置', '我的分享', '我的关注', '回收站', '消息通知', '导出书签', '在线设备', '书签日志', '浏览记录', '我的上传', '注销账号'])
  await menu.getByRole('link', { name: '回收站' }).click()
  await expect(page).toHaveURL(`${baseURL}/user/trash`)
  await expect(page.getByRole('heading', { level: 1, name: '回收站' })).toBeVisible()
  expect(await isOpen(accountMenu(page))).toBe(false)

  await accountMenu(page).locator('summary').click()
  await accountMenu(page).getByRole('button', { name: '退出' }).click()
  await expect(toast(page)).toHaveText('已退出登录')
  await expect(banner(page).getByRole('link', { name: '登录', exact: true })).toBeVisible()
})

test('the account dropdown opened before its code arrives stays open when the code comes @js-only', async ({ page }) => {
  await signUp(page)
  // The menu's code (a lazy part) is held back until the menu has been opened from the server's markup.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/account-menu-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const arrived = page.waitForResponse(/\/assets\/account-menu-[\w-]+\.js$/)
  await page.goto('/')
  const menu = accountMenu(page)
  await menu.locator('summary').click()
  expect(await isOpen(menu)).toBe(true)
  release()
  await arrived
  // Drawn by its code now: the dot's link of 小组 comes from the same chunk.
  await expect(banner(page).locator('a[href="/group"]')).toHaveCount(1)
  await page.waitForFunction(() => {
    const summary = document.querySelector('details.account-menu > summary')
    return Boolean(summary && Object.keys(summary.parentElement!).some((key) => key.startsWith('__reactProps$')))
  })
  expect(await isOpen(menu)).toBe(true)
})

test('the account dropdown by keyboard: Enter opens, arrows move, Escape closes back on the name; axe with it open @js-only', async ({ page, baseURL }) => {
  await signUp(page)
  await gotoReady(page, '/', true)
  const menu = accountMenu(page)
  const summary = menu.locator('summary')
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim())
  await summary.focus()
  await page.keyboard.press('Enter')
  expect(await isOpen(menu)).toBe(true)
  await page.keyboard.press('ArrowDown')
  expect(await focused()).toBe('账号设置')
  await page.keyboard.press('ArrowUp')
  expect(await focused()).toBe('退出')
  await page.keyboard.press('Home')
  expect(await focused()).toBe('账号设置')

  const serious = await seriousViolations(page, 'header')
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([])

  await page.keyboard.press('Escape')
  expect(await isOpen(menu)).toBe(false)
  await expect(summary).toBeFocused()
  // From the closed summary ArrowDown opens at the first item; Enter follows it.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  expect(await focused()).toBe('我的分享')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`${baseURL}/user/bag-share`)
  expect(await isOpen(menu)).toBe(false)
  // Focus leaving the menu closes it.
  await summary.click()
  await page.getByRole('main').getByRole('link').first().focus()
  expect(await isOpen(menu)).toBe(false)
})

test('回到顶部 leads to the page\'s start: always there without JavaScript, past 180 px with it', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await page.setViewportSize({ width: 1024, height: 480 })
  await gotoReady(page, '/', js)
  const top = page.getByRole('navigation', { name: '快捷按钮' }).getByRole('link', { name: '回到顶部', includeHidden: true })
  await expect(top).toHaveAttribute('href', '#main')
  if (js) {
    await expect(top).toBeHidden()
    await page.mouse.wheel(0, 100)
    await page.waitForTimeout(400)
    await expect(top).toBeHidden()
    await page.mouse.wheel(0, 600)
    await expect(top).toBeVisible()
  } else {
    await expect(top).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 700))
  }
  await top.click()
  await expect(page).toHaveURL(`${baseURL}/#main`)
  await expect(page.getByRole('main')).toBeInViewport()
  if (js) await expect(top).toBeHidden()
})

test('an open dialog covers the page\'s fixed parts: the side buttons and the fixed search stay under it @js-only', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 480 })
  await gotoReady(page, '/', true)
  await page.mouse.wheel(0, 800)
  // By class: under a modal dialog the page is hidden from the accessibility tree (roles).
  const fixedParts = [page.locator('.engine-box-page .engine-search'), ...(await page.locator('.side-buttons a').all())]
  await expect(fixedParts[0]!).toHaveClass(/is-fixed/)
  await expect(fixedParts.at(-1)!).toBeVisible()
  // Opened where the page is (a locator's click would scroll the header back into view first).
  await banner(page).getByRole('link', { name: '工具箱' }).evaluate((link: HTMLElement) => link.click())
  await expect(page.getByRole('dialog', { name: '工具箱' })).toBeVisible()
  await expect(fixedParts[0]!).toHaveClass(/is-fixed/)
  // What a click at the middle of each one would reach: the dialog or the shade over the page.
  for (const part of fixedParts) {
    if (!(await part.isVisible())) continue
    const topmost = await part.evaluate((element: HTMLElement) => {
      // A modal turns pointer events off outside it, which hit-testing skips: on for this one.
      element.style.pointerEvents = 'auto'
      const box = element.getBoundingClientRect()
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      element.style.pointerEvents = ''
      return hit && !element.contains(hit) ? hit.closest('[role="dialog"], .dialog-overlay')?.className ?? hit.className : 'itself'
    })
    expect(topmost, await part.evaluate((element) => element.outerHTML.slice(0, 80))).toMatch(/dialog-overlay|toolbox-drawer/)
  }
})

test('a dialog drawn in the page (without JavaScript, or before it runs) hides the side buttons, which would lie over it', async ({ page, javaScriptEnabled: js }) => {
  const sideButtons = page.getByRole('navigation', { name: '快捷按钮' })
  await gotoReady(page, '/', js)
  await expect(sideButtons).toBeVisible()
  await gotoReady(page, '/?dialog=login', js)
  if (js) {
    // The modal covers them instead (the test above): they stay, under its shade.
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible()
    await expect(page.locator('.side-buttons')).toBeVisible()
  } else {
    await expect(page.getByRole('region', { name: '登录' })).toBeVisible()
    await expect(sideButtons).toBeHidden()
  }
})

test('the start page\'s search stays on screen past 180 px (default mode) @js-only', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 480 })
  await gotoReady(page, '/', true)
  const form = page.locator('.engine-box-page').getByRole('search')
  await page.mouse.wheel(0, 800)
  await expect(form).toHaveClass(/is-fixed/)
  await expect(form).toBeInViewport()
  expect(await form.evaluate((el) => el.getBoundingClientRect().top)).toBe(0)
})

test('书签排序 leads to the bookmark order switcher', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUp(page)
  await gotoReady(page, '/', js)
  const sort = page.getByRole('navigation', { name: '快捷按钮' }).getByRole('link', { name: '书签排序' })
  await sort.click()
  const switcher = page.locator('details#sort-switcher')
  if (js) {
    expect(await isOpen(switcher)).toBe(true)
    await expect(switcher.locator('summary')).toBeFocused()
    await expect(switcher.getByRole('button', { name: '最新添加' })).toBeVisible()
  } else {
    await expect(page).toHaveURL(`${baseURL}/#sort-switcher`)
    await switcher.locator('summary').click()
    await expect(switcher.getByRole('button', { name: '最新添加' })).toBeVisible()
  }
})

test('the owner sets the keymap in its popover; the keys are saved and shown', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  await gotoReady(page, '/', js)
  await (await ownerTool(page, '快捷键')).click()
  const popover = panel(page, js, '快捷键设置')
  await expect(popover.getByLabel('搜索快捷键')).toHaveValue('k')
  await expect(popover.getByLabel('便签快捷键')).toHaveValue('b')
  await popover.getByLabel('搜索快捷键').fill('b')
  await popover.getByRole('button', { name: '保存', exact: true }).click()
  await expect(panel(page, js, '快捷键设置').getByText('搜索和便签不能使用同一个快捷键')).toBeVisible()
  await panel(page, js, '快捷键设置').getByLabel('搜索快捷键').fill('J')
  await panel(page, js, '快捷键设置').getByRole('button', { name: '保存', exact: true }).click()
  await expect(toast(page)).toHaveText('设置成功')
  await expect(panel(page, js, '快捷键设置')).toHaveCount(0)

  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  expect(info).toMatchObject({ searchKeymap: 'j', noteKeymap: 'b' })
  await (await ownerTool(page, '快捷键')).click()
  await expect(panel(page, js, '快捷键设置').getByLabel('搜索快捷键')).toHaveValue('j')
  await expect(panel(page, js, '快捷键设置').getByText('当前：Ctrl + J')).toBeVisible()
})

test('on a phone the engine box and the account menu fit: nothing scrolls sideways', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of ['/', '/err', '/user/trash']) {
    await gotoReady(page, path, js)
    // The start page's own box; the header's stays home on a phone, to keep the header one row (issue 22).
    if (path === '/') await expect(page.getByRole('search')).toBeInViewport()
    else await expect(page.getByRole('search')).toBeHidden()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true)
  }
  await accountMenu(page).locator('summary').click()
  for (const link of await accountMenu(page).getByRole('link').all()) await expect(link).toBeInViewport()
})
