import { expect, type Page, test } from '@playwright/test'
import { authPanel, banner, expectSignInToast, gotoReady, PASSWORD, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * A first homepage is never empty (issue 22, item 3): a sign-up ends on /welcome, where the new
 * user picks templates, an import or an empty start; with and without JavaScript.
 */

async function signUpThroughDialog(page: Page, js: boolean, baseURL: string) {
  await gotoReady(page, '/', js)
  await banner(page).getByRole('link', { name: '注册', exact: true }).click()
  const panel = authPanel(page, js, '注册')
  await panel.getByLabel('昵称', { exact: true }).fill(uniqueNickname())
  await panel.getByLabel('邮箱', { exact: true }).fill(uniqueEmail())
  await panel.getByLabel('密码', { exact: true }).fill(PASSWORD)
  await panel.getByRole('button', { name: '注册', exact: true }).click()
  await expectSignInToast(page, '注册成功，页面即将刷新')
  await expect(page).toHaveURL(`${baseURL}/welcome`)
  await expect(page.getByRole('heading', { level: 1, name: '欢迎使用起页' })).toBeVisible()
}

test('a new user picks 常用 and 开发 at sign-up and lands on a homepage with their links', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUpThroughDialog(page, js, baseURL!)
  const choice = page.getByRole('group', { name: '选择一个或多个模板，它们的网址会加到你的主页上' })
  await choice.getByRole('checkbox', { name: /^常用/ }).check()
  await choice.getByRole('checkbox', { name: /^开发/ }).check()
  await page.getByRole('button', { name: '使用所选模板', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(page.getByRole('link', { name: '百度', exact: true }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'GitHub', exact: true }).first()).toBeVisible()
  // The untouched birth module gave way: no empty 常用网站 card.
  await expect(page.getByRole('heading', { name: '常用网站', exact: true })).toHaveCount(0)
})

test('nothing ticked is refused in place; 从空白开始 leads to the homepage', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUpThroughDialog(page, js, baseURL!)
  const choice = page.getByRole('group', { name: '选择一个或多个模板，它们的网址会加到你的主页上' })
  for (const box of await choice.getByRole('checkbox').all()) await box.uncheck()
  await page.getByRole('button', { name: '使用所选模板', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('请选择要添加的模板')
  await page.getByRole('link', { name: '从空白主页开始', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(page.getByRole('heading', { name: '常用网站', exact: true })).toBeVisible()
})
