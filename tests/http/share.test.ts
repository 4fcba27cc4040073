import { expect, inject, test } from 'vitest'
import { SHARE_SAVED_MSG } from '#app/routes/share.tsx'
import { LINK_URL_MSG } from '#app/schemas/content.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'

/**
 * Save from anywhere (issue 25): /share, the page the bookmarklet of /plugin and the share sheet
 * (the manifest's share_target) open, as a browser without JavaScript uses it; the bookmarklet
 * itself and the manifest.
 */

const baseUrl = inject('baseUrl')
const rand = () => Math.random().toString(36).slice(2, 7)

const toastOf = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast=') && !c.startsWith('qy_toast=;'))
  return cookie ? (JSON.parse(decodeURIComponent(cookie.slice('qy_toast='.length).split(';')[0]!)) as { type: string; msg: string }) : null
}

/** The user's first category, and a second one made for the choice. */
async function categories(client: Client, homepageId: number) {
  const tree = await ok(get(client, '/api/bag/get-create', { homepageId }))
  const [module] = await ok(get(client, '/api/module/get-list', { homepageId }))
  const made = await ok(post(client, '/api/bag/add', { moduleId: module.moduleId, name: '稍后阅读', icon: 'tabler:clock' }))
  return [tree[0].children[0].value as number, made.bid as number]
}

async function links(client: Client, bid: number) {
  return ((await ok(get(client, '/api/bookmark/list', { bid }))).list as Array<{ name: string; url: string; note: string }>).map(({ name, url, note }) => ({ name, url, note }))
}

const selected = (html: string) => /<option selected="" value="(\d+)"|<option value="(\d+)" selected=""/.exec(html)?.slice(1).find(Boolean)

test('a guest is sent to sign in and comes back to the same address', async () => {
  const response = await createClient(baseUrl).request('/share?url=https%3A%2F%2Fexample.com%2Fa&title=A')
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/share?url=https%3A%2F%2Fexample.com%2Fa&title=A')}`)
})

test('the page is filled from what was shared; 保存 puts it in the chosen category, which comes first next time', async () => {
  const user = await signUp(baseUrl, `分享${rand()}`)
  const [first, second] = await categories(user.client, user.homepageId)
  expect(second, 'a new account has two categories or more').toBeTruthy()
  const address = `https://share-${rand()}.example.com/post?id=1&from=a`
  const page = await user.client.request(`/share?${new URLSearchParams({ url: address, title: '一篇<好>文章' })}`)
  const html = await page.text()
  expect(page.status).toBe(200)
  expect(html).toContain('value="一篇&lt;好&gt;文章"')
  expect(html).toContain(`value="${address.replace(/&/g, '&amp;')}"`)
  expect(selected(html), 'the first category until one is used').toBe(String(first))

  const saved = await user.client.request('/share', {
    method: 'POST',
    headers: user.client.sameOrigin,
    form: { name: '一篇好文章', url: address, note: '周末读', bid: String(second) },
  })
  expect(saved.status).toBe(302)
  expect(toastOf(saved)).toEqual({ type: 'success', msg: SHARE_SAVED_MSG })
  const back = saved.headers.get('location')!
  expect(new URL(back, baseUrl).searchParams.get('saved')).toBe('1')
  expect(await links(user.client, second!)).toContainEqual({ name: '一篇好文章', url: address, note: '周末读' })
  const done = await (await user.client.request(back)).text()
  expect(done).toContain('「一篇好文章」已保存')
  expect(done).toContain('返回刚才的网页')

  const next = await (await user.client.request('/share?url=https%3A%2F%2Fexample.org%2F')).text()
  expect(selected(next), 'the category used last').toBe(String(second))
})

test('a bad address or name comes back with its message and what was typed, and saves nothing', async () => {
  const user = await signUp(baseUrl, `分享${rand()}`)
  const [bid] = await categories(user.client, user.homepageId)
  const before = await links(user.client, bid!)
  const refused = await user.client.request('/share', {
    method: 'POST',
    headers: user.client.sameOrigin,
    form: { name: '坏链接', url: 'javascript:alert(1)', note: '', bid: String(bid) },
  })
  expect(refused.status).toBe(400)
  const html = await refused.text()
  expect(html).toContain(LINK_URL_MSG)
  expect(html).toContain('value="坏链接"')
  const nameless = await user.client.request('/share', { method: 'POST', headers: user.client.sameOrigin, form: { name: '', url: 'https://example.com/', note: '', bid: String(bid) } })
  expect(nameless.status).toBe(400)
  expect(await nameless.text()).toContain('请输入网站名称')
  const elsewhere = await user.client.request('/share', { method: 'POST', headers: user.client.sameOrigin, form: { name: '别人的', url: 'https://example.com/', note: '', bid: '1' } })
  expect(elsewhere.status).toBe(400)
  expect(await links(user.client, bid!)).toEqual(before)
})

test('a share sheet sends text with the address in it: the address is found, the rest is the name', async () => {
  const user = await signUp(baseUrl, `分享${rand()}`)
  const html = await (await user.client.request(`/share?${new URLSearchParams({ title: '', text: '看看这个 https://m.example.com/x?y=1' })}`)).text()
  expect(html).toContain('value="https://m.example.com/x?y=1"')
  expect(html).toContain('value="看看这个"')
  const hostOnly = await (await user.client.request('/share?url=www.example.net%2Fpath')).text()
  expect(hostOnly).toContain('value="https://www.example.net/path"')
  expect(hostOnly).toContain('value="www.example.net"')
})

test('/plugin offers the bookmarklet to our /share; the manifest installs and names /share its share target', async () => {
  const html = await (await createClient(baseUrl).request('/plugin')).text()
  const href = /<a class="button button-primary bookmarklet" href="([^"]+)"/.exec(html)?.[1]
  expect(href).toBeDefined()
  expect(href!.startsWith('javascript:(function(){')).toBe(true)
  expect(href!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')).toContain(`var u="${new URL(baseUrl).origin}/share?url="+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title)`)

  const manifest = await createClient(baseUrl).request('/manifest.webmanifest')
  expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
  const body = (await manifest.json()) as { start_url: string; display: string; icons: Array<{ src: string; sizes: string }>; share_target: { action: string; method: string; params: Record<string, string> } }
  expect(body).toMatchObject({ start_url: '/', display: 'standalone', share_target: { action: '/share', method: 'GET', params: { url: 'url', title: 'title', text: 'text' } } })
  expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of body.icons) {
    const response = await createClient(baseUrl).request(icon.src)
    expect(response.status, icon.src).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
  }
  expect(await (await createClient(baseUrl).request('/')).text()).toMatch(/<link [^>]*rel="manifest" href="\/manifest.webmanifest"/)
})
