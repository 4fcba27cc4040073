import { expect, test, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { gotoReady, PASSWORD, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * Site names and icons fetched by the server, remote icons and uploads, with JavaScript (through
 * /api, upload progress) and without (the form posts itself: 获取 intents, a plain file input).
 * "Other sites" are tests/sites/site-server.ts, reached as http://site.test.
 */

async function signUp(page: Page) {
  const response = await page.request.post('/api/sign/on', {
    form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
}

function panel(page: Page, js: boolean, title: string): Locator {
  return js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })
}

/** The starter category's 添加链接 dialog. */
async function openAddLink(page: Page, js: boolean) {
  await gotoReady(page, '/', js)
  // The category's 管理 link leads to its menu dialog (?dialog=bag-menu&bid=): add-link takes the same bid.
  const menuHref = await page.getByRole('link', { name: /^管理 / }).first().getAttribute('href')
  const href = menuHref!.replace('dialog=bag-menu', 'dialog=add-link')
  expect(href).toContain('dialog=add-link')
  await gotoReady(page, href!, js)
  const dialog = panel(page, js, '添加链接')
  await expect(dialog).toBeVisible()
  return dialog
}

const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true })

/** The link's icon as the dialog holds it: the hidden `icon` field. */
const iconValue = (dialog: Locator) => dialog.locator('input[type="hidden"][name="icon"]')

test('add a link by its address only: 获取网站名称和图标 fills in the name and icon, then it saves', async ({
  page,
  javaScriptEnabled: js,
  baseURL,
}) => {
  await signUp(page)
  const dialog = await openAddLink(page, js)
  await field(dialog, '网站链接').fill('http://site.test/gbk')
  await dialog.getByRole('button', { name: '获取网站名称和图标' }).click()
  await expect(field(dialog, '网站名称')).toHaveValue('中文网站 GBK 编码')
  await expect(iconValue(dialog)).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/)
  // Nothing is saved by fetching; the address typed is kept.
  await expect(field(dialog, '网站链接')).toHaveValue('http://site.test/gbk')
  const icon = await iconValue(dialog).inputValue()
  await expect(dialog.locator('.link-icon-preview img')).toHaveAttribute('src', new RegExp(`^${icon}`))

  await dialog.getByRole('button', { name: '保存', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(toast(page)).toHaveText('保存成功')
  const link = page.locator('main li > a:first-child', { hasText: '中文网站 GBK 编码' })
  await expect(link).toHaveAttribute('href', 'http://site.test/gbk')
  // The page draws the icon from our origin only.
  const src = await link.locator('img').getAttribute('src')
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}\.png(\?w=\d+)?$/)
  expect((await page.request.get(src!)).status()).toBe(200)
})

test('获取 with an empty, internal or missing address says why, beside the address, and names the link by its host', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  const dialog = await openAddLink(page, js)
  await dialog.getByRole('button', { name: '获取网站名称和图标' }).click()
  await expect(dialog.getByText('请输入网址地址URL', { exact: true })).toBeVisible()
  await field(dialog, '网站链接').fill('http://169.254.169.254/latest/meta-data/')
  await dialog.getByRole('button', { name: '获取网站名称和图标' }).click()
  await expect(dialog.getByText('获取失败，对方网站无法访问或没有及时响应', { exact: true })).toBeVisible()
  // The host names the link when the site cannot.
  await expect(field(dialog, '网站名称')).toHaveValue('169.254.169.254')
  // No scheme: https:// is meant; a name that does not exist is told as such.
  await field(dialog, '网站名称').fill('')
  await field(dialog, '网站链接').fill('nowhere.test')
  await dialog.getByRole('button', { name: '获取网站名称和图标' }).click()
  await expect(dialog.getByText('获取失败，找不到该网站，请检查网址是否正确', { exact: true })).toBeVisible()
  await expect(field(dialog, '网站名称')).toHaveValue('nowhere.test')
})

test('a remote icon and an uploaded icon for a link', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUp(page)
  const dialog = await openAddLink(page, js)
  await field(dialog, '网站名称').fill('远程图标')
  await field(dialog, '网站链接').fill('https://example.com/remote')
  await field(dialog, '远程图标').fill('http://site.test/logo.png')
  await dialog.getByRole('button', { name: '获取', exact: true }).click()
  await expect(iconValue(dialog)).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/)
  const remote = await iconValue(dialog).inputValue()

  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#43a047' } }).png().toBuffer()
  await field(dialog, '上传图标').setInputFiles({ name: '../../evil.php.png', mimeType: 'image/png', buffer: png })
  if (js) {
    // Uploaded at once (with a progress bar); the form field takes the stored picture.
    await expect(iconValue(dialog)).not.toHaveValue(remote)
    await expect(iconValue(dialog)).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/)
  }
  await dialog.getByRole('button', { name: '保存', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(toast(page)).toHaveText('保存成功')
  const src = await page.locator('main li > a:first-child', { hasText: '远程图标' }).locator('img').getAttribute('src')
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}\.png/)
  // The upload, not the remote icon, is what was saved (a server-made name, never the file's).
  expect(src!.startsWith(remote)).toBe(false)
  const stored = await page.request.get(src!.replace(/\?.*$/, ''))
  expect(stored.headers()['content-security-policy']).toContain('sandbox')
  const meta = await sharp(await stored.body()).metadata()
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(256)
})

test('an SVG upload is refused with a clear message and nothing changes', async ({ page, javaScriptEnabled: js }) => {
  await signUp(page)
  const dialog = await openAddLink(page, js)
  await field(dialog, '网站名称').fill('坏图标')
  await field(dialog, '网站链接').fill('https://example.com/svg')
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')
  await field(dialog, '上传图标').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: svg })
  if (!js) await dialog.getByRole('button', { name: '保存', exact: true }).click()
  await expect(dialog.getByText('只能上传 JPG、PNG、WebP、GIF 或 ICO 格式的图片', { exact: true })).toBeVisible()
  await expect(iconValue(dialog)).toHaveValue('')
  // The name and address typed are kept.
  await expect(field(dialog, '网站名称')).toHaveValue('坏图标')
})

test('a module icon uploaded in the icon selector', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await signUp(page)
  await gotoReady(page, '/?dialog=add-module', js)
  const dialog = panel(page, js, '添加模块')
  await field(dialog, '模块名称').fill('上传图标模块')
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#8e24aa' } }).png().toBuffer()
  await field(dialog, '上传图标').setInputFiles({ name: 'm.png', mimeType: 'image/png', buffer: png })
  if (js) await expect(dialog.getByRole('radio', { name: '新图标' })).toBeChecked()
  await dialog.getByRole('button', { name: '保存', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(toast(page)).toHaveText('保存成功')
  await expect(page.getByRole('heading', { name: '上传图标模块', level: 2 }).locator('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.png/)
  const uploaded = await page.getByRole('heading', { name: '上传图标模块', level: 2 }).locator('img').getAttribute('src')

  // The picture is now among the recent icons of the selector (最近使用, spec §9).
  await gotoReady(page, '/?dialog=add-module', js)
  const again = panel(page, js, '添加模块')
  await again.getByRole('link', { name: '最近使用' }).click()
  await expect(again.locator('.icon-grid img').first()).toHaveAttribute('src', uploaded!)
})
