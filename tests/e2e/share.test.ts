import { expect, test, type Page } from '@playwright/test'
import { expectSignInToast, gotoReady, PASSWORD, postOk, signUpByApi, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * Save from anywhere (issue 25): the page the bookmarklet and the share sheet open (/share) saves
 * the page being read into a chosen category — for a signed-in user, and for one who signs in on
 * the way and comes back. Plain forms: the same steps with JavaScript on and off.
 */

const rand = () => Math.random().toString(36).slice(2, 7)

/** What the bookmarklet opens for a page: /share with its address and title. */
const shareHref = (url: string, title: string) => `/share?${new URLSearchParams({ url, title })}`

async function saveInto(page: Page, category: string, note: string) {
  const form = page.locator('form.share-form')
  await form.getByLabel('保存到分类').selectOption({ label: category })
  await form.getByLabel('备注').fill(note)
  await form.getByRole('button', { name: '保存', exact: true }).click()
  await expect(toast(page)).toHaveText('已保存到起页')
}

/** A second category, 稍后阅读, in the first module of the user's homepage: the one to choose. */
async function addReadLater(page: Page, baseURL: string, homepageId: number) {
  const [module] = (await (await page.request.get(`/api/module/get-list?homepageId=${homepageId}`)).json()).data as Array<{ moduleId: number }>
  await postOk(page, baseURL, '/api/bag/add', { moduleId: module!.moduleId, name: '稍后阅读', icon: 'tabler:clock' })
  return '稍后阅读'
}

test('a signed-in user saves the page they are reading into the category they choose', async ({ page, baseURL, javaScriptEnabled: js }) => {
  const category = await addReadLater(page, baseURL!, await signUpByApi(page, baseURL!))
  const address = `https://read-${rand()}.example.com/article`
  await gotoReady(page, shareHref(address, '一篇要读的文章'), js)
  await expect(page.getByRole('heading', { level: 1, name: '保存到起页' })).toBeVisible()
  await expect(page.getByLabel('网站名称')).toHaveValue('一篇要读的文章')
  await expect(page.getByLabel('网址')).toHaveValue(address)
  await saveInto(page, category, '周末读')
  await expect(page.getByRole('heading', { name: '「一篇要读的文章」已保存' })).toBeVisible()
  await expect(page.getByRole('link', { name: '返回刚才的网页' })).toHaveAttribute('href', address)

  await page.getByRole('link', { name: '打开我的主页' }).click()
  await expect(page.getByRole('link', { name: '一篇要读的文章' }).first()).toBeVisible()
  // The next page shared opens on the category used last.
  await gotoReady(page, shareHref('https://next.example.com/', '下一篇'), js)
  await expect(page.locator('form.share-form select[name="bid"] option:checked')).toHaveText(category)
})

test('a guest signs in on the way and comes back to save', async ({ page, browser, baseURL, javaScriptEnabled: js }) => {
  const email = uniqueEmail()
  const elsewhere = await browser.newContext()
  const other = await elsewhere.newPage()
  await postOk(other, baseURL!, '/api/sign/on', { user_nickname: uniqueNickname(), user_email: email, user_password: PASSWORD })
  const homepageId = (await (await other.request.get('/api/site/init-info')).json()).data.homepageId as number
  const category = await addReadLater(other, baseURL!, homepageId)
  await elsewhere.close()

  const address = `https://guest-${rand()}.example.com/page`
  await gotoReady(page, shareHref(address, '路上看到的网页'), js)
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  const form = page.locator('form#login-form')
  await form.getByLabel('邮箱', { exact: true }).fill(email)
  await form.getByLabel('密码', { exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: '登录', exact: true }).click()
  await expectSignInToast(page, '登录成功')
  await expect(page).toHaveURL(/\/share\?url=/)
  await expect(page.getByLabel('网址')).toHaveValue(address)
  await saveInto(page, category, '')
  await expect(page.getByRole('heading', { name: '「路上看到的网页」已保存' })).toBeVisible()
})
