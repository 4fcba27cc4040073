import { beforeAll, expect, inject, test } from 'vitest'
import { startServer } from '#tests/setup/server-process.ts'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

/**
 * The page cache (issue 14 item 2, ADR 013): a start page is rendered once per change. Each
 * kind of write is followed by a look from every viewer it affects; every look is asked twice
 * first, so that the page compared is one the cache kept (the second answer comes from memory,
 * with the first answer's ETag). A private item never reaches another viewer's page.
 */

const baseUrl = inject('baseUrl')
const databaseUrl = inject('databaseUrl')

type Actor = Awaited<ReturnType<typeof signUp>>
type Client = ReturnType<typeof createClient>
let owner: Actor
let member: Actor
const guest = createClient(baseUrl)
let code: string
let bid: number
let moduleId: number

/**
 * The page as the viewer gets it, asked until the cache answers (an ETag): the first ask renders
 * and keeps it; a second may render again if the minute (the header clock) turned between them.
 */
async function look(client: Client, path = `/${code}`, headers: Record<string, string> = {}) {
  for (let ask = 1; ; ask++) {
    const response = await client.request(path, { headers })
    const html = await response.text()
    const etag = response.headers.get('etag')
    if (response.status !== 200 || etag || ask === 3) {
      if (response.status === 200) expect(etag, 'the page is answered from the cache').toBeTruthy()
      return { status: response.status, html, etag }
    }
  }
}

const addLink = async (name: string, extra: Record<string, string> = {}) =>
  (await ok(post(owner.client, '/api/source/add', { bid, sour_name: name, sour_url: `https://${encodeURIComponent(name)}.example/`, ...extra }))).id as number

beforeAll(async () => {
  owner = await signUp(baseUrl, '缓存主人')
  member = await signUp(baseUrl, '缓存成员')
  code = `cache-${Math.random().toString(36).slice(2, 8)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '缓存主页', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
  const invite = (await ok(post(owner.client, '/api/homepage/invite-code', { homepageId: owner.homepageId, type: 'generate' }))).code
  await ok(post(member.client, '/api/homepage/join-homepage', { homepageId: owner.homepageId, code: invite }))
  const tree = (await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId })))[0]
  bid = tree.children[0].value
  moduleId = tree.value
})

test('a kept page answers with an ETag, a 304 to it, and the same bytes in every encoding', async () => {
  const { etag, html } = await look(guest)
  expect(etag).toMatch(/^W\/"[\w-]+"$/)
  const notModified = await guest.request(`/${code}`, { headers: { 'If-None-Match': etag! } })
  expect(notModified.status).toBe(304)
  expect(await notModified.text()).toBe('')
  const identity = await guest.request(`/${code}`, { headers: { 'Accept-Encoding': 'identity' } })
  expect(identity.headers.get('content-encoding')).toBeNull()
  expect(identity.headers.get('vary')).toBe('Accept-Encoding, Cookie, Sec-CH-Prefers-Color-Scheme')
  expect(identity.headers.get('cache-control')).toBe('private, no-cache')
  expect(identity.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[\w+/=]+'/)
  // fetch decodes br and gzip: the body is the page whatever the encoding.
  expect((await identity.text()).replace(/\d\d:\d\d/g, '')).toBe(html.replace(/\d\d:\d\d/g, ''))
})

test('requests that come while a page is being rendered wait for that render: one render, not one each', async () => {
  const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1]
  for (let attempt = 1; ; attempt++) {
    await addLink(`并发${attempt}`)
    const minute = Math.floor(Date.now() / 60_000)
    // In pairs, spread over 140 ms: some come while the first reads the versions (a pair's two
    // share one read and resume together), some while it renders, some after it kept the page
    // (a page kept while a request read its versions is one case).
    const ask = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay)).then(() => guest.request(`/${code}`))
    const pages = await Promise.all(Array.from({ length: 16 }, (_, i) => ask(Math.floor(i / 2) * 20).then((r) => r.text())))
    // A minute turning mid-way (the header clock is in the key) is a second page: ask again.
    if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) continue
    expect(pages.every((html) => html.includes(`并发${attempt}`))).toBe(true)
    expect(new Set(pages.map(nonceOf)).size, 'every page carries one render’s nonce').toBe(1)
    return
  }
})

test('a bookmark added, renamed, sorted and deleted: the next page of the owner, a member and a guest shows it', async () => {
  for (const viewer of [owner.client, member.client, guest]) await look(viewer)
  const first = await addLink('缓存新书签')
  const second = await addLink('缓存第二个')
  for (const viewer of [owner.client, member.client, guest]) {
    const { html } = await look(viewer)
    expect(html).toContain('缓存新书签')
    expect(html.indexOf('缓存新书签')).toBeLessThan(html.indexOf('缓存第二个'))
  }

  await ok(post(owner.client, '/api/bookmark/rename', { id: first, remark: '缓存改了名' }))
  for (const viewer of [owner.client, member.client, guest]) {
    const { html } = await look(viewer)
    expect(html).toContain('缓存改了名')
    expect(html).not.toContain('缓存新书签')
  }

  const order = (await ok(get(owner.client, '/api/bookmark/list', { bid, size: 100 }))).list.map((s: { id: number }) => s.id) as number[]
  const reordered = [second, ...order.filter((id) => id !== second)]
  await ok(post(owner.client, '/api/bookmark/sort', { ids: reordered, bid }))
  for (const viewer of [owner.client, member.client, guest]) {
    const { html } = await look(viewer)
    expect(html.indexOf('缓存第二个')).toBeLessThan(html.indexOf('缓存改了名'))
  }

  await ok(post(owner.client, '/api/source/delete', { bs_ids: [first] }))
  for (const viewer of [owner.client, member.client, guest]) expect((await look(viewer)).html).not.toContain('缓存改了名')
})

test('a setting: hiding the search-engine box changes the next page for everyone', async () => {
  for (const viewer of [owner.client, guest]) expect((await look(viewer)).html).toContain('engine-box-page')
  await ok(post(owner.client, '/api/homepage/save-info', { homepageId: owner.homepageId, engineVisible: false }))
  for (const viewer of [owner.client, member.client, guest]) expect((await look(viewer)).html).not.toContain('engine-box-page')
  await ok(post(owner.client, '/api/homepage/save-info', { homepageId: owner.homepageId, engineVisible: true }))
  expect((await look(guest)).html).toContain('engine-box-page')
})

test('the colour-scheme hint is in the key: two viewers with the same cookies and different hints get different pages', async () => {
  // The owner's homepage follows the system (theme 3): the hint decides the first byte.
  await ok(post(owner.client, '/api/skin/save-skin-params', { homepageId: owner.homepageId, theme: 3 }))
  const themeOf = (html: string) => /<html[^>]*data-theme="(\w+)"/.exec(html)?.[1]
  const darkViewer = createClient(baseUrl)
  const lightViewer = createClient(baseUrl)
  const dark = await look(darkViewer, `/${code}`, { 'Sec-CH-Prefers-Color-Scheme': '"dark"' })
  const light = await look(lightViewer, `/${code}`, { 'Sec-CH-Prefers-Color-Scheme': '"light"' })
  const none = await look(guest)
  // Each was kept (an ETag) and each is its own.
  expect([themeOf(dark.html), themeOf(light.html), themeOf(none.html)]).toEqual(['dark', 'light', 'system'])
  expect(new Set([dark.etag, light.etag, none.etag]).size).toBe(3)
  // Asked again, each gets its own kept page back.
  expect(themeOf((await look(lightViewer, `/${code}`, { 'Sec-CH-Prefers-Color-Scheme': '"light"' })).html)).toBe('light')
  expect(themeOf((await look(darkViewer, `/${code}`, { 'Sec-CH-Prefers-Color-Scheme': '"dark"' })).html)).toBe('dark')
  // A theme saved on the homepage is a write: every viewer's next page shows it.
  await ok(post(owner.client, '/api/skin/save-skin-params', { homepageId: owner.homepageId, theme: 1 }))
  expect(themeOf((await look(lightViewer, `/${code}`, { 'Sec-CH-Prefers-Color-Scheme': '"light"' })).html)).toBe('dark')
  await ok(post(owner.client, '/api/skin/clear-skin', { homepageId: owner.homepageId }))
  expect(themeOf((await look(guest)).html)).toBe('light')
})

test('the layout drawer: the owner’s root font saved on the homepage is on everyone’s next kept page', async () => {
  const font = ':root{font-size:18px}'
  for (const viewer of [owner.client, member.client, guest]) expect((await look(viewer)).html).not.toContain(font)
  const saved = await owner.client.request(`/${code}?dialog=layout`, {
    method: 'POST',
    form: { intent: 'save-layout', homepageId: String(owner.homepageId), rootFontSize: '18' },
    headers: owner.client.sameOrigin,
  })
  expect(saved.status).toBe(302)
  for (const viewer of [owner.client, member.client, guest]) expect((await look(viewer)).html).toContain(font)
  await ok(post(owner.client, '/api/site/clear-website-style', { homepageId: owner.homepageId }))
  for (const viewer of [owner.client, guest]) expect((await look(viewer)).html).not.toContain(font)
})

test('the layout drawer: a guest’s cookie is in the key: their next page has it, another guest’s kept page does not', async () => {
  const other = createClient(baseUrl)
  const anchorTop = 'homepage-anchor-top'
  const mine = createClient(baseUrl)
  for (const viewer of [mine, other]) expect((await look(viewer)).html).not.toContain(anchorTop)
  const saved = await mine.request(`/${code}`, { method: 'POST', form: { intent: 'save-layout', anchorPosition: 'top' }, headers: mine.sameOrigin })
  expect(saved.status).toBe(302)
  expect(mine.jar.has('qy_guest')).toBe(true)
  expect((await look(mine)).html).toContain(anchorTop)
  expect((await look(other)).html).not.toContain(anchorTop)
  expect((await look(owner.client)).html).not.toContain(anchorTop)
})

test('a member’s role: made manager, the member’s next page lets them sort; the guest’s does not', async () => {
  await addLink('缓存排序')
  // data-bid: the lists drag sorting works on, drawn only for those who may sort (managers and the owner).
  const sortable = 'data-bid="'
  expect((await look(member.client)).html).not.toContain(sortable)
  await ok(post(owner.client, '/api/homepage/set-manager', { homepageId: owner.homepageId, userId: member.userId }))
  expect((await look(member.client)).html).toContain(sortable)
  expect((await look(guest)).html).not.toContain(sortable)
  await ok(post(owner.client, '/api/homepage/remove-manager', { homepageId: owner.homepageId, userId: member.userId }))
  expect((await look(member.client)).html).not.toContain(sortable)
})

test('a private bookmark is in the owner’s kept page and in no one else’s, before and after the owner’s page is kept', async () => {
  await look(guest)
  await look(member.client)
  const id = await addLink('缓存的秘密', { isOnlyOwnView: '1' })
  expect((await look(owner.client)).html).toContain('缓存的秘密')
  for (const viewer of [member.client, guest]) {
    const { html } = await look(viewer)
    expect(html).not.toContain('缓存的秘密')
    expect(html).toContain('未公开链接')
  }
  await ok(post(owner.client, '/api/bookmark/change-private', { id }))
  expect((await look(guest)).html).toContain('缓存的秘密')
  await ok(post(owner.client, '/api/source/delete', { bs_ids: [id] }))
})

test('a trashed category leaves every viewer’s next page; restored, it is back', async () => {
  const bag = (await ok(post(owner.client, '/api/bag/add', { moduleId, name: '缓存分类', icon: 'tabler:tool' }))).bid as number
  for (const viewer of [owner.client, member.client, guest]) expect((await look(viewer)).html).toContain('缓存分类')
  await ok(post(owner.client, '/api/bag/delete', { bid: bag }))
  for (const viewer of [owner.client, member.client, guest]) expect((await look(viewer)).html).not.toContain('缓存分类')
  await ok(post(owner.client, '/api/bag/restore', { bid: bag }))
  expect((await look(guest)).html).toContain('缓存分类')
})

test('the header’s notice count: the owner’s next page counts a new member (the user’s own version)', async () => {
  const countOf = (html: string) => /data-testid="notice-count"[^>]*>(\d+)</.exec(html)?.[1] ?? '0'
  const before = Number(countOf((await look(owner.client, '/')).html))
  const joiner = await signUp(baseUrl, '缓存新人')
  const invite = (await ok(post(owner.client, '/api/homepage/invite-code', { homepageId: owner.homepageId, type: 'generate' }))).code
  await ok(post(joiner.client, '/api/homepage/join-homepage', { homepageId: owner.homepageId, code: invite }))
  expect(Number(countOf((await look(owner.client, '/')).html))).toBe(before + 1)
})

test('made private, the homepage is gone from the guest’s next page (404), and still the member’s', async () => {
  expect((await look(guest)).status).toBe(200)
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
  expect((await look(guest)).status).toBe(404)
  expect((await look(member.client)).status).toBe(200)
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
  expect((await look(guest)).status).toBe(200)
})

test('signed out, the same browser gets the guest’s page, not the signed-in one it had', async () => {
  const client = (await signUp(baseUrl, '缓存退出')).client
  const mine = await look(client, '/')
  expect(mine.html).toContain('缓存退出')
  await ok(post(client, '/api/sign/out'))
  const after = await look(client, '/')
  expect(after.html).not.toContain('缓存退出')
  expect(after.etag).not.toBe(mine.etag)
})

test('a session ended elsewhere: a browser still sending its cookie gets the guest’s page, not the kept signed-in one', async () => {
  const client = (await signUp(baseUrl, '缓存别处退出')).client
  const elsewhere = createClient(baseUrl)
  for (const [name, value] of client.jar) elsewhere.jar.set(name, value)
  expect((await look(elsewhere, '/')).html).toContain('缓存别处退出')
  // Signed out through the other copy: this one still sends the ended session's cookie.
  await ok(post(client, '/api/sign/out'))
  const after = await look(elsewhere, '/')
  expect(after.html).not.toContain('缓存别处退出')
})

test('pages answered from the cache still count as visits (written within seconds); the owner’s views do not', async () => {
  // A homepage of its own, so that no other test's views are counted in it.
  const host = await signUp(baseUrl, '缓存访问')
  const hostCode = `visits-${Math.random().toString(36).slice(2, 8)}`
  await ok(post(host.client, '/api/homepage/add', { homepageId: host.homepageId, title: '访问统计', icon: 'tabler:home', code: hostCode }))
  await ok(post(host.client, '/api/homepage/set-open-status', { homepageId: host.homepageId }))
  const visitsToday = async () => (await ok(get(host.client, '/api/homepage/get-detail', { homepageId: host.homepageId }))).number.today as number
  const views = 6
  let answeredFromCache = 0
  for (let i = 0; i < views; i++) if ((await guest.request(`/${hostCode}`)).headers.get('etag')) answeredFromCache++
  expect(answeredFromCache).toBeGreaterThanOrEqual(views - 2)
  await expect.poll(visitsToday, { timeout: 15_000, interval: 500 }).toBe(views)
  await look(host.client, `/${hostCode}`)
  await new Promise((resolve) => setTimeout(resolve, 6_000))
  expect(await visitsToday()).toBe(views)
})

// PGlite is one process by design (ARCHITECTURE.md §7); several app processes share a PostgreSQL server.
test.runIf(databaseUrl !== '')('two app processes on one PostgreSQL server: a write through one is on the other’s next page', async () => {
  const other = await startServer({ DATABASE_URL: databaseUrl })
  try {
    const guestOfOther = createClient(other.url)
    expect((await look(guestOfOther)).html).not.toContain('另一进程写的')
    await addLink('另一进程写的')
    expect((await look(guestOfOther)).html).toContain('另一进程写的')
    // A session ended through this process: the other's kept page of that viewer is not answered.
    const signedIn = (await signUp(baseUrl, '两进程退出')).client
    const onOther = createClient(other.url)
    for (const [name, value] of signedIn.jar) onOther.jar.set(name, value)
    expect((await look(onOther, '/')).html).toContain('两进程退出')
    await ok(post(signedIn, '/api/sign/out'))
    expect((await look(onOther, '/')).html).not.toContain('两进程退出')
  } finally {
    await other.stop()
  }
  // A second app process boots (migrations checked, build loaded): slow on a loaded 2-core machine.
}, 120_000)
