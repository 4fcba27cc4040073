import { expect, test, type Locator, type Page } from '@playwright/test'
import { gotoReady, logout, PASSWORD, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * Small things of the start page (issue 22 item 8), with JavaScript and without: the skin drawer
 * opens on the tab of the background in use; with JavaScript a picked picture or colour shows on
 * the page before it is saved and goes again when the drawer closes unsaved; 全屏 fills the width,
 * the header's row too; the user centre wears the night theme of the user's start page; a
 * bookmark's focus ring is not cut off by its category's scroll box.
 */

test.setTimeout(90_000)

/** A new signed-in user (the page's request context shares its cookies) and their homepage's id. */
async function signUp(page: Page): Promise<number> {
  const signedUp = await page.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await signedUp.json()).code).toBe(1)
  return (await (await page.request.get('/api/site/init-info')).json()).data.homepageInfo.id
}

async function call(page: Page, baseURL: string | undefined, path: string, form: Record<string, string | number>) {
  const answer = await (await page.request.post(path, { form, headers: { Origin: baseURL! } })).json()
  expect(answer.code, `${path}: ${answer.msg}`).toBe(1)
}

const skinDrawer = (page: Page, js: boolean): Locator => (js ? page.getByRole('dialog', { name: '皮肤' }) : page.getByRole('region', { name: '皮肤' }))
const wrapperVar = (page: Page, name: string) => page.evaluate((n) => document.querySelector<HTMLElement>('.homepage')?.style.getPropertyValue(n) ?? '', name)

test('the skin drawer opens on the tab of the background in use: a picture’s category, or the colours', async ({ page, baseURL, javaScriptEnabled: js }) => {
  const homepageId = await signUp(page)
  const drawer = skinDrawer(page, js)
  const sources = drawer.getByRole('navigation', { name: '背景来源' })

  // Nothing chosen yet: the pictures.
  await gotoReady(page, '/?dialog=skin', js)
  await expect(sources.getByRole('link', { name: '图片' })).toHaveAttribute('aria-current', 'page')

  // A picture of the second category (山峦): that category's tab, the picture checked.
  const { cid, list } = (await (await page.request.get('/api/skin/get-skin?cur_cid=2')).json()).data
  expect(cid).toBe(2)
  await call(page, baseURL, '/api/skin/save', { homepageId, skin_id: list[1].skin_id })
  await gotoReady(page, '/?dialog=skin', js)
  await expect(sources.getByRole('link', { name: '图片' })).toHaveAttribute('aria-current', 'page')
  await expect(drawer.getByRole('navigation', { name: '图片分类' }).getByRole('link', { name: '山峦' })).toHaveAttribute('aria-current', 'page')
  await expect(drawer.getByRole('radio', { name: list[1].name })).toBeChecked()

  // A colour: the colours' tab, the colour checked.
  await call(page, baseURL, '/api/skin/save', { homepageId, color: '#eaf7ee' })
  await gotoReady(page, '/?dialog=skin', js)
  await expect(sources.getByRole('link', { name: '颜色' })).toHaveAttribute('aria-current', 'page')
  await expect(drawer.getByRole('radio', { name: '推荐 #eaf7ee' })).toBeChecked()
})

test('with JavaScript a picked colour or picture shows on the page before it is saved, and goes when the drawer closes unsaved @js-only', async ({
  page,
  javaScriptEnabled: js,
}) => {
  const drawer = skinDrawer(page, js)
  const wrapper = page.locator('.homepage')
  await gotoReady(page, '/?dialog=skin&tab=color', js)
  await expect(drawer).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(wrapper).not.toHaveAttribute('data-skin')

  // A colour, by keyboard: on the page at once, nothing saved.
  await drawer.getByRole('group', { name: '推荐' }).getByRole('radio').nth(2).focus()
  await page.keyboard.press('Space')
  await expect(wrapper).toHaveAttribute('data-skin', 'color')
  expect(await wrapperVar(page, '--skin-background')).toBe('linear-gradient(#fdf6e3,#fdf6e3)')
  // Closed without saving: the page's own background (none) again.
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  await expect(wrapper).not.toHaveAttribute('data-skin')
  expect(await wrapperVar(page, '--skin-background')).toBe('')

  // A picture (at 80% opacity, as saving it sets), then saved: it stays when the drawer closes.
  await gotoReady(page, '/?dialog=skin&tab=image', js)
  await page.waitForLoadState('networkidle')
  const pictures = drawer.getByRole('group', { name: '渐变' })
  await pictures.getByRole('radio').first().focus()
  await page.keyboard.press('Space')
  await expect(wrapper).toHaveAttribute('data-skin', 'image')
  expect(await wrapperVar(page, '--skin-background')).toMatch(/^url\(\/assets\/skin-1-[0-9a-f]{10}\.jpg\)$/)
  expect(await wrapperVar(page, '--skin-opacity')).toBe('0.8')
  await drawer.getByRole('button', { name: '使用图片' }).click()
  await expect(toast(page).first()).toContainText('设置成功')
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  await expect(wrapper).toHaveAttribute('data-skin', 'image')
  expect(await wrapperVar(page, '--skin-background')).toMatch(/^url\(\/assets\/skin-1-[0-9a-f]{10}\.jpg\)$/)
})

test('全屏 fills the width of the screen: the page and the header’s row', async ({ page, baseURL, javaScriptEnabled: js }) => {
  await page.setViewportSize({ width: 1600, height: 900 })
  const homepageId = await signUp(page)
  await call(page, baseURL, '/api/homepage/set-layout', { homepageId, mode: 'screen' })
  await gotoReady(page, '/', js)
  await expect(page.locator('.homepage')).toHaveAttribute('data-mode', 'screen')
  const main = (await page.locator('main.page').boundingBox())!
  const header = (await page.locator('.site-header-inner').boundingBox())!
  expect(Math.round(main.width)).toBe(1600)
  expect([Math.round(header.x), Math.round(header.width)]).toEqual([0, 1600])
})

test('the user centre follows the night theme of the user’s start page', async ({ page, baseURL, javaScriptEnabled: js }) => {
  const homepageId = await signUp(page)
  // Night, saved on the homepage by its owner.
  await call(page, baseURL, '/api/skin/save-skin-params', { homepageId, theme: 1 })
  await gotoReady(page, '/', js)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  const startBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  for (const path of ['/user/account', '/user/online']) {
    await gotoReady(page, path, js)
    await expect(page.locator('html'), path).toHaveAttribute('data-theme', 'dark')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), path).toBe(startBackground)
  }
  // And moving between the centre's pages with JavaScript keeps it.
  if (js) {
    await page.getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: '账号设置' }).click()
    await expect(page).toHaveURL(/\/user\/account$/)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  }
})

test('a bookmark’s focus ring is not cut off by its category’s scroll box', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/', js)
  const grid = page.locator('.category > .link-grid').first()
  const links = grid.locator(':scope > li > a:first-child')
  /** How far the focused link's outline reaches past the scroll box's visible area, per side (0 or less: inside). */
  const overhang = () =>
    page.evaluate(() => {
      const link = document.activeElement as HTMLElement
      const box = link.closest('.link-grid') as HTMLElement
      const style = getComputedStyle(link)
      const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset)
      const r = link.getBoundingClientRect()
      const b = box.getBoundingClientRect()
      const left = b.left + box.clientLeft
      const top = b.top + box.clientTop
      return {
        focusVisible: link.matches(':focus-visible'),
        left: Math.round(left - (r.left - reach)),
        top: Math.round(top - (r.top - reach)),
        right: Math.round(r.right + reach - (left + box.clientWidth)),
        bottom: Math.round(r.bottom + reach - (top + box.clientHeight)),
      }
    })
  // By keyboard: from the first bookmark on to the last of the category.
  await links.first().focus()
  const first = await overhang()
  expect(first.focusVisible).toBe(true)
  expect(Math.max(first.left, first.top), JSON.stringify(first)).toBeLessThanOrEqual(0)
  const count = await links.count()
  for (let i = 1; i < count; i++) await page.keyboard.press('Tab')
  await expect(links.last()).toBeFocused()
  const last = await overhang()
  expect(Math.max(last.right, last.bottom), JSON.stringify(last)).toBeLessThanOrEqual(0)
})

test('a bookmark name the page cuts gets its full name and address as a tooltip on hover; a whole one gets none @js-only', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page)
  const bid = /dialog=bag-menu&amp;bid=(\d+)"/.exec(await (await page.request.get('/')).text())?.[1]
  expect(bid).toBeTruthy()
  // 16 wide letters and no place to break: short enough for the server's guess (items.tsx mayBeCut) to
  // give no tooltip, too wide for a bookmark's two lines in a larger font.
  const long = 'WWWWWWWWWWWWWWWW'
  await call(page, baseURL, '/api/source/add', { bid: bid!, sour_name: long, sour_url: 'https://wide.example/' })
  await call(page, baseURL, '/api/source/add', { bid: bid!, sour_name: '短名', sour_url: 'https://short.example/' })
  // Names in 18 px (the category's format): the server's guess counts characters, not their size.
  await call(page, baseURL, '/api/bag/set-formats', { bid: bid!, formats: JSON.stringify({ size: '18px' }) })
  await gotoReady(page, '/', true)
  const cut = page.getByRole('link', { name: long, exact: true })
  const whole = page.getByRole('link', { name: '短名', exact: true })
  await expect(cut).not.toHaveAttribute('title')
  // A pointer over each (events: hover() would meet the owner's ⋯ that covers a hovered tile's end).
  // The first loads the popups' code (use-popups.ts), which then hears the second.
  await whole.dispatchEvent('pointerover')
  await expect(page.locator('html')).toHaveAttribute('data-popup-keys', '')
  await cut.dispatchEvent('pointerover')
  await expect(cut).toHaveAttribute('title', `${long}\nhttps://wide.example/`)
  await expect(whole).not.toHaveAttribute('title')
})

test('a toast stays its 3 s when the page’s data is read again meanwhile (a fetcher’s revalidation) @js-only', async ({ page }) => {
  await signUp(page)
  // The page's timers are the test's: the toast's 3 s pass only when the test says so.
  await page.clock.install()
  await gotoReady(page, '/', true)
  // Held from before the toast: its 3 s cannot pass on a slow machine before the check below.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000)
  await logout(page)
  // What a fetcher's submission does: every loader again, and this answer carries no toast (its cookie was taken).
  await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { revalidate(): Promise<void> } }).__reactRouterDataRouter.revalidate())
  await expect(toast(page)).toHaveText('已退出登录')
  await page.clock.runFor(3_000)
  await expect(toast(page)).toHaveText('')
})
