import { expect, test } from '@playwright/test'
import {
  authPanel,
  banner,
  expectSignedIn,
  expectSignedOut,
  expectSignInToast,
  gotoReady,
  loginOnPage,
  logout,
  logoutButton,
  PASSWORD,
  uniqueEmail,
  uniqueNickname,
} from './helpers.ts'

test.describe('e-mail accounts', () => {
  test('register through the header dialog, log out, log in again on /login', async ({ page, javaScriptEnabled, baseURL }) => {
    const nickname = uniqueNickname()
    const email = uniqueEmail()

    await test.step('register through the dialog opened from the header', async () => {
      await gotoReady(page, '/', javaScriptEnabled)
      await expectSignedOut(page)
      await banner(page).getByRole('link', { name: '注册', exact: true }).click()
      await expect(page).toHaveURL(`${baseURL}/?dialog=register`)
      const panel = authPanel(page, javaScriptEnabled, '注册')
      await expect(panel).toBeVisible()
      await panel.getByLabel('昵称', { exact: true }).fill(nickname)
      await panel.getByLabel('邮箱', { exact: true }).fill(email)
      await panel.getByLabel('密码', { exact: true }).fill(PASSWORD)
      await panel.getByRole('button', { name: '注册', exact: true }).click()

      await expectSignInToast(page, '注册成功，页面即将刷新')
      // A new account first chooses how its homepage starts (tests/e2e/welcome.test.ts).
      await expect(page).toHaveURL(`${baseURL}/welcome`)
      await expect(panel).toHaveCount(0)
      await expectSignedIn(page, nickname)
      // A new account gets its own homepage, named after the user (no title yet).
      await expect(banner(page).locator('.brand-name')).toHaveText(`${nickname}的主页`)
    })

    await test.step('log out with 退出', async () => {
      await logout(page)
      await expect(page).toHaveURL(`${baseURL}/`)
      await expect(page.getByRole('heading', { level: 1, name: '起页示例主页' })).toBeVisible()
    })

    await test.step('log in on /login with the same credentials', async () => {
      await loginOnPage(page, javaScriptEnabled, email, PASSWORD)
      await expectSignInToast(page, '登录成功')
      await expect(page).toHaveURL(`${baseURL}/`)
      await expectSignedIn(page, nickname)
      // A signed-in visitor has no business on the login page: it sends them on.
      await page.goto('/login')
      await expect(page).toHaveURL(`${baseURL}/`)
      await expectSignedIn(page, nickname)
    })
  })

  test('register shows each validation message and keeps what was typed', async ({ page, javaScriptEnabled }) => {
    const nickname = uniqueNickname()
    const email = uniqueEmail()
    await gotoReady(page, '/?dialog=register', javaScriptEnabled)
    await expect(authPanel(page, javaScriptEnabled, '注册')).toBeVisible()
    // Without JavaScript a failed post renders /login with the same form; its id stays.
    const form = page.locator('form#register-form')
    const nicknameInput = form.getByLabel('昵称', { exact: true })
    const emailInput = form.getByLabel('邮箱', { exact: true })
    const passwordInput = form.getByLabel('密码', { exact: true })
    const submit = form.getByRole('button', { name: '注册', exact: true })

    await test.step('empty nickname, malformed e-mail, short password', async () => {
      await emailInput.fill('not-an-email')
      await passwordInput.fill('12345')
      await submit.click()
      await expect(form.getByText('请输入昵称', { exact: true })).toBeVisible()
      await expect(form.getByText('请输入正确的邮箱地址', { exact: true })).toBeVisible()
      await expect(form.getByText('密码长度不能小于6位', { exact: true })).toBeVisible()
      await expect(nicknameInput).toHaveAttribute('aria-invalid', 'true')
      await expect(emailInput).toHaveAttribute('aria-invalid', 'true')
      await expect(emailInput).toHaveAccessibleDescription('请输入正确的邮箱地址')
      // The error is tied to its field for screen readers, besides the hint under the password.
      await expect(passwordInput).toHaveAttribute('aria-invalid', 'true')
      await expect(passwordInput).toHaveAccessibleDescription(/密码长度不能小于6位/)
      await expect(emailInput).toHaveValue('not-an-email')
      await expect(page.locator('.account-name')).toHaveCount(0)
    })

    await test.step('empty e-mail and password', async () => {
      await nicknameInput.fill(nickname)
      await emailInput.fill('')
      await passwordInput.fill('')
      await submit.click()
      await expect(form.getByText('请输入邮箱地址', { exact: true })).toBeVisible()
      await expect(form.getByText('请输入登录密码', { exact: true })).toBeVisible()
      await expect(form.getByText('请输入昵称', { exact: true })).toHaveCount(0)
      await expect(nicknameInput).toHaveValue(nickname)
    })

    await test.step('nickname over 20 characters', async () => {
      await nicknameInput.fill('昵'.repeat(21))
      await emailInput.fill(email)
      await passwordInput.fill(PASSWORD)
      await submit.click()
      await expect(form.getByText('昵称长度不能超过20个字', { exact: true })).toBeVisible()
      await expect(nicknameInput).toHaveValue('昵'.repeat(21))
      await expect(emailInput).toHaveValue(email)
    })

    await test.step('an e-mail that is taken; nickname and e-mail survive the round trip', async () => {
      await nicknameInput.fill(nickname)
      await emailInput.fill('demo@example.com')
      await passwordInput.fill(PASSWORD)
      await submit.click()
      await expect(form.getByText('该邮箱地址已经存在', { exact: true })).toBeVisible()
      await expect(nicknameInput).toHaveValue(nickname)
      await expect(emailInput).toHaveValue('demo@example.com')
      // (With JavaScript the modal hides the header from the accessibility tree, so CSS here.)
      await expect(page.locator('.account-name')).toHaveCount(0)
    })

    await test.step('fixing the e-mail then registers', async () => {
      await emailInput.fill(email)
      await passwordInput.fill(PASSWORD)
      await submit.click()
      await expectSignInToast(page, '注册成功，页面即将刷新')
      await expectSignedIn(page, nickname)
    })
  })

  test('login shows 邮箱或密码错误 for a wrong password and keeps the e-mail', async ({ page, javaScriptEnabled }) => {
    await loginOnPage(page, javaScriptEnabled, 'demo@example.com', 'not-the-demo-password')
    const form = page.locator('form#login-form')
    await expect(form.getByText('邮箱或密码错误', { exact: true })).toBeVisible()
    await expect(form.getByLabel('邮箱', { exact: true })).toHaveValue('demo@example.com')
    // Without JavaScript the page is rendered anew and the password is never sent back to it.
    if (!javaScriptEnabled) await expect(form.getByLabel('密码', { exact: true })).toHaveValue('')
    await expectSignedOut(page)

    await test.step('empty fields and a malformed e-mail', async () => {
      await form.getByLabel('邮箱', { exact: true }).fill('')
      await form.getByLabel('密码', { exact: true }).fill('')
      await form.getByRole('button', { name: '登录', exact: true }).click()
      await expect(form.getByText('请输入邮箱地址', { exact: true })).toBeVisible()
      await expect(form.getByText('请输入登录密码', { exact: true })).toBeVisible()
      await form.getByLabel('邮箱', { exact: true }).fill('demo@')
      await form.getByLabel('密码', { exact: true }).fill('whatever')
      await form.getByRole('button', { name: '登录', exact: true }).click()
      await expect(form.getByText('请输入正确的邮箱地址', { exact: true })).toBeVisible()
      await expect(form.getByLabel('邮箱', { exact: true })).toHaveValue('demo@')
    })

    await test.step('the right password signs the demo account in', async () => {
      await form.getByLabel('邮箱', { exact: true }).fill('demo@example.com')
      await form.getByLabel('密码', { exact: true }).fill('qiye-demo-2026')
      await form.getByRole('button', { name: '登录', exact: true }).click()
      await expectSignInToast(page, '登录成功')
      await expect(logoutButton(page)).toHaveCount(1)
      await expect(banner(page).locator('.account-name')).not.toBeEmpty()
    })
  })

  test('the dialog switches between 登录 and 注册 and closes back to the page', async ({ page, javaScriptEnabled, baseURL }) => {
    await gotoReady(page, '/?dialog=login', javaScriptEnabled)
    const login = authPanel(page, javaScriptEnabled, '登录')
    await expect(login).toBeVisible()
    await login.getByRole('link', { name: '注册新账号', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/?dialog=register`)
    const register = authPanel(page, javaScriptEnabled, '注册')
    await expect(register).toBeVisible()
    await expect(register.getByLabel('昵称', { exact: true })).toBeVisible()
    await register.getByRole('link', { name: '去登录', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/?dialog=login`)
    await expect(login).toBeVisible()

    if (javaScriptEnabled) {
      // A real modal dialog: Escape closes it and the URL drops ?dialog=.
      await expect(page.getByRole('dialog')).toHaveCount(1)
      await expect(page.locator('section.dialog-inline')).toHaveCount(0)
      await page.keyboard.press('Escape')
    } else {
      // Plain HTML: an inline section whose × is a link to the same page without ?dialog=.
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await login.getByRole('link', { name: '关闭', exact: true }).click()
    }
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(login).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: '起页示例主页' })).toBeVisible()
  })

  test('a 64-character Chinese password registers and logs in, untruncated', async ({ page, javaScriptEnabled, baseURL }) => {
    const nickname = uniqueNickname()
    const email = uniqueEmail()
    const alphabet = '起页书签网址导航主页分类模块分享密码测试中文汉字春夏秋冬山水风月'
    const password = Array.from({ length: 64 }, (_, i) => alphabet[(i * 7 + 3) % alphabet.length]).join('')
    expect([...password]).toHaveLength(64)

    await gotoReady(page, '/login?mode=register', javaScriptEnabled)
    await expect(page.getByRole('heading', { level: 1, name: '注册' })).toBeVisible()
    const register = page.locator('form#register-form')
    await register.getByLabel('昵称', { exact: true }).fill(nickname)
    await register.getByLabel('邮箱', { exact: true }).fill(email)
    await register.getByLabel('密码', { exact: true }).fill(password)
    await expect(register.getByLabel('密码', { exact: true })).toHaveValue(password)
    await register.getByRole('button', { name: '注册', exact: true }).click()
    await expectSignInToast(page, '注册成功，页面即将刷新')
    await expect(page).toHaveURL(`${baseURL}/welcome`)
    await expectSignedIn(page, nickname)
    await logout(page)

    await test.step('the first 63 characters are not the password', async () => {
      await loginOnPage(page, javaScriptEnabled, email, password.slice(0, 63))
      await expect(page.locator('form#login-form').getByText('邮箱或密码错误', { exact: true })).toBeVisible()
      await expectSignedOut(page)
    })

    await test.step('all 64 characters are', async () => {
      await loginOnPage(page, javaScriptEnabled, email, password)
      await expectSignInToast(page, '登录成功')
      await expectSignedIn(page, nickname)
    })
  })
})
