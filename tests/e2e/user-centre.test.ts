import { expect, test as base, type Page } from '@playwright/test'
import { waitForMail } from '../sites/mail-server.ts'
import { apiFixture, type Api, banner, expectSignedOut, expectPagesWithoutSeriousViolations, gotoReady, loginOnPage, MAIL_HTTP_PORT, PASSWORD, toast, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

const test = base.extend<{ api: Api }>({ api: apiFixture })
test.describe.configure({ timeout: 90_000 })

/** The user-centre navigation. */
const userNav = (page: Page) => page.getByRole('navigation', { name: '个人中心' })

test('browser history: pages opened are listed; recording turned off and on; cleared', async ({ page, api, javaScriptEnabled: js }) => {
  await api('/api/sign/on', { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD })
  await gotoReady(page, '/tool/json', js)
  await gotoReady(page, '/user/account', js)

  await test.step('the account dropdown and the navigation lead to the page', async () => {
    const menu = banner(page).locator('details.account-menu')
    await menu.locator('summary').click()
    await expect(menu.getByRole('link', { name: '注销账号' })).toBeVisible()
    await menu.getByRole('link', { name: '浏览记录' }).click()
    await expect(page.getByRole('heading', { level: 1, name: '浏览记录' })).toBeVisible()
    await expect(userNav(page).getByRole('link', { name: '浏览记录' })).toHaveAttribute('aria-current', 'page')
  })

  await test.step('the pages opened appear (written within seconds)', async () => {
    await expect(async () => {
      await gotoReady(page, '/user/browser-history', js)
      // Written in batches every few seconds: the two visits may land in different ones.
      await expect(page.getByRole('link', { name: 'JSON 格式化 - 工具箱' })).toBeVisible({ timeout: 500 })
      await expect(page.getByRole('link', { name: '账号设置 - 个人中心' })).toBeVisible({ timeout: 500 })
    }).toPass({ timeout: 15_000 })
  })

  await test.step('recording off by keyboard: the state says so, and it can be turned on again', async () => {
    const off = page.getByRole('button', { name: '关闭记录' })
    await off.focus()
    await page.keyboard.press('Enter')
    await expect(toast(page)).toHaveText('已关闭浏览记录，之后打开的页面不会被记录')
    await expect(page.getByText('记录浏览：已关闭')).toBeVisible()
    await page.getByRole('button', { name: '开启记录' }).click()
    await expect(toast(page)).toHaveText('已开启浏览记录')
  })

  await test.step('cleared', async () => {
    await page.getByRole('button', { name: '清空浏览记录' }).click()
    await expect(toast(page)).toHaveText('浏览记录已清空')
    await expect(page.getByText('还没有浏览记录。')).toBeVisible()
  })
})

test('account deletion: the export is offered, the password is asked, then the account is gone', async ({ page, api, javaScriptEnabled: js, baseURL }) => {
  const email = uniqueEmail()
  await api('/api/sign/on', { user_nickname: uniqueNickname(), user_email: email, user_password: PASSWORD })
  await gotoReady(page, '/user/account', js)
  await userNav(page).getByRole('link', { name: '注销账号' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '注销账号' })).toBeVisible()
  await expect(page.getByRole('link', { name: '导出书签' }).last()).toHaveAttribute('href', '/user/export')

  await test.step('a wrong password and an unticked box are refused in Chinese', async () => {
    await page.getByLabel('当前密码').fill('not-the-password')
    await page.getByRole('button', { name: '永久注销账号' }).click()
    await expect(page.getByText('请勾选确认框，确认已了解注销的后果')).toBeVisible()
    await page.getByLabel('当前密码').fill('not-the-password')
    await page.getByLabel('我已了解：注销后所有数据将被删除，无法恢复').check()
    await page.getByRole('button', { name: '永久注销账号' }).click()
    await expect(page.getByText('当前密码不正确')).toBeVisible()
  })

  await test.step('by keyboard: password, tick, submit', async () => {
    await page.getByLabel('当前密码').fill(PASSWORD)
    const box = page.getByLabel('我已了解：注销后所有数据将被删除，无法恢复')
    if (!(await box.isChecked())) {
      await box.focus()
      await page.keyboard.press('Space')
    }
    await page.getByRole('button', { name: '永久注销账号' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(toast(page)).toHaveText('账号已注销，你在起页的数据已全部删除')
    await expectSignedOut(page)
  })

  await loginOnPage(page, js, email, PASSWORD)
  await expect(page.locator('form#login-form').getByText('邮箱或密码错误')).toBeVisible()
})

test('e-mail change: the new address gets the link, and only its button changes the address', async ({ page, api, javaScriptEnabled: js, baseURL }) => {
  await api('/api/sign/on', { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD })
  const next = uniqueEmail()
  await gotoReady(page, '/user/account', js)
  const form = page.locator('form#account-email')
  await form.getByLabel('新邮箱').fill(next)
  await form.getByLabel('当前密码').fill(PASSWORD)
  await form.getByRole('button', { name: '发送确认邮件' }).click()
  await expect(toast(page)).toHaveText(`确认邮件已发送到 ${next}，请在30分钟内打开邮件中的链接，邮箱才会修改`)
  const link = /\/email\/confirm\?token=[\w.-]+/.exec((await waitForMail(MAIL_HTTP_PORT, next)).text)![0]
  await gotoReady(page, link, js)
  await expect(page.getByText(`把起页的登录邮箱改为 ${next}？`)).toBeVisible()
  await page.getByRole('button', { name: '确认修改' }).click()
  await expect(page).toHaveURL(`${baseURL}/user/account`)
  await expect(toast(page)).toHaveText('邮箱已修改，请使用新邮箱登录')
  await expect(page.getByText(`登录邮箱：${next}`)).toBeVisible()
})

test('the new pages: no serious or critical axe violations', async ({ page, api, browser, javaScriptEnabled: js, baseURL }) => {
  await api('/api/sign/on', { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD })
  await withAxeView(page, js, browser, baseURL, (view) =>
    expectPagesWithoutSeriousViolations(view, js, [
      ['/user/browser-history', '浏览记录'],
      ['/user/logoff', '注销账号'],
      ['/email/confirm?token=nonsense', '确认新邮箱'],
      ['/terms', '起页用户协议'],
      ['/privacy', '起页隐私政策'],
    ]),
  )
})
