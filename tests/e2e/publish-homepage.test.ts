import { expect, test, type Locator, type Page } from '@playwright/test'
import { gotoReady, PASSWORD, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * 分享 → 公开主页 in at most two submits (issue 22 item 5), with JavaScript and without: a new
 * user's homepage opens with one; a homepage without a personal domain is asked for one inline
 * (prefilled with a free one) and opens with the same submit. Then the full address, 复制 and
 * the QR code are in the panel.
 */

const panel = (page: Page, js: boolean): Locator =>
  js ? page.getByRole('dialog', { name: '分享主页' }) : page.getByRole('region', { name: '分享主页' })

async function signUp(page: Page) {
  const response = await page.request.post('/api/sign/on', {
    form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
}

/** Counts the page's form submissions (POSTs to a page, not the /api calls of scripts). */
function countSubmits(page: Page) {
  const submits: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && !new URL(request.url()).pathname.startsWith('/api/')) submits.push(request.url())
  })
  return submits
}

async function expectPublic(page: Page, js: boolean, baseURL: string) {
  const share = panel(page, js)
  const address = share.getByRole('textbox', { name: '主页链接', exact: true })
  await expect(address).toHaveValue(new RegExp(`^${baseURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[a-z][a-z0-9-]{3,19}$`))
  await expect(share.getByRole('img', { name: /主页链接的二维码/ })).toBeVisible()
  if (js) await expect(share.getByRole('button', { name: '复制主页链接' })).toBeVisible()
  // A guest opens the address.
  const guest = await page.context().browser()!.newContext()
  const response = await (await guest.newPage()).goto(await address.inputValue())
  expect(response?.status()).toBe(200)
  await guest.close()
}

test('a new user makes the homepage public in one submit and sees the full address', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUp(page)
  await gotoReady(page, '/?dialog=share', js)
  const submits = countSubmits(page)
  await panel(page, js).getByRole('button', { name: '公开主页' }).click()
  await expect(toast(page).or(page.locator('.toaster')).first()).toContainText('主页已公开！')
  await expectPublic(page, js, baseURL!)
  expect(submits.length).toBeLessThanOrEqual(2)
})

test('a homepage without a personal domain asks for one inline and is public after one more submit', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUp(page)
  const made = await page.request.post('/api/homepage/add', { headers: { Origin: baseURL! }, form: { title: '无域名', icon: 'tabler:home' } })
  expect((await made.json()).code).toBe(1)
  await gotoReady(page, '/?dialog=share', js)
  const submits = countSubmits(page)
  const share = panel(page, js)
  const code = share.getByLabel('个性域名', { exact: true })
  await expect(code).toHaveValue(/^[a-z][a-z0-9-]{3,19}$/)
  const suggestion = await code.inputValue()
  if (js) {
    // Checked as you type: a bad domain is said before any submit.
    await code.fill('ab')
    await expect(share.getByText('个性域名长度在4至20个字符内', { exact: true })).toBeVisible()
    await code.fill(suggestion)
    await expect(share.getByText('个性域名长度在4至20个字符内', { exact: true })).toHaveCount(0)
    expect(submits).toEqual([])
  }
  await share.getByRole('button', { name: '公开主页' }).click()
  await expectPublic(page, js, baseURL!)
  expect(submits.length).toBeLessThanOrEqual(2)
})

test('the share panel, looked at: 1280×800 and 390×844, day and night @js-only', async ({ page, baseURL }) => {
  await signUp(page)
  await gotoReady(page, '/?dialog=share', true)
  await panel(page, true).getByRole('button', { name: '公开主页' }).click()
  await expect(panel(page, true).getByRole('img', { name: /二维码/ })).toBeVisible()
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height })
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme)
      await page.screenshot({ path: `test-results/share-panel-${width}-${theme}.png` })
    }
  }
  // The inline domain form of a homepage without one.
  await page.request.post('/api/homepage/add', { headers: { Origin: baseURL! }, form: { title: '无域名', icon: 'tabler:home' } })
  await gotoReady(page, '/?dialog=share', true)
  await expect(panel(page, true).getByLabel('个性域名', { exact: true })).toBeVisible()
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height })
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme)
      await page.screenshot({ path: `test-results/publish-form-${width}-${theme}.png` })
    }
  }
})
