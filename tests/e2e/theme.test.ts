import { expect, test, type Page } from '@playwright/test'
import { gotoReady, hydrated, ownerTool, PASSWORD, seriousViolations, toast, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * Themes (issue 15), with JavaScript and without: a guest opens the skin drawer from the side
 * buttons' 皮肤, picks 黑夜 with the arrow keys and saves with Enter; the page is dark (the
 * server's <html data-theme>, the night palette) and stays dark after a reload; axe finds no
 * serious colour-contrast (or other) violation on the dark page.
 */

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

test.setTimeout(120_000)

test('a guest picks night in the skin drawer by keyboard and gets the dark page; axe passes on it', async ({ page, browser, baseURL, javaScriptEnabled }) => {
  await gotoReady(page, '/', javaScriptEnabled)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')

  // 皮肤 among the side buttons (the drawer's own name), activated from the keyboard.
  await page.getByRole('navigation', { name: '快捷按钮' }).getByRole('link', { name: '皮肤', exact: true }).focus()
  await page.keyboard.press('Enter')
  const drawer = javaScriptEnabled ? page.getByRole('dialog', { name: '皮肤' }) : page.getByRole('region', { name: '皮肤' })
  await expect(drawer).toBeVisible()
  if (javaScriptEnabled) {
    // The page's own lazy parts may still be arriving behind the drawer: let them settle first.
    await page.waitForLoadState('networkidle')
    // A drawer at the right edge, 540 px wide (spec §2).
    const box = (await drawer.boundingBox())!
    expect(Math.round(box.width)).toBe(540)
    expect(Math.round(box.x + box.width)).toBe(page.viewportSize()!.width)
  }

  // The theme buttons are a radio group: the arrow key moves from 白天 to 黑夜.
  await drawer.getByRole('radio', { name: '白天' }).focus()
  await expect(drawer.getByRole('radio', { name: '白天' })).toBeChecked()
  await page.keyboard.press('ArrowRight')
  await expect(drawer.getByRole('radio', { name: '黑夜' })).toBeChecked()
  await drawer.getByRole('button', { name: '保存主题', exact: true }).focus()
  await page.keyboard.press('Enter')
  // (With JavaScript the open drawer announces it too: the page's toaster is the first.)
  await expect(toast(page).first()).toContainText('设置成功')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  // The server draws it on the first byte: a reload is dark before any script runs.
  await gotoReady(page, '/', javaScriptEnabled)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByRole('heading', { level: 1, name: '起页示例主页' })).toBeVisible()

  // axe on the dark page. Without JavaScript it runs where the app's scripts never do: the
  // server's HTML with the same cookies (helpers.ts).
  await withAxeView(page, javaScriptEnabled, browser, baseURL, async (view) => {
    if (view !== page) {
      await view.goto('/')
      await expect(view.locator('html')).toHaveAttribute('data-theme', 'dark')
    }
    // The night palette is what the page is drawn in (light: rgb(244, 246, 250)).
    expect(await pageBackground(view)).toBe('rgb(20, 23, 28)')
    const serious = await seriousViolations(view)
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    // The drawer itself, open on the dark page.
    await view.goto('/?dialog=skin')
    await hydrated(view, javaScriptEnabled)
    const open = await seriousViolations(view)
    expect(open, JSON.stringify(open, null, 2)).toEqual([])
  })
})

// 跟随系统 where the server is not told the system's scheme (browsers other than Chromium send no
// hint): <html data-theme="system"> and the stylesheet's light-dark() palette follow the browser.
test('follow system without the colour-scheme hint: the palette follows the browser, dark and light', async ({ browser, baseURL, javaScriptEnabled }) => {
  for (const colorScheme of ['dark', 'light'] as const) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, colorScheme })
    // Documents fetched by Playwright itself: Chromium would add its hint below any rewrite.
    await context.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue()
      const { 'sec-ch-prefers-color-scheme': _hint, ...headers } = await route.request().allHeaders()
      return route.fulfill({ response: await route.fetch({ headers, maxRedirects: 0 }) })
    })
    const page = await context.newPage()
    await gotoReady(page, '/?dialog=skin', javaScriptEnabled)
    const drawer = javaScriptEnabled ? page.getByRole('dialog', { name: '皮肤' }) : page.getByRole('region', { name: '皮肤' })
    await drawer.getByRole('radio', { name: '跟随系统' }).check()
    await drawer.getByRole('button', { name: '保存主题', exact: true }).click()
    await expect(toast(page).first()).toContainText('设置成功')
    await gotoReady(page, '/', javaScriptEnabled)
    // With JavaScript the page's re-check may name the scheme itself; without, the server left it to CSS.
    if (!javaScriptEnabled) await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
    expect(await pageBackground(page)).toBe(colorScheme === 'dark' ? 'rgb(20, 23, 28)' : 'rgb(244, 246, 250)')
    await context.close()
  }
})

test('a timed theme without an end time is refused with the spec’s message beside the times', async ({ page, javaScriptEnabled }) => {
  await gotoReady(page, '/?dialog=skin', javaScriptEnabled)
  const drawer = javaScriptEnabled ? page.getByRole('dialog', { name: '皮肤' }) : page.getByRole('region', { name: '皮肤' })
  await drawer.getByRole('radio', { name: '定时' }).check()
  await drawer.getByLabel('结束时间').fill('')
  await drawer.getByRole('button', { name: '保存主题', exact: true }).click()
  await expect(drawer.getByRole('alert')).toHaveText('请选择开始时间和结束时间')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
})

test('the owner picks a theme colour from 皮肤 by keyboard: saved on the homepage, a guest of it sees it too', async ({ page, browser, baseURL, javaScriptEnabled }) => {
  const signedUp = await page.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await signedUp.json()).code).toBe(1)
  const { homepageId } = (await (await page.request.get('/api/site/init-info')).json()).data
  const code = `theme-${Math.random().toString(36).slice(2, 8)}`
  const post = async (path: string, form: Record<string, string | number>) =>
    expect((await (await page.request.post(path, { form, headers: { Origin: baseURL! } })).json()).code).toBe(1)
  await post('/api/homepage/add', { homepageId, title: '主题主页', icon: 'tabler:home', code })
  await post('/api/homepage/set-open-status', { homepageId })

  await gotoReady(page, '/', javaScriptEnabled)
  // One name for one drawer: the owner's tool and the side button are both 皮肤, and lead to the same place.
  await ownerTool(page, '皮肤')
  const skinLinks = page.getByRole('link', { name: '皮肤', exact: true })
  await expect(skinLinks).toHaveCount(2)
  expect(await skinLinks.nth(1).getAttribute('href')).toBe(await skinLinks.nth(0).getAttribute('href'))
  await expect(page.getByRole('link', { name: '主题', exact: true })).toHaveCount(0)
  await skinLinks.first().focus()
  await page.keyboard.press('Enter')
  const drawer = javaScriptEnabled ? page.getByRole('dialog', { name: '皮肤' }) : page.getByRole('region', { name: '皮肤' })
  await expect(drawer.getByText('保存到当前主页，访客打开时也会看到。')).toBeVisible()
  if (javaScriptEnabled) await page.waitForLoadState('networkidle')
  // 默认蓝 → 天空蓝 → 湖水青 with the arrow keys, saved with Enter.
  await drawer.getByRole('radio', { name: '默认蓝' }).focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(drawer.getByRole('radio', { name: '湖水青' })).toBeChecked()
  await drawer.getByRole('button', { name: '保存主题色' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page).first()).toContainText('设置成功')
  await expect(page.locator('html')).toHaveAttribute('style', /--tc-primary:\s*#177982/)

  // A guest of the public homepage gets the owner's colour on the first byte.
  const guest = await browser.newContext({ javaScriptEnabled })
  try {
    const other = await guest.newPage()
    await gotoReady(other, `/${code}`, javaScriptEnabled)
    await expect(other.locator('html')).toHaveAttribute('style', /--tc-primary:\s*#177982/)
  } finally {
    await guest.close()
  }
})
