import { expect, test } from '@playwright/test'
import { banner, expectNoSeriousViolations, gotoReady, seriousViolations } from './helpers.ts'

/**
 * Weather against the fake provider (tests/sites/weather-server.ts): 东城区 answers 晴间多云 12°C,
 * 西城区 answers 500. The /weather page and its three-step selector work with and without
 * JavaScript; with JavaScript the header link opens the popover with the three selects.
 */

test('the three-step selector on /weather saves a city and the header shows its weather', async ({ page, browser, javaScriptEnabled, baseURL }) => {
  await gotoReady(page, '/', javaScriptEnabled)
  await expect(banner(page).getByRole('link', { name: '选择城市' })).toBeVisible()
  await gotoReady(page, '/weather', javaScriptEnabled)
  await expect(page.getByRole('heading', { level: 1, name: '天气' })).toBeVisible()
  await expect(page.getByText('尚未选择城市')).toBeVisible()
  await expectNoSeriousViolations(page, javaScriptEnabled, browser, baseURL)

  await page.getByLabel('第一步：省份').selectOption({ label: '北京市' })
  await page.getByRole('button', { name: '下一步' }).first().click()
  await expect(page).toHaveURL(/province=11/)
  await page.getByLabel('第二步：城市').selectOption({ label: '市辖区' })
  await page.getByRole('button', { name: '下一步' }).nth(1).click()
  await expect(page).toHaveURL(/city=1101/)
  await page.getByLabel('第三步：区县').selectOption({ label: '东城区' })
  await page.getByRole('button', { name: '保存' }).click()

  await expect(page).toHaveURL(/\/weather$/)
  await expect(page.getByText('保存成功')).toBeVisible()
  await expect(page.getByRole('heading', { name: '北京市 东城区' })).toBeVisible()
  await expect(page.getByText('晴间多云', { exact: true })).toBeVisible()
  await expect(page.getByRole('table', { name: '未来几天天气预报' }).getByRole('row')).toHaveCount(4)
  await expect(banner(page).getByRole('link', { name: '东城区 晴间多云 12°C' })).toBeVisible()
  await expectNoSeriousViolations(page, javaScriptEnabled, browser, baseURL)

  // Kept in the browser for a guest: still there on the next page.
  await gotoReady(page, '/', javaScriptEnabled)
  await expect(banner(page).getByRole('link', { name: '东城区 晴间多云 12°C' })).toBeVisible()
})

test('a provider failure shows a calm message in the header and on /weather', async ({ page, javaScriptEnabled, baseURL }) => {
  const saved = await page.request.post('/api/weather/save-city', { form: { cityId: '110102' }, headers: { Origin: baseURL! } })
  expect(saved.ok()).toBe(true)
  const response = await gotoReady(page, '/weather', javaScriptEnabled)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('main').getByText('天气暂时无法获取，请稍后再试')).toBeVisible()
  await expect(banner(page).getByRole('link', { name: '西城区 天气', exact: true })).toBeVisible()
})

test('@js-only the header popover: picking a province clears city and area; save waits for an area', async ({ page, javaScriptEnabled }) => {
  await gotoReady(page, '/', javaScriptEnabled)
  await banner(page).getByRole('link', { name: '选择城市' }).click()
  const popover = page.getByRole('dialog', { name: '天气' })
  await expect(popover).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  const province = popover.getByLabel('省份')
  const city = popover.getByLabel('城市')
  const area = popover.getByLabel('区县')
  const save = popover.getByRole('button', { name: '保存' })
  await expect(save).toBeDisabled()
  await expect(province.locator('option', { hasText: '广东省' })).toHaveCount(1)

  await province.selectOption({ label: '广东省' })
  await city.selectOption({ label: '广州市' })
  await area.selectOption({ label: '天河区' })
  await expect(save).toBeEnabled()
  // Another province: city and area start again, and save is disabled until an area is picked.
  await province.selectOption({ label: '北京市' })
  await expect(city).toHaveValue('')
  await expect(area).toHaveValue('')
  await expect(area).toBeDisabled()
  await expect(save).toBeDisabled()
  await city.selectOption({ label: '市辖区' })
  await expect(save).toBeDisabled()
  await area.selectOption({ label: '东城区' })
  const serious = await seriousViolations(page)
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
  await save.click()

  await expect(popover).toBeHidden()
  await expect(page).toHaveURL(/\/$/)
  await expect(banner(page).getByRole('link', { name: '东城区 晴间多云 12°C' })).toBeVisible()
  await banner(page).getByRole('link', { name: '东城区 晴间多云 12°C' }).click()
  await expect(popover.getByRole('table', { name: '未来几天天气预报' })).toContainText('小雨')
  await page.keyboard.press('Escape')
  await expect(popover).toBeHidden()
  await expect(banner(page).getByRole('link', { name: '东城区 晴间多云 12°C' })).toBeFocused()
})

/** A session cookie of the right shape whose session does not exist (ended elsewhere). */
const deadSession = (baseURL: string) => ({ name: 'qy_sid', value: 'x'.repeat(43), url: baseURL })

test('/weather with an ended session signs the browser out and goes home (spec §8 logout)', async ({ page, javaScriptEnabled, baseURL }) => {
  await page.context().addCookies([deadSession(baseURL!)])
  await gotoReady(page, '/weather', javaScriptEnabled)
  await expect(page).toHaveURL(/\/$/)
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('qy_sid')
})

test('@js-only the popover asks get-info again; its logout flag reloads the page signed out', async ({ page, javaScriptEnabled, baseURL }) => {
  await gotoReady(page, '/', javaScriptEnabled)
  await page.context().addCookies([deadSession(baseURL!)])
  await page.evaluate(() => Object.assign(window, { beforeLogout: true }))
  await banner(page).getByRole('link', { name: '选择城市' }).click()
  await page.waitForFunction(() => !('beforeLogout' in window))
  await expect(page).toHaveURL(/\/$/)
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('qy_sid')
})
