import { describe, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, postForm, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const weatherPort = inject('weatherPort')
const CALM = '天气暂时无法获取，请稍后再试'
// Areas of Beijing the fake provider knows (tests/sites/weather-server.ts).
const DONGCHENG = 110101
const XICHENG = 110102 // answers 500
const FENGTAI = 110106 // answers bad JSON
const HAIDIAN = 110108 // never answers in time

const searchHits = async () => ((await (await fetch(`http://127.0.0.1:${weatherPort}/hits`)).json()) as { searches: number }).searches
const providerHits = async () => ((await (await fetch(`http://127.0.0.1:${weatherPort}/hits`)).json()) as { forecasts: number }).forecasts

describe('get-city-option', () => {
  test('provinces without parentId, then the cities of a province and the areas of a city', async () => {
    const guest = createClient(baseUrl)
    const provinces = await ok(get(guest, '/api/weather/get-city-option'))
    expect(provinces).toHaveLength(31)
    expect(provinces).toContainEqual({ id: 11, name: '北京市' })
    expect(provinces).toContainEqual({ id: 44, name: '广东省' })
    expect(await ok(get(guest, '/api/weather/get-city-option', { parentId: 11 }))).toEqual([{ id: 1101, name: '市辖区' }])
    expect(await ok(get(guest, '/api/weather/get-city-option', { parentId: 44 }))).toContainEqual({ id: 4401, name: '广州市' })
    const areas = await ok(get(guest, '/api/weather/get-city-option', { parentId: 1101 }))
    expect(areas).toContainEqual({ id: DONGCHENG, name: '东城区' })
    expect(areas).toContainEqual({ id: HAIDIAN, name: '海淀区' })
  })

  test('an area, an unknown id or a malformed one has no options: a message, never a 500', async () => {
    const guest = createClient(baseUrl)
    for (const parentId of [DONGCHENG, 99, 'abc', '1e3', -1]) {
      const { status, body } = await get(guest, '/api/weather/get-city-option', { parentId })
      expect(status).toBe(200)
      expect(body).toMatchObject({ code: 0, msg: '内容不存在或已被删除', data: null })
    }
    expect((await guest.api('/api/weather/get-city-option', { method: 'POST', headers: guest.sameOrigin })).status).toBe(405)
  })
})

describe('save-city and get-info', () => {
  test('only an area can be saved; a guest keeps it in a 365-day cookie and sees its weather', async () => {
    const guest = createClient(baseUrl)
    expect(await ok(get(guest, '/api/weather/get-info'))).toEqual({ logout: false, city: null, today: null, lives: null, forecasts: [] })
    for (const cityId of [undefined, '', 11, 1101, 999999, 'x']) {
      expect((await post(guest, '/api/weather/save-city', { cityId })).body).toMatchObject({ code: 0, msg: '请选择区县' })
    }
    expect(guest.jar.has('qy_city')).toBe(false)
    expect((await guest.api('/api/weather/save-city')).status).toBe(405)
    for (const cityId of [11, 1101, 'abc']) {
      expect((await get(guest, '/api/weather/get-info', { cityId })).body).toMatchObject({ code: 0, data: null })
    }
    expect((await get(guest, '/api/weather/get-info', { cityId: 1101 })).body.msg).toBe('请选择区县')

    const response = await guest.request('/api/weather/save-city', { method: 'POST', json: { cityId: DONGCHENG }, headers: guest.sameOrigin })
    expect(await response.json()).toEqual({ code: 1, msg: '保存成功', data: { cityId: DONGCHENG } })
    expect(response.headers.getSetCookie().join('\n')).toMatch(/qy_city=.*Max-Age=31536000/)

    const info = await ok(get(guest, '/api/weather/get-info'))
    expect(info.logout).toBe(false)
    expect(info.city).toEqual({ id: DONGCHENG, province: '北京市', city: '市辖区', area: '东城区', name: '东城区' })
    expect(info.today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(info.lives).toMatchObject({ icon: 'partly', info: '晴间多云', temperature: 12, low: 3, high: 15, humidity: 40, direct: '东风', power: '2级' })
    expect(info.lives.week).toMatch(/^星期[日一二三四五六]$/)
    expect(info.forecasts.map((d: { weather: string }) => d.weather)).toEqual(['小雨', '阴', '小雪'])
    expect(info.forecasts[0]).toMatchObject({ icon: 'rain', low: 4, high: 16, direct: '北风' })
  })

  test('a signed-in user keeps the city on the account, not in the browser', async () => {
    const me = await signUp(baseUrl, '天气用户')
    await ok(post(me.client, '/api/weather/save-city', { cityId: DONGCHENG }))
    expect(me.client.jar.has('qy_city')).toBe(false)
    expect((await ok(get(me.client, '/api/weather/get-info'))).city.area).toBe('东城区')
    // The same account in another browser sees it too.
    const other = createClient(baseUrl)
    other.jar.set('qy_sid', me.client.jar.get('qy_sid')!)
    expect((await ok(get(other, '/api/weather/get-info'))).city.id).toBe(DONGCHENG)
  })

  test('a report is cached per area: a second call does not ask the provider again', async () => {
    const guest = createClient(baseUrl)
    await ok(get(guest, '/api/weather/get-info', { cityId: DONGCHENG }))
    const before = await providerHits()
    await ok(get(guest, '/api/weather/get-info', { cityId: DONGCHENG }))
    expect(await providerHits()).toBe(before)
  })

  test.each([
    ['500', XICHENG],
    ['bad JSON', FENGTAI],
    ['a timeout', HAIDIAN],
  ])('the provider answering %s gives the calm message, not a 500', async (_case, cityId) => {
    const guest = createClient(baseUrl)
    const started = Date.now()
    const { status, body } = await get(guest, '/api/weather/get-info', { cityId })
    expect(status).toBe(200)
    expect(body).toEqual({ code: 0, msg: CALM, data: null })
    // Within the provider's timeout (3 s in tests) and some, not the fake's 30 s.
    expect(Date.now() - started).toBeLessThan(10_000)
    // The page shows the same calm message with the header, status 200.
    await ok(post(guest, '/api/weather/save-city', { cityId }))
    const page = await guest.request('/weather')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(CALM)
  })

  test('get-info with a session that has ended sets logout and clears the session cookie (spec §8)', async () => {
    const me = await signUp(baseUrl, '已退出')
    const stale = createClient(baseUrl)
    stale.jar.set('qy_sid', me.client.jar.get('qy_sid')!)
    expect((await ok(get(stale, '/api/weather/get-info'))).logout).toBe(false)
    await ok(post(me.client, '/api/sign/out'))
    const response = await stale.request('/api/weather/get-info')
    expect(((await response.json()) as { data: { logout: boolean } }).data.logout).toBe(true)
    expect(response.headers.getSetCookie().join('\n')).toMatch(/qy_sid=;.*Max-Age=0/)
    expect(stale.jar.has('qy_sid')).toBe(false)
    expect((await ok(get(stale, '/api/weather/get-info'))).logout).toBe(false)
  })
})

describe('/weather without JavaScript', () => {
  test('three GET steps then a POST save; the header shows the weather', async () => {
    const guest = createClient(baseUrl)
    const home = await (await guest.request('/')).text()
    expect(home).toContain('选择城市')
    expect(home).toContain('href="/weather"')

    const step1 = await (await guest.request('/weather')).text()
    expect(step1).toContain('第一步：省份')
    expect(step1).not.toContain('第二步')
    const step2 = await (await guest.request('/weather?province=11')).text()
    expect(step2).toContain('<option value="1101">市辖区</option>')
    expect(step2).not.toContain('第三步')
    const step3 = await (await guest.request('/weather?province=11&city=1101')).text()
    expect(step3).toContain('<option value="110101">东城区</option>')
    // A city of another province is not a step.
    expect(await (await guest.request('/weather?province=44&city=1101')).text()).not.toContain('第三步')

    const bad = await guest.request('/weather', { method: 'POST', form: { cityId: '1101' }, headers: guest.sameOrigin })
    expect(bad.status).toBe(302)
    expect(guest.jar.has('qy_city')).toBe(false)
    const saved = await guest.request('/weather', { method: 'POST', form: { cityId: String(DONGCHENG) }, headers: guest.sameOrigin })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/weather')
    expect(guest.jar.has('qy_city')).toBe(true)
    const page = await (await guest.request('/weather')).text()
    expect(page).toContain('保存成功')
    expect(page).toContain('晴间多云')
    expect(await (await guest.request('/')).text()).toContain('东城区 晴间多云 12°C')
  })

  test('a foreign-origin save is refused and saves nothing', async () => {
    const guest = createClient(baseUrl)
    const response = await guest.request('/weather', { method: 'POST', form: { cityId: String(DONGCHENG) }, headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(guest.jar.has('qy_city')).toBe(false)
    expect((await postForm(guest, '/api/weather/save-city', { cityId: String(DONGCHENG) })).body.code).toBe(1)
  })
})

test('pages never wait for the provider: the header reads the cache only; /weather asks', async () => {
  const guest = createClient(baseUrl)
  const CHAOYANG = 110105 // not yet asked by any test: the fake cannot place it
  await ok(post(guest, '/api/weather/save-city', { cityId: CHAOYANG }))
  const before = await searchHits()
  const home = await guest.request('/')
  expect(home.status).toBe(200)
  expect(await home.text()).toContain('朝阳区 天气')
  expect(await searchHits()).toBe(before)
  const page = await guest.request('/weather')
  expect(await page.text()).toContain(CALM)
  expect(await searchHits()).toBeGreaterThan(before)
})
