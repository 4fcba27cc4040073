import { expect, test, type Page } from '@playwright/test'
import { gotoReady, PASSWORD, seriousViolations, shownContrast, toast, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * Skin backgrounds (issue 15 item 1), with JavaScript and without, by keyboard: a guest picks a
 * picture from the drawer's 图片 tab (arrow keys, 平铺, Enter), moves the blur slider and saves; the
 * server-rendered page carries the background, tiled, 80% opacity and the blur on its wrapper; a
 * colour from the 颜色 tab replaces it; axe finds nothing serious on the drawer. With JavaScript a
 * new blur shows as loading for 1.5 s and focus stays on the slider through its save.
 */

const wrapperVar = (page: Page, name: string) =>
  page.evaluate((n) => document.querySelector<HTMLElement>('.homepage')?.style.getPropertyValue(n) ?? '', name)

test.setTimeout(120_000)

test('a guest picks a picture, a blur and then a colour in the skin drawer by keyboard; axe passes', async ({ page, browser, baseURL, javaScriptEnabled }) => {
  await gotoReady(page, '/?dialog=skin', javaScriptEnabled)
  const drawer = javaScriptEnabled ? page.getByRole('dialog', { name: '皮肤' }) : page.getByRole('region', { name: '皮肤' })
  await expect(drawer).toBeVisible()
  if (javaScriptEnabled) await page.waitForLoadState('networkidle')

  // The 图片 tab's first category: the pictures are a radio group; the arrow key picks the second.
  const pictures = drawer.getByRole('group', { name: '渐变' })
  await pictures.getByRole('radio').first().focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowRight')
  await expect(pictures.getByRole('radio').nth(1)).toBeChecked()
  // 平铺 (spec §3 repeat): the second radio of 显示方式, by arrow key.
  const repeat = drawer.getByRole('group', { name: '显示方式' })
  await repeat.getByRole('radio', { name: '铺满' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(repeat.getByRole('radio', { name: '平铺' })).toBeChecked()
  await drawer.getByRole('button', { name: '使用图片' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page).first()).toContainText('设置成功')
  await gotoReady(page, '/?dialog=skin', javaScriptEnabled)
  await expect(page.locator('.homepage')).toHaveAttribute('data-skin', 'image')
  expect(await wrapperVar(page, '--skin-background')).toMatch(/^url\(\/assets\/skin-2-[0-9a-f]{10}\.jpg\)$/)
  expect(await wrapperVar(page, '--skin-opacity')).toBe('0.8')
  expect([await wrapperVar(page, '--skin-size'), await wrapperVar(page, '--skin-repeat')]).toEqual(['auto', 'repeat'])

  // Blur: three steps of 5 is 15 (level 3, 6 px). Without JavaScript the button saves; with it, the released slider.
  await drawer.getByRole('slider', { name: /模糊度/ }).focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  await expect(drawer.getByRole('slider', { name: /模糊度/ })).toHaveValue('15')
  if (javaScriptEnabled) {
    // The page previews while it moves and shows the blur loading (spec §4, §9: 1.5 s), then the change saves.
    expect(await wrapperVar(page, '--skin-blur')).toBe('6px')
    await expect(page.locator('.homepage')).toHaveAttribute('aria-busy', 'true')
    await expect(drawer.getByText('加载中…')).toBeVisible()
    await expect(toast(page).first()).toContainText('设置成功')
    await expect(page.locator('.homepage')).not.toHaveAttribute('aria-busy', 'true', { timeout: 3000 })
    await expect(drawer.getByText('加载中…')).toHaveCount(0)
    // Saved without remounting the form: the keyboard is still on the slider.
    await expect(drawer.getByRole('slider', { name: /模糊度/ })).toBeFocused()
  } else {
    await drawer.getByRole('button', { name: '保存透明度和模糊度' }).focus()
    await page.keyboard.press('Enter')
    // The save's page first (going on at once would abort its navigation).
    await expect(toast(page).first()).toContainText('设置成功')
  }
  await gotoReady(page, '/?dialog=skin&tab=color', javaScriptEnabled)
  expect(await wrapperVar(page, '--skin-blur')).toBe('6px')

  // A colour from the first group (推荐).
  const recommended = drawer.getByRole('group', { name: '推荐' })
  await recommended.getByRole('radio').nth(2).focus()
  await page.keyboard.press('Space')
  await drawer.getByRole('button', { name: '使用颜色' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page).first()).toContainText('设置成功')
  await gotoReady(page, '/', javaScriptEnabled)
  await expect(page.locator('.homepage')).toHaveAttribute('data-skin', 'color')
  expect(await wrapperVar(page, '--skin-background')).toBe('linear-gradient(#fdf6e3,#fdf6e3)')

  // axe on the open drawer, each tab.
  await withAxeView(page, javaScriptEnabled, browser, baseURL, async (view) => {
    for (const tab of ['image', 'color', 'custom']) {
      await gotoReady(view, `/?dialog=skin&tab=${tab}`, javaScriptEnabled)
      const serious = await seriousViolations(view)
      expect(serious, `${tab}: ${JSON.stringify(serious, null, 2)}`).toEqual([])
    }
  })
})

test('a refused pick shows its message beside the form, in role alert, with JavaScript (fetcher) @js-only', async ({ page, javaScriptEnabled }) => {
  await gotoReady(page, '/?dialog=skin&tab=color', javaScriptEnabled)
  const drawer = page.getByRole('dialog', { name: '皮肤' })
  await expect(drawer).toBeVisible()
  await page.waitForLoadState('networkidle')
  // A colour the list does not offer (as a tampered page would send it).
  await page.evaluate(() => {
    const radio = document.querySelector<HTMLInputElement>('.skin-colors input[name="color"]')!
    radio.value = '#123457'
    radio.checked = true
  })
  await drawer.getByRole('button', { name: '使用颜色' }).click()
  await expect(drawer.getByRole('alert')).toHaveText('请选择列表中的颜色')
  // Shown again in place: the drawer is still open, nothing was saved.
  await expect(drawer.getByRole('button', { name: '使用颜色' })).toBeEnabled()
})

// Measured from screenshots: axe leaves text over a pseudo-element's background undecided.
test('text on the page keeps its contrast over a dark colour by day and a light one by night', async ({ page, baseURL, javaScriptEnabled }) => {
  const signedUp = await page.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await signedUp.json()).code).toBe(1)
  const homepageId = (await (await page.request.get('/api/site/init-info')).json()).data.homepageInfo.id
  const save = async (path: string, form: Record<string, string | number>) => {
    const answer = await (await page.request.post(path, { form: { homepageId, ...form }, headers: { Origin: baseURL! } })).json()
    expect(answer.code, `${path}: ${answer.msg}`).toBe(1)
  }
  for (const [theme, color] of [
    [0, '#1e3a5f'],
    [1, '#f5f7fa'],
  ] as const) {
    await save('/api/skin/save-skin-params', { theme })
    await save('/api/skin/save', { color })
    await gotoReady(page, '/', javaScriptEnabled)
    await expect(page.locator('.homepage')).toHaveAttribute('data-skin', 'color')
    // WCAG 1.4.3: the title (large text) 3:1, the owner's 工具 and the module's links 4.5:1.
    const intro = page.locator('.homepage-intro')
    expect(await shownContrast(intro.locator('h1')), `theme ${theme}, ${color}: the title`).toBeGreaterThanOrEqual(3)
    expect(await shownContrast(intro.locator('details.tools-menu > summary')), `theme ${theme}, ${color}: 工具`).toBeGreaterThanOrEqual(4.5)
    expect(await shownContrast(page.locator('.module-head').first()), `theme ${theme}, ${color}: a module's head`).toBeGreaterThanOrEqual(4.5)
  }
})
