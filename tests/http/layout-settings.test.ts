import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

/**
 * The layout settings drawer without JavaScript (issue 15): each setting posted from the drawer's
 * plain form changes the page the server renders, for the owner (saved on the homepage, and a
 * guest of the public homepage sees it too) and for a guest (a cookie: nobody else is affected);
 * refusals change nothing.
 */

const baseUrl = inject('baseUrl')
type Client = ReturnType<typeof createClient>
let owner: Awaited<ReturnType<typeof signUp>>
let code: string

const ALL_SAVED = '所有设置已保存成功~'
const VALUE_MSG = '设置项的取值不正确'

/** The flash toast a redirect sets, if any. */
function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast=') && !c.startsWith('qy_toast=;'))
  return cookie ? (JSON.parse(decodeURIComponent(cookie.slice('qy_toast='.length).split(';')[0]!)) as { type: string; msg: string }) : null
}

/** Posts the drawer's form (intent save-layout or clear-layout) as a browser without JavaScript does. */
async function postDrawer(client: Client, fields: Record<string, string>, intent = 'save-layout') {
  const response = await client.request(`/${code}?dialog=layout`, {
    method: 'POST',
    form: { intent, homepageId: String(owner.homepageId), ...fields },
    headers: client.sameOrigin,
  })
  expect(response.status).toBe(302)
  return { response, toast: toastOf(response) }
}

async function page(client: Client) {
  const response = await client.request(`/${code}`)
  expect(response.status).toBe(200)
  return response.text()
}

/** The start page's wrapper: its classes, data attributes and custom properties. */
const wrapperOf = (html: string) => /<div class="homepage [^"]*"[^>]*>/.exec(html)?.[0] ?? ''

type Case = {
  name: string
  fields: Record<string, string>
  /** The page shows the setting (and did not before). */
  shows: (html: string) => boolean
  /** Guests may set it in their cookie (not the switches nor the owner-only radios). */
  guest: boolean
}

const has = (text: string) => (html: string) => wrapperOf(html).includes(text)
const CASES: Case[] = [
  { name: 'mode focus', fields: { mode: 'focus' }, shows: has('data-mode="focus"'), guest: true },
  { name: 'mode screen (full width)', fields: { mode: 'screen' }, shows: (h) => has('data-mode="screen"')(h) && h.includes('.page{max-width:100%}'), guest: true },
  { name: 'root font size', fields: { rootFontSize: '18' }, shows: (h) => h.includes('<style>:root{font-size:18px}</style>'), guest: true },
  { name: 'sidebar left', fields: { sidebarPosition: 'left' }, shows: (h) => h.includes('class="side-buttons side-buttons-left"'), guest: true },
  { name: 'sidebar none', fields: { sidebarPosition: 'none' }, shows: (h) => !h.includes('回到顶部'), guest: true },
  { name: 'anchor top', fields: { anchorPosition: 'top' }, shows: has('homepage-anchor-top'), guest: true },
  { name: 'anchor none', fields: { anchorPosition: 'none' }, shows: (h) => has('homepage-anchor-none')(h) && !h.includes('class="anchor-nav"'), guest: true },
  { name: 'bookmark style', fields: { websiteBookmarkStyle: 'card' }, shows: has('data-link-style="card"'), guest: true },
  { name: 'bookmark columns', fields: { websiteBookmarkColumn: '3' }, shows: has('--site-link-columns:3'), guest: true },
  { name: 'card border width', fields: { cardBorderWidth: '2' }, shows: has('data-border="2"'), guest: true },
  { name: 'card border colour', fields: { cardBorderColor: '#336699' }, shows: has('--card-border-color:#336699'), guest: true },
  { name: 'card background colour', fields: { cardBgColor: '#fafafa' }, shows: has('--card-bg:#fafafa'), guest: true },
  { name: 'engine background size', fields: { engineBgSize: 'large' }, shows: has('data-engine-bg="large"'), guest: true },
  { name: 'screen slider width', fields: { mode: 'screen', screenSliderWidth: '40' }, shows: has('--screen-slider-width:40'), guest: true },
  { name: 'banner mode', fields: { bannerMode: 'search' }, shows: has('data-banner="search"'), guest: true },
  { name: 'max column height', fields: { maxColumnHeight: '9' }, shows: has('--max-rows:9'), guest: true },
  // Spec §4: in focus and screen mode the chosen area; in default and simple the whole page.
  { name: 'background area', fields: { mode: 'focus', backgroundArea: 'full' }, shows: (h) => has('data-mode="focus"')(h) && has('data-bg-area="full"')(h), guest: false },
  { name: 'navigation display', fields: { navigationDisplay: 'opacity' }, shows: has('data-nav="opacity"'), guest: false },
  // Switches: the form names the ones it showed; an unticked one is off.
  { name: 'engine visible', fields: { switches: 'engineVisible' }, shows: (h) => !h.includes('engine-box-page'), guest: false },
  { name: 'website visible', fields: { switches: 'websiteVisible' }, shows: (h) => !h.includes('class="homepage-body"'), guest: false },
  { name: 'open in new tab', fields: { switches: 'bookmarkOpenNewTab' }, shows: (h) => /<a href="https:\/\/link\.example\/"/.test(h) && !/<a href="https:\/\/link\.example\/" target="_blank"/.test(h), guest: false },
  { name: 'child badge', fields: { switches: 'bookmarkChildBadge' }, shows: (h) => !h.includes('class="badge"'), guest: false },
  { name: 'folder badge', fields: { switches: 'bookmarkFolderBadge' }, shows: has('no-folder-badge'), guest: false },
  { name: 'privacy', fields: { websitePrivacy: 'true', switches: 'websitePrivacy' }, shows: has('data-flags="privacy"'), guest: false },
  { name: 'remember category', fields: { websiteRememberCid: 'true', switches: 'websiteRememberCid' }, shows: has('data-flags="remember-cid"'), guest: false },
  { name: 'remember tab', fields: { moduleRememberTab: 'true', switches: 'moduleRememberTab' }, shows: has('data-flags="remember-tab"'), guest: false },
]

beforeAll(async () => {
  owner = await signUp(baseUrl, '布局主人')
  code = `layout-${Math.random().toString(36).slice(2, 8)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '布局主页', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
  const category = (await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId })))[0].children[0].value
  // A folder with a bookmark (the badges) and a link (new tab).
  const folder = await ok(post(owner.client, '/api/bookmark/add-folder', { bid: category, name: '文件夹', icon: 'tabler:folder' }))
  await ok(post(owner.client, '/api/source/add', { bid: category, parentLinkId: folder.id, sour_name: '子链接', sour_url: 'https://child.example/' }))
  await ok(post(owner.client, '/api/source/add', { bid: category, sour_name: '链接', sour_url: 'https://link.example/' }))
})

describe('the owner saves on the homepage', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const guest = createClient(baseUrl)
    expect(c.shows(await page(owner.client)), 'not shown before').toBe(false)
    expect(c.shows(await page(guest)), 'not shown to a guest before').toBe(false)
    const { toast } = await postDrawer(owner.client, c.fields)
    expect(toast).toEqual({ type: 'success', msg: ALL_SAVED })
    expect(c.shows(await page(owner.client)), 'the owner sees it').toBe(true)
    expect(c.shows(await page(guest)), 'a guest of the public homepage sees it').toBe(true)
    // 恢复默认 (clear-website-style) puts every setting back.
    expect((await postDrawer(owner.client, {}, 'clear-layout')).toast).toEqual({ type: 'success', msg: '操作成功！' })
    expect(c.shows(await page(owner.client))).toBe(false)
    expect(c.shows(await page(guest))).toBe(false)
  })

  test('simple mode: the owner gets it; a guest of the homepage sees the default mode (signed-in only)', async () => {
    await postDrawer(owner.client, { mode: 'simple' })
    expect(wrapperOf(await page(owner.client))).toContain('data-mode="simple"')
    expect(await page(owner.client)).not.toContain('engine-box-page')
    expect(wrapperOf(await page(createClient(baseUrl)))).toContain('data-mode="default"')
    await postDrawer(owner.client, {}, 'clear-layout')
  })

  test('the page width is this device\'s own (a 365-day cookie), not the homepage\'s', async () => {
    const { response } = await postDrawer(owner.client, { pageWidthType: 'max-1', rootFontSize: '16' })
    expect(response.headers.getSetCookie().find((c) => c.startsWith('page_width_type='))).toMatch(/Max-Age=31536000/)
    expect(await page(owner.client)).toContain('.page{max-width:1440px}')
    expect(await page(createClient(baseUrl))).not.toContain('.page{max-width')
    await postDrawer(owner.client, { pageWidthType: 'default', rootFontSize: '16' })
    expect(await page(owner.client)).not.toContain('.page{max-width')
  })
})

describe('a guest keeps their own settings in a cookie', () => {
  test.each(CASES.filter((c) => c.guest).map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const guest = createClient(baseUrl)
    const other = createClient(baseUrl)
    expect(c.shows(await page(guest))).toBe(false)
    const { toast, response } = await postDrawer(guest, c.fields)
    expect(toast).toEqual({ type: 'success', msg: ALL_SAVED })
    expect(response.headers.getSetCookie().find((x) => x.startsWith('qy_guest='))).toMatch(/Max-Age=31536000/)
    expect(c.shows(await page(guest)), 'the guest sees it').toBe(true)
    expect(c.shows(await page(other)), 'another guest does not').toBe(false)
    expect(c.shows(await page(owner.client)), 'the owner does not').toBe(false)
    await postDrawer(guest, {}, 'clear-layout')
    expect(c.shows(await page(guest))).toBe(false)
  })

  test('switches and the owner-only radios of a guest change nothing', async () => {
    const guest = createClient(baseUrl)
    const before = await page(guest)
    await postDrawer(guest, { switches: 'engineVisible,websiteVisible', navigationDisplay: 'opacity', backgroundArea: 'full', rootFontSize: '17' })
    const after = await page(guest)
    expect(after).toContain(':root{font-size:17px}')
    expect(after).toContain('engine-box-page')
    expect(wrapperOf(after)).toContain('data-nav="fixed"')
    expect(before).toContain('engine-box-page')
  })
})

describe('refusals change nothing', () => {
  test('a signed-in visitor cannot save on the homepage', async () => {
    const visitor = await signUp(baseUrl, '布局访客')
    const before = await page(createClient(baseUrl))
    const { toast } = await postDrawer(visitor.client, { rootFontSize: '19', mode: 'focus' })
    expect(toast?.type).toBe('error')
    expect((await postDrawer(visitor.client, {}, 'clear-layout')).toast?.type).toBe('error')
    expect(await page(createClient(baseUrl))).toBe(before)
  })

  test('a guest is refused simple mode with the spec\'s message', async () => {
    const guest = createClient(baseUrl)
    const { toast, response } = await postDrawer(guest, { mode: 'simple', rootFontSize: '18' })
    expect(toast).toEqual({ type: 'error', msg: '此模式仅限登录后使用' })
    expect(response.headers.getSetCookie().some((c) => c.startsWith('qy_guest='))).toBe(false)
    const html = await page(guest)
    expect(wrapperOf(html)).toContain('data-mode="default"')
    expect(html).not.toContain('font-size:18px')
  })

  test.each([
    ['root font below 14', { rootFontSize: '13' }],
    ['root font above 19', { rootFontSize: '20' }],
    ['a sidebar position not in the list', { sidebarPosition: 'middle' }],
    ['card border 3', { cardBorderWidth: '3' }],
    ['bookmark columns 13', { websiteBookmarkColumn: '13' }],
    ['a colour that is not one', { cardBorderColor: 'red;x' }],
    ['a bookmark style not in the list', { websiteBookmarkStyle: 'fancy' }],
    ['a search area size not in the list', { engineBgSize: 'huge' }],
    ['a page width type not in the list', { pageWidthType: 'huge' }],
  ])('%s: 设置项的取值不正确, nothing saved', async (_, fields) => {
    const guest = createClient(baseUrl)
    const ownerBefore = wrapperOf(await page(owner.client))
    const withValid = { ...fields, anchorPosition: 'top' }
    expect((await postDrawer(owner.client, withValid)).toast).toEqual({ type: 'error', msg: VALUE_MSG })
    expect((await postDrawer(guest, withValid)).toast).toEqual({ type: 'error', msg: VALUE_MSG })
    expect(wrapperOf(await page(owner.client))).toBe(ownerBefore)
    expect(wrapperOf(await page(guest))).not.toContain('homepage-anchor-top')
  })
})

describe('the drawer without JavaScript', () => {
  const fieldset = (html: string, legend: string) => new RegExp(`<fieldset class="layout-field"( disabled="")?><legend>${legend}</legend>`).exec(html)

  test('the owner gets every field enabled; a guest has the switches and two radios disabled; anyone else no drawer', async () => {
    const mine = await page(owner.client).then(() => owner.client.request(`/${code}?dialog=layout`).then((r) => r.text()))
    expect(mine).toContain('布局设置')
    expect(mine).toContain('name="intent" value="save-layout"')
    expect(mine).toContain('name="intent" value="clear-layout"')
    expect(mine).toMatch(/type="range" min="14" max="19" step="1" name="rootFontSize" value="16"/)
    expect(mine).not.toMatch(/role="switch"[^>]*disabled/)
    expect(fieldset(mine, '背景范围')?.[1]).toBeUndefined()

    const guest = createClient(baseUrl)
    const theirs = await (await guest.request(`/${code}?dialog=layout`)).text()
    expect(theirs).toContain('布局设置')
    expect(theirs.match(/role="switch"[^>]*disabled=""/g)).toHaveLength(8)
    expect(fieldset(theirs, '背景范围')?.[1]).toBe(' disabled=""')
    expect(fieldset(theirs, '顶部导航')?.[1]).toBe(' disabled=""')
    expect(fieldset(theirs, '字体大小')).toBeNull()
    // The guest's way in: the side buttons' 布局; the owner's: their tools.
    expect(await page(guest)).toContain(`href="/${code}?dialog=layout"`)
    expect(await page(owner.client)).toMatch(/href="\?dialog=layout"[^>]*>布局<|href="\/[^"]*dialog=layout"[^>]*>布局</)

    const visitor = await signUp(baseUrl, '布局旁观')
    const visitorPage = await (await visitor.client.request(`/${code}?dialog=layout`)).text()
    expect(visitorPage).not.toContain('布局设置')
  })
})

describe('the theme colour in the drawer (spec §3 Layout config themeColorId)', () => {
  const primaryOf = (html: string) => /<html[^>]*--tc-primary:\s*(#[0-9a-f]{6})/i.exec(html)?.[1] ?? null

  test('the owner saves it on the homepage; a guest sees it; 恢复默认布局 keeps it (the theme\'s own setting)', async () => {
    const guest = createClient(baseUrl)
    expect(primaryOf(await page(guest))).toBeNull()
    expect((await postDrawer(owner.client, { themeColorId: '5' })).toast).toEqual({ type: 'success', msg: ALL_SAVED })
    const colour = primaryOf(await page(owner.client))
    expect(colour).toMatch(/^#/)
    expect(primaryOf(await page(guest))).toBe(colour)
    await postDrawer(owner.client, {}, 'clear-layout')
    expect(primaryOf(await page(guest))).toBe(colour)
    await postDrawer(owner.client, { themeColorId: '0' })
    expect(primaryOf(await page(guest))).toBeNull()
  })

  test('a guest keeps it in their cookie; nobody else sees it; a colour not in the list is refused', async () => {
    const guest = createClient(baseUrl)
    expect((await postDrawer(guest, { themeColorId: '17' })).toast).toEqual({ type: 'error', msg: VALUE_MSG })
    expect(primaryOf(await page(guest))).toBeNull()
    expect((await postDrawer(guest, { themeColorId: '3' })).toast).toEqual({ type: 'success', msg: ALL_SAVED })
    expect(primaryOf(await page(guest))).toMatch(/^#/)
    expect(primaryOf(await page(createClient(baseUrl)))).toBeNull()
    expect(primaryOf(await page(owner.client))).toBeNull()
  })
})

test('a slider let go (with JavaScript) saves and keeps the drawer open; the button closes it', async () => {
  const released = await postDrawer(owner.client, { rootFontSize: '17', released: '1' })
  expect(released.toast).toEqual({ type: 'success', msg: ALL_SAVED })
  expect(new URL(released.response.headers.get('location')!, baseUrl).search).toBe('?dialog=layout')
  const button = await postDrawer(owner.client, { rootFontSize: '16' })
  expect(new URL(button.response.headers.get('location')!, baseUrl).search).toBe('')
  expect(await page(owner.client)).not.toContain('font-size:17px')
})
