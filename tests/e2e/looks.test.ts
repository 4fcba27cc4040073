import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { gotoReady, importWhole, PASSWORD, postOk, uniqueEmail } from './helpers.ts'

/**
 * Looks under test (issue 22, item 9): the key views compared with committed screenshots, so a
 * layout regression fails the suite. The baselines (looks.test.ts-snapshots/) change on purpose
 * only: `npx playwright test tests/e2e/looks.test.ts --update-snapshots`, then look at each.
 * The clock and toasts are hidden (looks.css); fonts come from the system (.ci/run installs
 * fonts-noto-cjk). With JavaScript only: the page without it is the same server HTML.
 */

const SIZES = { wide: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
const shot = { stylePath: join(import.meta.dirname, 'looks.css'), maxDiffPixelRatio: 0.003 }

test.describe.configure({ timeout: 180_000 })

/** Both sizes of the page as it is now, named `name-wide` and `name-phone`. */
async function bothSizes(page: Page, url: string, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport)
    await gotoReady(page, url, true)
    await settled(page)
    await expect(page).toHaveScreenshot(`${name}-${size}.png`, shot)
  }
}

/**
 * The icons are CSS masks (/resources/icons/…), fetched after the page: under load two equal
 * screenshots can both come before one arrives. Settled once nothing is in flight.
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready)
}

test('a guest’s demo homepage, day and night @js-only', async ({ page }) => {
  await bothSizes(page, '/', 'guest-day')
  await gotoReady(page, '/?dialog=skin', true)
  const drawer = page.getByRole('dialog', { name: '皮肤' })
  await drawer.getByRole('radio', { name: '黑夜' }).check()
  await drawer.getByRole('button', { name: '保存主题', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await bothSizes(page, '/', 'guest-night')
})

test('an owner’s homepage of ~200 imported links: default and card style, day and night; the drawers, the preview, the account @js-only', async ({ page, baseURL }) => {
  await postOk(page, baseURL!, '/api/sign/on', { user_nickname: '小王', user_email: uniqueEmail(), user_password: PASSWORD })
  const { homepageId } = (await (await page.request.get('/api/site/init-info')).json()).data
  const fileId = await importWhole(page, baseURL!, homepageId, 'chrome-zh-deep-imported-folders.html')
  await importWhole(page, baseURL!, homepageId, '360chrome-zh-mobile-favorites.html')

  for (const style of ['default', 'card']) {
    await postOk(page, baseURL!, '/api/homepage/set-layout', { homepageId, websiteBookmarkStyle: style })
    for (const [theme, value] of [['day', 0], ['night', 1]] as const) {
      await postOk(page, baseURL!, '/api/skin/save-skin-params', { homepageId, theme: value })
      await bothSizes(page, '/', `owner-${style}-${theme}`)
    }
  }
  await postOk(page, baseURL!, '/api/homepage/set-layout', { homepageId, websiteBookmarkStyle: 'default' })
  await postOk(page, baseURL!, '/api/skin/save-skin-params', { homepageId, theme: 0 })

  await page.setViewportSize(SIZES.wide)
  for (const drawer of [['skin', '皮肤'], ['layout', '布局']] as const) {
    await gotoReady(page, `/?dialog=${drawer[0]}`, true)
    await expect(page.getByRole('dialog', { name: drawer[1] })).toBeVisible()
    await settled(page)
    await expect(page).toHaveScreenshot(`drawer-${drawer[0]}-wide.png`, shot)
  }
  await bothSizes(page, `/preview?id=${fileId}`, 'import-preview')
  await bothSizes(page, '/user/account', 'user-account')
})
