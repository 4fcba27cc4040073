import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations, gotoReady, ownerTool, PASSWORD, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * The layout settings drawer (issue 15), with JavaScript (a modal drawer) and without (the same
 * form in the page): opened by keyboard, the root font size and the sidebar position changed by
 * keyboard, saved, and the page changes; axe checks the open drawer. The owner's settings are
 * saved on the homepage, a guest's in cookies.
 */

/** The page's flash message (the drawer's sliders are status outputs too). */
const toaster = (page: Page) => page.locator('.toaster')
const drawer = (page: Page, js: boolean): Locator => (js ? page.getByRole('dialog', { name: '布局设置' }) : page.getByRole('region', { name: '布局设置' }))

async function signUp(page: Page) {
  const response = await page.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await response.json()).code).toBe(1)
}

/** Opens the drawer from its link by keyboard: focus, then Enter. */
async function openByKeyboard(page: Page, js: boolean, link: Locator) {
  await link.focus()
  await page.keyboard.press('Enter')
  const panel = drawer(page, js)
  await expect(panel).toBeVisible()
  return panel
}

/** Root font up by `steps` (arrow keys on the slider) and the side buttons to the left (arrow keys in the radio group). */
async function changeByKeyboard(page: Page, panel: Locator, fontKey: 'ArrowRight' | 'ArrowLeft', steps: number, preview: string | null) {
  const slider = panel.getByRole('slider', { name: /字体大小/ })
  await slider.focus()
  for (let i = 0; i < steps; i++) await page.keyboard.press(fontKey)
  // With JavaScript the page previews the size before it is saved.
  if (preview) await expect(page.locator('html')).toHaveCSS('font-size', preview)
  // The checked radio of the group is the one Tab reaches; ArrowLeft moves 右侧 → 左侧.
  await panel.getByRole('group', { name: '侧边按钮位置' }).getByRole('radio', { name: '右侧' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(panel.getByRole('group', { name: '侧边按钮位置' }).getByRole('radio', { name: '左侧' })).toBeChecked()
  await panel.getByRole('button', { name: '保存设置' }).focus()
  await page.keyboard.press('Enter')
}

// Two saves, axe and a second browser under a loaded machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 })

test('the owner opens the drawer by keyboard, changes the font size and the sidebar, and the page changes', async ({ page, browser, baseURL, javaScriptEnabled: js }) => {
  await signUp(page)
  await gotoReady(page, '/', js)
  await expect(page.locator('html')).toHaveCSS('font-size', '16px')
  const panel = await openByKeyboard(page, js, await ownerTool(page, '布局'))
  // Every switch is the owner's to change.
  await expect(panel.getByRole('switch', { name: '在新标签页打开书签' })).toBeEnabled()
  await expectNoSeriousViolations(page, js, browser, baseURL, '.manage-dialog')

  await changeByKeyboard(page, panel, 'ArrowRight', 2, js ? '18px' : null)
  await expect(toaster(page)).toHaveText('所有设置已保存成功~')
  await expect(drawer(page, js)).toHaveCount(0)
  await expect(page.locator('html')).toHaveCSS('font-size', '18px')
  await expect(page.getByRole('navigation', { name: '快捷按钮' })).toHaveClass(/side-buttons-left/)
  // Saved on the homepage: a reload shows the same.
  await gotoReady(page, '/', js)
  await expect(page.locator('html')).toHaveCSS('font-size', '18px')
  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  expect(info.homepageLayout).toMatchObject({ rootFontSize: 18, sidebarPosition: 'left' })
})

test('a guest opens the drawer from the side buttons; their settings stay in this browser', async ({ page, browser, baseURL, javaScriptEnabled: js }) => {
  await gotoReady(page, '/', js)
  const panel = await openByKeyboard(page, js, page.getByRole('navigation', { name: '快捷按钮' }).getByRole('link', { name: '布局' }))
  // The switches and the owner-only radios are disabled for guests (spec §5).
  await expect(panel.getByRole('switch', { name: '显示搜索框' })).toBeDisabled()
  await expect(panel.getByRole('group', { name: '背景范围' }).getByRole('radio').first()).toBeDisabled()
  await expectNoSeriousViolations(page, js, browser, baseURL, '.manage-dialog')

  await changeByKeyboard(page, panel, 'ArrowLeft', 2, js ? '14px' : null)
  await expect(toaster(page)).toHaveText('所有设置已保存成功~')
  await expect(page.locator('html')).toHaveCSS('font-size', '14px')
  await expect(page.getByRole('navigation', { name: '快捷按钮' })).toHaveClass(/side-buttons-left/)

  // Another browser's guest is not affected.
  const other = await browser.newContext({ baseURL, javaScriptEnabled: js })
  try {
    const otherPage = await other.newPage()
    await gotoReady(otherPage, '/', js)
    await expect(otherPage.locator('html')).toHaveCSS('font-size', '16px')
  } finally {
    await other.close()
  }

  // Simple mode is for signed-in users.
  const again = await openByKeyboard(page, js, page.getByRole('navigation', { name: '快捷按钮' }).getByRole('link', { name: '布局' }))
  await again.getByRole('radio', { name: '简约' }).check()
  await again.getByRole('button', { name: '保存设置' }).click()
  await expect(toaster(page)).toHaveText('此模式仅限登录后使用')
})

// Without JavaScript a slider saves with 保存设置 (the tests above).
test('with JavaScript a slider saves when let go, and the drawer stays open @js-only', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  await gotoReady(page, '/', js)
  const panel = await openByKeyboard(page, js, await ownerTool(page, '布局'))
  const slider = panel.getByRole('slider', { name: /每行最多书签数/ })
  await slider.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(toaster(page)).toHaveText('所有设置已保存成功~')
  await expect(drawer(page, js)).toBeVisible()
  await expect(slider).toBeFocused()
  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  expect(info.homepageLayout.websiteBookmarkColumn).toBe(Number(await slider.inputValue()))
})

test('保存设置 pressed while a slider’s save is on its way is not lost: the drawer closes with both saved @js-only', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  await gotoReady(page, '/', js)
  // The slider's save answers only after 保存设置 has been pressed.
  let pressed!: () => void
  const savePressed = new Promise<void>((resolve) => (pressed = resolve))
  await page.route('**/*', async (route) => {
    if (route.request().method() === 'POST' && route.request().postData()?.includes('released=1')) await savePressed
    await route.continue()
  })
  const panel = await openByKeyboard(page, js, await ownerTool(page, '布局'))
  const sliderSave = page.waitForRequest((request) => request.method() === 'POST' && Boolean(request.postData()?.includes('released=1')))
  await panel.getByRole('slider', { name: /每行最多书签数/ }).focus()
  await page.keyboard.press('ArrowLeft')
  await sliderSave
  await panel.getByRole('group', { name: '侧边按钮位置' }).getByRole('radio', { name: '右侧' }).focus()
  await page.keyboard.press('ArrowLeft')
  await panel.getByRole('button', { name: '保存设置' }).focus()
  await page.keyboard.press('Enter')
  pressed()
  await expect(drawer(page, js)).toHaveCount(0)
  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  expect(info.homepageLayout).toMatchObject({ sidebarPosition: 'left' })
  expect(info.homepageLayout.websiteBookmarkColumn).toBe(5)
})
