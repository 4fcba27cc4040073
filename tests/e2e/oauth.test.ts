import { expect, test } from '@playwright/test'
import { authPanel, expectSignedIn, expectSignInToast, gotoReady, uniqueNickname } from './helpers.ts'

test('GitHub sign-in from the login dialog through the provider\'s authorize page makes an account and comes back', async ({ page, javaScriptEnabled, baseURL }) => {
  const uid = String(Date.now() % 1_000_000_000 + Math.floor(Math.random() * 1000))
  const nickname = uniqueNickname()

  await gotoReady(page, '/?dialog=login', javaScriptEnabled)
  // A plain link (works without JavaScript) to /oauth/github, which redirects to the provider.
  await authPanel(page, javaScriptEnabled, '登录').getByRole('link', { name: 'GitHub登录', exact: true }).click()

  // The local provider's authorize page (tests/sites/oauth-provider.ts), with our state and PKCE challenge.
  await expect(page.getByRole('heading', { name: '模拟 github 授权' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('code_challenge_method')).toBe('S256')
  await page.getByLabel('用户 ID').fill(uid)
  await page.getByLabel('昵称').fill(nickname)
  await page.getByRole('button', { name: '授权', exact: true }).click()

  // A first sign-in makes an account: it chooses how its homepage starts (welcome.test.ts).
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/welcome`))
  await expectSignInToast(page, '注册成功，页面即将刷新')
  await expectSignedIn(page, nickname)

  await gotoReady(page, '/user/account', javaScriptEnabled)
  await expect(page.getByText(`GitHub：${nickname}`)).toBeVisible()
  await expect(page.getByRole('button', { name: '解绑GitHub' })).toBeVisible()
})
