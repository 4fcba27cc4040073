import { expect, test as base } from '@playwright/test'
import { waitForMail, resetLinkOf } from '../sites/mail-server.ts'
import {
  apiFixture,
  type Api,
  authPanel,
  banner,
  contrast,
  expectSignedIn,
  expectSignedOut,
  expectSignInToast,
  gotoReady,
  loginOnPage,
  MAIL_HTTP_PORT,
  PASSWORD,
  seriousViolations,
  toast,
  uniqueEmail,
  uniqueNickname,
  withAxeView,
  expectPagesWithoutSeriousViolations,
} from './helpers.ts'

const test = base.extend<{ api: Api }>({ api: apiFixture })
// Each test signs up and in several times (argon2 each time) over many pages.
test.describe.configure({ timeout: 90_000 })

test('forgot the password: the login dialog → mail → the link → a new password → sign in with it', async ({ page, api, javaScriptEnabled, baseURL }) => {
  const nickname = uniqueNickname()
  const email = uniqueEmail()
  await api('/api/sign/on', { user_nickname: nickname, user_email: email, user_password: PASSWORD })
  await page.context().clearCookies()

  await test.step('忘记密码 in the login dialog leads to /forget/input-email', async () => {
    await gotoReady(page, '/?dialog=login', javaScriptEnabled)
    const panel = authPanel(page, javaScriptEnabled, '登录')
    await panel.getByRole('link', { name: '忘记密码？' }).click()
    await expect(page).toHaveURL(`${baseURL}/forget/input-email`)
    await expect(page.getByRole('heading', { level: 1, name: '找回密码' })).toBeVisible()
  })

  await test.step('ask for the mail', async () => {
    await page.getByLabel('邮箱', { exact: true }).fill(email)
    await page.getByRole('button', { name: '发送重置邮件' }).click()
    await expect(page.getByText('如果该邮箱已注册，我们已向它发送了重置密码的邮件，请在30分钟内打开邮件中的链接')).toBeVisible()
  })

  const link = resetLinkOf(await waitForMail(MAIL_HTTP_PORT, email))

  await test.step('the link sets a new password, then sends us to sign in', async () => {
    await gotoReady(page, link, javaScriptEnabled)
    await page.getByLabel('新密码', { exact: true }).fill('新的e2e密码')
    await page.getByLabel('确认新密码', { exact: true }).fill('新的e2e密码')
    await page.getByRole('button', { name: '设置新密码' }).click()
    await expect(page).toHaveURL(`${baseURL}/login`)
    await expect(toast(page)).toHaveText('密码已重置，请使用新密码登录')
  })

  await test.step('the old password is refused, the new one signs in', async () => {
    await loginOnPage(page, javaScriptEnabled, email, PASSWORD)
    await expect(page.locator('form#login-form').getByText('邮箱或密码错误')).toBeVisible()
    await loginOnPage(page, javaScriptEnabled, email, '新的e2e密码')
    await expectSignInToast(page, '登录成功')
    await expectSignedIn(page, nickname)
  })

  await test.step('the link does not work twice', async () => {
    await gotoReady(page, link, javaScriptEnabled)
    await expect(page.getByRole('alert')).toHaveText('重置链接无效或已被使用，请重新申请找回密码')
    await expect(banner(page)).toBeVisible()
  })
  await page.context().clearCookies()
  await gotoReady(page, '/', javaScriptEnabled)
  await expectSignedOut(page)
})

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

test('/user/online: another device is listed with its browser, and signing it out ends it', async ({ page, api, javaScriptEnabled, playwright, baseURL }) => {
  const nickname = uniqueNickname()
  const email = uniqueEmail()
  await api('/api/sign/on', { user_nickname: nickname, user_email: email, user_password: PASSWORD })
  // The other device: a client of its own (its own cookies) with a Firefox on Linux.
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'User-Agent': FIREFOX_LINUX, Origin: baseURL! } })
  try {
    const signIn = await (await other.post('/api/sign/in', { form: { user_email: email, user_password: PASSWORD } })).json()
    expect(signIn.code).toBe(1)
    const otherIsGuest = async () => (await (await other.get('/api/site/init-info')).json()).data.isGuest
    expect(await otherIsGuest()).toBe(false)

    await test.step('the account dropdown leads to 在线设备', async () => {
      await gotoReady(page, '/', javaScriptEnabled)
      const menu = banner(page).locator('details.account-menu')
      await menu.locator('summary').click()
      await menu.getByRole('link', { name: '在线设备' }).click()
      await expect(page).toHaveURL(`${baseURL}/user/online`)
      await expect(page.getByRole('heading', { level: 1, name: '在线设备' })).toBeVisible()
    })

    const sessions = page.locator('.session-item')
    await expect(sessions).toHaveCount(2)
    await expect(sessions.first()).toContainText('当前设备')
    const firefox = sessions.filter({ hasText: 'Firefox 133' })
    await expect(firefox).toContainText('Linux')
    await expect(firefox).toContainText('IP：127.0.0.1')

    await test.step('退出登录 on the other one (by keyboard)', async () => {
      await firefox.getByRole('button', { name: /^退出 Firefox 133/ }).focus()
      await page.keyboard.press('Enter')
      await expect(toast(page)).toHaveText('已退出该设备的登录')
      await expect(sessions).toHaveCount(1)
      await expect(page.getByText('没有其他设备登录着你的账号。')).toBeVisible()
    })
    expect(await otherIsGuest()).toBe(true)
    await gotoReady(page, '/', javaScriptEnabled)
    await expectSignedIn(page, nickname)
  } finally {
    await other.dispose()
  }
})

test('/user/account: a new nickname, an avatar and a new password', async ({ page, api, javaScriptEnabled }) => {
  const email = uniqueEmail()
  await api('/api/sign/on', { user_nickname: uniqueNickname(), user_email: email, user_password: PASSWORD })
  await gotoReady(page, '/user/account', javaScriptEnabled)
  const newName = uniqueNickname()

  await test.step('nickname: too long is refused in Chinese, then saved and shown in the header', async () => {
    const field = page.getByRole('textbox', { name: '昵称', exact: true })
    await field.fill('名'.repeat(21))
    await page.getByRole('button', { name: '保存昵称' }).click()
    await expect(page.getByText('昵称长度不能超过20个字')).toBeVisible()
    await field.fill(newName)
    await page.getByRole('button', { name: '保存昵称' }).click()
    await expect(toast(page)).toHaveText('昵称已保存')
    await expect(banner(page).locator('.account-name')).toHaveText(newName)
  })

  await test.step('avatar: uploaded, and the header shows it', async () => {
    const { jpeg } = await import('../fixtures/images.ts')
    await page.getByLabel('选择图片').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg(300, 120) })
    await page.getByRole('button', { name: '上传头像' }).click()
    await expect(toast(page)).toHaveText('头像已更新')
    await expect(page.getByRole('img', { name: '当前头像' })).toBeVisible()
    await expect(banner(page).locator('img.account-face')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.jpg\?w=\d+$/)
  })

  await test.step('password: the current one must be right; then the new one signs in', async () => {
    // The e-mail form asks for the current password too: this one is the password form's.
    const passwordForm = page.locator('form#account-password')
    await passwordForm.getByLabel('当前密码').fill('not-the-password')
    await page.getByLabel('新密码', { exact: true }).fill('另一个e2e密码')
    await page.getByLabel('确认新密码').fill('另一个e2e密码')
    await page.getByRole('button', { name: '修改密码' }).click()
    await expect(passwordForm.getByText('当前密码不正确')).toBeVisible()
    await passwordForm.getByLabel('当前密码').fill(PASSWORD)
    await page.getByLabel('新密码', { exact: true }).fill('另一个e2e密码')
    await page.getByLabel('确认新密码').fill('另一个e2e密码')
    await page.getByRole('button', { name: '修改密码' }).click()
    await expect(toast(page)).toHaveText('密码已修改，其他设备上的登录已退出')
    await expectSignedIn(page, newName)
  })
  await page.context().clearCookies()
  await loginOnPage(page, javaScriptEnabled, email, '另一个e2e密码')
  await expectSignInToast(page, '登录成功')
  await expectSignedIn(page, newName)
})

test('the account pages: no serious or critical axe violations', async ({ page, api, browser, javaScriptEnabled: js, baseURL }) => {
  await api('/api/sign/on', { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD })
  await withAxeView(page, js, browser, baseURL, (view) =>
    expectPagesWithoutSeriousViolations(view, js, [
      ['/user/account', '账号设置'],
      ['/user/online', '在线设备'],
      ['/forget/input-email', '找回密码'],
      ['/forget/reset-password?token=nonsense', '设置新密码'],
    ]),
  )
})

test('the account page in the night theme: the empty avatar has contrast and the rest passes axe', async ({ page, api, browser, javaScriptEnabled: js, baseURL }) => {
  // A new account (no avatar yet) whose homepage is set to night: the /user pages wear its look (spec §6).
  await api('/api/sign/on', { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD })
  const { homepageId } = (await (await page.request.get('/api/site/init-info')).json()).data
  await api('/api/skin/save-skin-params', { homepageId, theme: 1 })
  await withAxeView(page, js, browser, baseURL, async (view) => {
    await gotoReady(view, '/user/account', js)
    await expect(view.locator('html')).toHaveAttribute('data-theme', 'dark')
    const avatar = view.getByRole('img', { name: '还没有头像' })
    await expect(avatar).toBeVisible()
    // Its letter is inside role=img, which axe's colour check skips: measured here (WCAG 1.4.3, large text 3:1).
    const [fg, bg] = await avatar.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor])
    expect(contrast(fg!, bg!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(3)
    const serious = await seriousViolations(view)
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
  })
})
