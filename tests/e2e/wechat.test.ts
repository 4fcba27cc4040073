import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { scan } from '../sites/wechat-server.ts'
import { banner, gotoReady, hydrated, logout, PASSWORD, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/*
 * WeChat QR sign-in against the fake WeChat (tests/sites/wechat-server.ts): the test "scans" by
 * posting the signed event to the app's callback, as WeChat's push does.
 */

const openid = () => `o${randomBytes(12).toString('base64url')}`
const qrImage = (page: Page) => page.getByRole('img', { name: '微信登录二维码，请用微信扫一扫' })
const sceneOf = async (page: Page) => (await qrImage(page).getAttribute('data-scene'))!

test('the dialog: scan, create an account, then sign in by scanning again @js-only', async ({ page, baseURL }) => {
  const id = openid()

  await gotoReady(page, '/?dialog=login', true)
  await page.getByRole('dialog', { name: '登录' }).getByRole('link', { name: '微信扫码登录' }).click()
  const dialog = page.getByRole('dialog', { name: '微信登录' })
  await expect(qrImage(page)).toBeVisible()
  await expect(dialog.getByText('请使用微信扫描二维码')).toBeVisible()

  expect(await scan(baseURL!, await sceneOf(page), id, { subscribe: true })).toEqual({ status: 200, body: 'success' })
  // The next poll (1.5 s) finds the scan: the confirm step.
  await expect(dialog.getByText('已扫码：该微信还没有绑定起页账号')).toBeVisible({ timeout: 5_000 })
  // The page reloads 500 ms after the answer (spec §9); the toast shows meanwhile.
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/wx/register'))
  await dialog.getByRole('button', { name: '创建新账号' }).click()
  expect(await (await registered).json()).toMatchObject({ code: 1, msg: '注册成功，页面即将刷新' })
  // A new account chooses how its homepage starts (welcome.test.ts).
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/welcome`))
  await hydrated(page, true)
  await expect(banner(page).locator('.account-name')).toHaveText(/^微信用户/)

  await logout(page)
  await gotoReady(page, '/?dialog=wechat', true)
  await expect(qrImage(page)).toBeVisible()
  const signedIn = page.waitForResponse(async (r) => r.url().includes('/api/wx/login-status') && (await r.json()).data?.status === 'in')
  await scan(baseURL!, await sceneOf(page), id)
  expect(await (await signedIn).json()).toMatchObject({ code: 1, msg: '登录成功', data: { in: true } })
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(banner(page).locator('.account-name')).toHaveText(/^微信用户/)
})

test('without JavaScript: the QR page, 我已扫码, and binding to an existing account @no-js-only', async ({ page, baseURL, request }) => {
  const nickname = uniqueNickname()
  const email = uniqueEmail()
  const made = await request.post('/api/sign/on', { form: { user_nickname: nickname, user_email: email, user_password: PASSWORD } })
  expect((await made.json()).code).toBe(1)

  await page.goto('/?dialog=login')
  await page.getByRole('region', { name: '登录' }).getByRole('link', { name: '微信扫码登录' }).click()
  await page.getByRole('link', { name: '打开微信扫码登录页面' }).click()
  await expect(page.getByRole('heading', { name: '微信登录' })).toBeVisible()
  await expect(qrImage(page)).toBeVisible()
  const scene = await sceneOf(page)

  await page.getByRole('button', { name: '我已扫码' }).click()
  await expect(toast(page)).toHaveText('还没有扫码：请用微信扫描二维码，再点【我已扫码】')
  // The same QR code is shown again.
  expect(await sceneOf(page)).toBe(scene)

  await scan(baseURL!, scene, openid())
  await page.getByRole('button', { name: '我已扫码' }).click()
  await expect(page.getByText('已扫码：该微信还没有绑定起页账号')).toBeVisible()
  await page.getByLabel('邮箱').fill(email)
  await page.getByLabel('密码').fill('wrong-password')
  await page.getByRole('button', { name: '绑定并登录' }).click()
  await expect(toast(page)).toHaveText('邮箱或密码错误')
  await page.getByLabel('邮箱').fill(email)
  await page.getByLabel('密码').fill(PASSWORD)
  await page.getByRole('button', { name: '绑定并登录' }).click()
  await expect(toast(page)).toHaveText('绑定成功，页面即将刷新')
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(banner(page).locator('.account-name')).toHaveText(nickname)
})

test('after 400 polls the QR code is expired (二维码已失效) and can be refreshed @js-only', async ({ page }) => {
  test.setTimeout(180_000)
  let polls = 0
  page.on('response', (response) => {
    if (response.url().includes('/api/wx/login-status')) polls++
  })
  await page.clock.install()
  await gotoReady(page, '/login?mode=wechat', true)
  const view = page.locator('.wechat-qr')
  await expect(qrImage(page)).toBeVisible()
  const first = await sceneOf(page)

  // Time runs fast: each step fires the waiting poll's timer; the server still answers 'waiting'.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_500)
        return view.getByText('二维码已失效').count()
      },
      { timeout: 150_000, intervals: [10] },
    )
    .toBe(1)
  expect(polls).toBe(400)
  await expect(qrImage(page)).toHaveCount(0)

  await view.getByRole('button', { name: '刷新二维码' }).click()
  await expect(qrImage(page)).toBeVisible()
  expect(await sceneOf(page)).not.toBe(first)
  await expect(view).toHaveAttribute('data-polls', '0')
})

test('the account page binds WeChat by QR code and unbinds it', async ({ page, baseURL, javaScriptEnabled }) => {
  const nickname = uniqueNickname()
  // Signed in through the contract call: page.request shares the browser's cookies.
  const made = await page.request.post('/api/sign/on', { form: { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await made.json()).code).toBe(1)

  await gotoReady(page, '/user/account', javaScriptEnabled)
  await expect(page.getByText('还没有绑定微信。')).toBeVisible()
  await page.getByRole('link', { name: '绑定微信' }).click()
  await expect(page.getByRole('heading', { name: '绑定微信', level: 2 })).toBeVisible()
  await hydrated(page, javaScriptEnabled)
  const image = page.getByRole('img', { name: '绑定微信的二维码，请用微信扫一扫' })
  await expect(image).toBeVisible()
  await scan(baseURL!, (await image.getAttribute('data-scene'))!, openid())
  // With JavaScript the next poll finds it (and the page reloads 500 ms later); without, 我已扫码 asks.
  if (!javaScriptEnabled) {
    await page.getByRole('button', { name: '我已扫码' }).click()
    await expect(toast(page)).toHaveText('微信绑定成功')
  }
  await expect(page.getByText(/已绑定微信（\d{4}-\d{2}-\d{2} 绑定）/)).toBeVisible({ timeout: 5_000 })
  await hydrated(page, javaScriptEnabled)

  await page.getByRole('button', { name: '解除绑定' }).click()
  await expect(toast(page)).toHaveText('已解绑微信账号')
  await expect(image).toBeVisible()
})
