import { beforeAll, expect, inject, test } from 'vitest'
import { THEME_COLORS, THEME_TIME_MSG } from '#app/schemas/skin.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'

/**
 * Themes and theme colours (issue 15), with JavaScript off: the skin drawer's forms post to the
 * start page, and the next server-rendered page shows the change on its first byte (<html
 * data-theme>, the colour's custom properties). The owner saves on the homepage, which its
 * visitors see too; a guest or another user keeps their choice in cookies, which nobody else sees.
 */

const baseUrl = inject('baseUrl')
let owner: Awaited<ReturnType<typeof signUp>>
let code: string

/** The theme and colour of a page as the server wrote them on <html>. */
async function lookOf(client: Client, headers: Record<string, string> = {}, path = `/${code}`) {
  const response = await client.request(path, { headers })
  expect(response.status).toBe(200)
  const html = await response.text()
  const tag = /<html[^>]*>/.exec(html)![0]
  return {
    theme: /data-theme="(\w+)"/.exec(tag)?.[1],
    primary: /--tc-primary:\s*(#[0-9a-f]{6})/.exec(tag)?.[1] ?? null,
    mode: /data-theme-mode="(\d)"/.exec(tag)?.[1],
    headers: response.headers,
  }
}

/** A form of the skin drawer, posted without JavaScript to the page with the drawer open. */
async function drawerForm(client: Client, fields: Record<string, string | number>) {
  const form = Object.fromEntries(Object.entries({ homepageId: owner.homepageId, ...fields }).map(([k, v]) => [k, String(v)]))
  return client.request(`/${code}?dialog=skin`, { method: 'POST', form, headers: client.sameOrigin })
}

const skinParams = async () => ok(get(owner.client, '/api/skin/get-skin-params', { homepageId: owner.homepageId }))
const hhmm = (at: Date) => at.toISOString().slice(11, 16)

beforeAll(async () => {
  owner = await signUp(baseUrl, '皮肤主人')
  code = `skin-${Math.random().toString(36).slice(2, 8)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '皮肤主页', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
})

test('the drawer is a page section without JavaScript, for the owner and for a guest', async () => {
  for (const client of [owner.client, createClient(baseUrl)]) {
    const html = await (await client.request(`/${code}?dialog=skin`)).text()
    expect(html).toMatch(/<h2 id="manage-dialog-title">皮肤<\/h2>/)
    for (const label of ['白天', '黑夜', '定时', '跟随系统', '开始时间', '结束时间', '保存主题', '保存主题色', '恢复默认']) expect(html).toContain(label)
    expect(html.match(/name="themeColorId"/g)).toHaveLength(17)
  }
  // The side buttons' 皮肤 (the drawer's own name) leads there on a start page.
  expect(await (await createClient(baseUrl).request(`/${code}`)).text()).toMatch(/<a[^>]*href="[^"]*dialog=skin"[^>]*>皮肤<\/a>/)
})

test('the owner saves the theme and the theme colour on the homepage: their page and a guest’s show them', async () => {
  const guest = createClient(baseUrl)
  expect((await lookOf(owner.client)).theme).toBe('light')
  const saved = await drawerForm(owner.client, { intent: 'save-theme', theme: 1 })
  expect(saved.status).toBe(302)
  expect(saved.headers.get('location')).toBe(`/${code}?dialog=skin`)
  // Nothing of the owner's choice is a cookie: it is on the homepage.
  expect(saved.headers.getSetCookie().filter((c) => !c.startsWith('qy_toast='))).toEqual([])
  expect(await skinParams()).toMatchObject({ theme: 1 })
  expect((await lookOf(owner.client)).theme).toBe('dark')
  expect((await lookOf(guest)).theme).toBe('dark')
  // The owner's other pages wear their start page's look too; a guest's other pages, their own cookies'.
  for (const path of ['/discover', '/group', '/help', '/user/account']) expect((await lookOf(owner.client, {}, path)).theme, path).toBe('dark')
  expect((await lookOf(guest, {}, '/help')).theme).toBe('light')

  expect((await drawerForm(owner.client, { intent: 'save-theme-color', themeColorId: 9 })).status).toBe(302)
  expect(await lookOf(owner.client)).toMatchObject({ theme: 'dark', primary: THEME_COLORS[9]!.primaryColor })
  expect(await lookOf(guest)).toMatchObject({ theme: 'dark', primary: THEME_COLORS[9]!.primaryColor })

  // Reset (clear-skin): the defaults again, for everyone.
  expect((await drawerForm(owner.client, { intent: 'clear-skin' })).status).toBe(302)
  expect(await lookOf(owner.client)).toMatchObject({ theme: 'light', primary: null })
  expect(await lookOf(guest)).toMatchObject({ theme: 'light', primary: null })
  expect(await lookOf(owner.client, {}, '/discover')).toMatchObject({ theme: 'light', primary: null })
  expect(await skinParams()).toMatchObject({ theme: 0, themeColorId: 0 })
})

test('a guest’s choice is their cookies: their page changes, nobody else’s, and the homepage keeps its own', async () => {
  const guest = createClient(baseUrl)
  const other = createClient(baseUrl)
  const response = await drawerForm(guest, { intent: 'save-theme', theme: 1 })
  expect(response.status).toBe(302)
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_theme='))!
  expect(cookie).toMatch(/Max-Age=31536000/)
  expect(cookie).toMatch(/HttpOnly/)
  expect((await drawerForm(guest, { intent: 'save-theme-color', themeColorId: 4 })).status).toBe(302)
  expect(await lookOf(guest)).toMatchObject({ theme: 'dark', primary: THEME_COLORS[4]!.primaryColor })
  expect(await lookOf(other)).toMatchObject({ theme: 'light', primary: null })
  expect(await lookOf(owner.client)).toMatchObject({ theme: 'light', primary: null })
  expect(await skinParams()).toMatchObject({ theme: 0, themeColorId: 0 })

  // Their own choice wins over the homepage's; reset forgets it, and the homepage's shows again.
  await ok(post(owner.client, '/api/skin/save-skin-params', { homepageId: owner.homepageId, type: 'theme', value: 0 }))
  await ok(post(owner.client, '/api/homepage/set-config', { homepageId: owner.homepageId, themeColorId: 2 }))
  expect(await lookOf(guest)).toMatchObject({ theme: 'dark', primary: THEME_COLORS[4]!.primaryColor })
  expect((await drawerForm(guest, { intent: 'clear-skin' })).status).toBe(302)
  expect(guest.jar.has('qy_theme')).toBe(false)
  expect(await lookOf(guest)).toMatchObject({ theme: 'light', primary: THEME_COLORS[2]!.primaryColor })
  expect(await skinParams()).toMatchObject({ theme: 0, themeColorId: 2 })
  await ok(post(owner.client, '/api/skin/clear-skin', { homepageId: owner.homepageId }))
})

test('another signed-in user keeps their choice in cookies too; the owner’s homepage is unchanged', async () => {
  const visitor = await signUp(baseUrl, '皮肤访客')
  expect((await drawerForm(visitor.client, { intent: 'save-theme', theme: 1 })).status).toBe(302)
  expect(visitor.client.jar.has('qy_theme')).toBe(true)
  expect((await lookOf(visitor.client)).theme).toBe('dark')
  expect((await lookOf(owner.client)).theme).toBe('light')
  expect(await skinParams()).toMatchObject({ theme: 0 })
})

test('a timed theme without both times shows the form again with the spec’s message; nothing is saved', async () => {
  const guest = createClient(baseUrl)
  for (const client of [owner.client, guest]) {
    const response = await drawerForm(client, { intent: 'save-theme', theme: 2, start: '22:00', end: '' })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain(THEME_TIME_MSG)
  }
  expect(guest.jar.has('qy_theme')).toBe(false)
  expect(await skinParams()).toMatchObject({ theme: 0 })
})

test('a timed theme: the first byte is dark inside the window (the viewer’s time zone), light outside', async () => {
  const guest = createClient(baseUrl)
  guest.jar.set('tz', 'UTC')
  const now = Date.now()
  // Two hours either side: the minute cannot turn it.
  const inside = { start: hhmm(new Date(now - 2 * 3600_000)), end: hhmm(new Date(now + 2 * 3600_000)) }
  const outside = { start: hhmm(new Date(now + 2 * 3600_000)), end: hhmm(new Date(now + 4 * 3600_000)) }
  expect((await drawerForm(guest, { intent: 'save-theme', theme: 2, ...inside })).status).toBe(302)
  expect(await lookOf(guest)).toMatchObject({ theme: 'dark', mode: '2' })
  // The same window, twelve hours away in another zone, is light there.
  guest.jar.set('tz', encodeURIComponent('Etc/GMT-12'))
  expect((await lookOf(guest)).theme).toBe('light')
  guest.jar.set('tz', 'UTC')
  expect((await drawerForm(guest, { intent: 'save-theme', theme: 2, ...outside })).status).toBe(302)
  expect(await lookOf(guest)).toMatchObject({ theme: 'light', mode: '2' })
  // The owner's timed window is saved on the homepage in the spec's names.
  await drawerForm(owner.client, { intent: 'save-theme', theme: 2, ...inside })
  expect(await skinParams()).toMatchObject({ theme: 2, clock_start: inside.start, clock_end: inside.end })
  owner.client.jar.set('tz', 'UTC')
  expect((await lookOf(owner.client)).theme).toBe('dark')
  await ok(post(owner.client, '/api/skin/clear-skin', { homepageId: owner.homepageId }))
})

test('follow system: the colour-scheme hint decides on the first byte; without it, the stylesheet', async () => {
  const guest = createClient(baseUrl)
  expect((await drawerForm(guest, { intent: 'save-theme', theme: 3 })).status).toBe(302)
  const dark = await lookOf(guest, { 'Sec-CH-Prefers-Color-Scheme': '"dark"' })
  expect(dark).toMatchObject({ theme: 'dark', mode: '3' })
  expect(dark.headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme')
  // Not critical: Chromium would restart a navigation for it, a redirect already followed included.
  expect(dark.headers.get('critical-ch')).toBeNull()
  expect(dark.headers.get('vary')).toMatch(/Sec-CH-Prefers-Color-Scheme/)
  expect((await lookOf(guest, { 'Sec-CH-Prefers-Color-Scheme': '"light"' })).theme).toBe('light')
  expect((await lookOf(guest)).theme).toBe('system')
  // The browser re-checks what <html> names (a fixed theme for anyone else).
  expect((await lookOf(createClient(baseUrl))).mode).toBe('0')
})

test('the page’s own re-check script (as built and served) turns a timed theme dark inside the window', async () => {
  const html = await (await createClient(baseUrl).request(`/${code}`)).text()
  const script = /<script nonce="[^"]+">(\(function\(f\)[\s\S]*?)<\/script>/.exec(html)?.[1]
  expect(script).toBeTruthy()
  const dataset: Record<string, string> = { themeMode: '2', themeStart: '22:00', themeEnd: '06:00' }
  const attributes: Record<string, string> = {}
  let tick = () => {}
  const at = (hours: number, minutes: number) => class { getHours = () => hours; getMinutes = () => minutes }
  const run = (date: unknown) =>
    // The same script also starts the page's other listeners (utils/page-script.ts): not this test's.
    new Function('document', 'matchMedia', 'setInterval', 'Date', 'addEventListener', 'window', script!)(
      { documentElement: { dataset, setAttribute: (name: string, value: string) => (attributes[name] = value) } },
      () => ({ matches: false }),
      (fn: () => void) => (tick = fn),
      date,
      () => {},
      {},
    )
  run(at(0, 0))
  tick()
  expect(attributes['data-theme']).toBe('dark')
  run(at(6, 0))
  tick()
  expect(attributes['data-theme']).toBe('light')
})

test('/api/skin: the 17 theme colours, and the theme save refused without both times', async () => {
  const colors = await ok(get(createClient(baseUrl), '/api/skin/theme-color'))
  expect(colors).toHaveLength(17)
  expect(colors[0]).toMatchObject({ id: 0, primaryColor: '#2f6fed', primaryBg: expect.any(String), primaryHover: '#1f5bd6', primaryDisabled: expect.any(String) })
  const refused = await post(owner.client, '/api/skin/save-skin-params', { homepageId: owner.homepageId, theme: 2, start: '22:00' })
  expect(refused.body).toMatchObject({ code: 0, msg: THEME_TIME_MSG })
  const saved = await ok(post(owner.client, '/api/skin/save-skin-params', { homepageId: owner.homepageId, theme: 2, start: '22:00', end: '06:00' }))
  expect(saved).toMatchObject({ theme: 2, clock_start: '22:00', clock_end: '06:00' })
  await ok(post(owner.client, '/api/skin/clear-skin', { homepageId: owner.homepageId }))
})
