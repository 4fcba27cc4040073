import { expect, test, type Page } from '@playwright/test'
import { gotoReady, seriousViolations, toast, withAxeView } from './helpers.ts'

/**
 * The tool box (issue 13 item 4), with JavaScript and without: each tool is used by keyboard and
 * gives the right answer; with JavaScript it answers as one types, without it the form posts to
 * the server. axe checks /tool and a tool page with its result.
 */

const result = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const status = (page: Page) => page.locator('.toolbox-status')

test('JSON: type, Tab to 处理, Enter; then 压缩 with the arrow keys', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/tool/json', js)
  await expect(page.getByRole('heading', { level: 1, name: 'JSON 格式化' })).toBeVisible()
  await page.getByLabel('JSON 文本').focus()
  await page.keyboard.type('{"名":"起页","ids":[1,2]}')
  // Focus order: the text, each choice group (its checked radio), the button.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: '格式化' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: '2 个空格' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: '处理' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(result(page, '格式化结果')).toHaveValue('{\n  "名": "起页",\n  "ids": [\n    1,\n    2\n  ]\n}')
  await expect(status(page)).toHaveText('已格式化，共 7 行')
  await expect(page.getByLabel('JSON 文本')).toHaveValue('{"名":"起页","ids":[1,2]}')

  await page.getByRole('radio', { name: '格式化' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: '压缩' })).toBeChecked()
  if (js) {
    // With JavaScript the answer follows the choice at once.
    await expect(result(page, '压缩结果')).toHaveValue('{"名":"起页","ids":[1,2]}')
  } else {
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: '处理' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(result(page, '压缩结果')).toHaveValue('{"名":"起页","ids":[1,2]}')
  }
})

test('invalid JSON: the message, with line and column, is beside the field and describes it', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/tool/json', js)
  await page.getByLabel('JSON 文本').fill('{\n  "a": 1,\n}')
  await page.getByRole('button', { name: '处理' }).press('Enter')
  const message = 'JSON 格式错误：第 3 行第 1 列，对象最后一项后面不能有逗号'
  await expect(page.locator('.field-error')).toHaveText(message)
  await expect(page.getByLabel('JSON 文本')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('JSON 文本')).toHaveAccessibleDescription(message)
  await expect(status(page)).toHaveText(message)
  await expect(page.getByRole('heading', { name: '结果' })).toHaveCount(0)
})

test('QR code: the drawing for the text, and an SVG to download', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/tool/qrcode', js)
  await page.getByLabel('内容', { exact: true }).fill('https://example.com')
  await page.getByRole('radio', { name: '高（30%）' }).check()
  await page.getByRole('button', { name: '生成二维码' }).press('Enter')
  const drawing = page.getByRole('img', { name: '生成的二维码' })
  await expect(drawing).toBeVisible()
  // 19 bytes at level H: version 3, 29 modules and a margin of 2.
  await expect(drawing.locator('svg')).toHaveAttribute('viewBox', '0 0 33 33')
  await expect(status(page)).toHaveText('已生成二维码（19 字节，纠错级别 H）')
  await expect(page.getByRole('link', { name: '下载 SVG' })).toHaveAttribute('download', 'qrcode.svg')
})

test('timestamp: 当前时间 fills in now; a date becomes a timestamp in the chosen zone', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/tool/timestamp', js)
  await page.getByRole('button', { name: '当前时间' }).press('Enter')
  const input = page.getByLabel('时间戳或日期时间')
  await expect(input).toHaveValue(/^\d{10}$/)
  expect(Math.abs(Number(await input.inputValue()) - Date.now() / 1000)).toBeLessThan(60)
  await expect(result(page, '秒级时间戳')).toHaveValue(await input.inputValue())

  await input.fill('2024-01-02 03:04:05')
  await page.getByLabel('时区').selectOption('America/New_York')
  await page.getByRole('button', { name: '转换' }).press('Enter')
  await expect(result(page, '秒级时间戳')).toHaveValue('1704182645')
  await expect(result(page, 'ISO 8601')).toHaveValue('2024-01-02T03:04:05-05:00')
})

test('colour and Base64 by their buttons; 复制 only where scripts run', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/tool/color', js)
  await page.getByLabel('颜色', { exact: true }).fill('hsl(120, 100%, 25%)')
  await page.getByLabel('颜色', { exact: true }).press('Enter')
  await expect(result(page, 'HEX')).toHaveValue('#008000')
  await expect(page.getByRole('button', { name: '复制HEX' })).toHaveCount(js ? 1 : 0)

  await gotoReady(page, '/tool/base64', js)
  await page.getByLabel('文本', { exact: true }).fill('5Lit5paH')
  await page.getByRole('radio', { name: '解码' }).check()
  await page.getByRole('button', { name: '转换' }).press('Enter')
  await expect(result(page, '解码结果')).toHaveValue('中文')
})

// The no-JS project leaves out @js-only tests: answers while typing and 复制 need scripts.
test('colour: the answer as one types, a preview, and 复制 @js-only', async ({ page, javaScriptEnabled: js, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  await gotoReady(page, '/tool/color', js)
  await page.getByLabel('颜色', { exact: true }).focus()
  await page.keyboard.type('#1e90ff')
  await expect(result(page, 'RGB')).toHaveValue('rgb(30, 144, 255)')
  await expect(result(page, 'HSL')).toHaveValue('hsl(209.6, 100%, 55.9%)')
  await expect(page.getByRole('img', { name: '颜色预览 #1e90ff' })).toBeVisible()
  await page.getByRole('button', { name: '复制RGB' }).press('Enter')
  await expect(toast(page).filter({ hasText: '复制成功' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('rgb(30, 144, 255)')
  // Emptying the field clears the answer instead of scolding.
  await page.getByLabel('颜色', { exact: true }).fill('')
  await expect(page.getByRole('heading', { name: '结果' })).toHaveCount(0)
  await expect(page.locator('.field-error')).toHaveCount(0)
})

test('汉字转拼音 and 字数统计 by keyboard', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/tool/pinyin', js)
  await page.getByLabel('汉字', { exact: true }).focus()
  await page.keyboard.type('重庆银行')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(result(page, '带声调')).toHaveValue('chóng qìng yín háng')
  await expect(result(page, '首字母')).toHaveValue('cqyh')

  await page.getByRole('link', { name: '字数统计' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '字数统计' })).toBeVisible()
  await page.getByLabel('文本', { exact: true }).fill('你好，world 2026')
  await page.getByRole('button', { name: '统计' }).press('Enter')
  await expect(page.locator('.toolbox-stats')).toContainText('字数（汉字 + 英文单词 + 数字）4')
})

test('/tool lists the tools by category and leads to each; a tool page leads back', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/tool', js)
  await expect(page.getByRole('heading', { level: 1, name: '工具箱' })).toBeVisible()
  for (const name of ['开发调试', '编码转换', '文本处理', '图片与颜色']) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: /Base64 编解码/ }).click()
  await expect(page).toHaveURL(/\/tool\/base64$/)
  await expect(page.getByRole('link', { name: 'Base64 编解码' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('navigation', { name: '位置' }).getByRole('link', { name: '工具箱' }).click()
  await expect(page).toHaveURL(/\/tool$/)
})

test('the header’s 工具箱: a link to /tool without JavaScript, the drawer of tools with it', async ({ page, javaScriptEnabled: js }) => {
  await gotoReady(page, '/', js)
  const entry = page.getByRole('banner').getByRole('link', { name: '工具箱' })
  await expect(entry).toHaveAttribute('href', '/tool')
  if (!js) {
    await entry.click()
    await expect(page).toHaveURL(/\/tool$/)
    return
  }
  await entry.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: '工具箱' })
  await expect(drawer).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(entry).toBeFocused()
  await entry.click()
  await drawer.getByRole('link', { name: 'JSON 格式化' }).click()
  await expect(page).toHaveURL(/\/tool\/json$/)
  await expect(drawer).toBeHidden()
})

const AXE_PAGES = [
  { path: '/tool', heading: '工具箱', use: null },
  {
    path: '/tool/json',
    heading: 'JSON 格式化',
    use: async (page: Page) => {
      await page.getByLabel('JSON 文本').fill('{"a":1}')
      await page.getByRole('button', { name: '处理' }).click()
      await expect(result(page, '格式化结果')).toHaveValue('{\n  "a": 1\n}')
    },
  },
] as const

for (const { path, heading, use } of AXE_PAGES) {
  test(`${path} has no serious or critical axe violations`, async ({ page, browser, javaScriptEnabled: js, baseURL }) => {
    // Without JavaScript axe runs on the server's HTML (helpers.ts), and the result comes from a real POST.
    await withAxeView(page, js, browser, baseURL, async (view) => {
      await gotoReady(view, path, js)
      await expect(view.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      if (use) await use(view)
      const serious = await seriousViolations(view)
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    })
  })
}
