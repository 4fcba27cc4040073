import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

/**
 * 分享 → 公开主页 in one step (issue 22 item 5), through the page forms as a browser without
 * JavaScript sends them: a fresh homepage opens with one submit; one without a personal domain
 * is asked for it inline and opens with that same submit; then the panel shows the full address,
 * 复制 and a QR code.
 */

const baseUrl = inject('baseUrl')
const SHARE = '/?index&dialog=share'

async function sharePanel(client: ReturnType<typeof createClient>) {
  const response = await client.request(SHARE)
  expect(response.status).toBe(200)
  return response.text()
}

function submit(client: ReturnType<typeof createClient>, form: Record<string, string>) {
  return client.request(SHARE, { method: 'POST', form, headers: client.sameOrigin })
}

test('a fresh homepage is public after one submit, and the panel shows its full address and QR code', async () => {
  const { client, homepageId } = await signUp(baseUrl, '小王')
  const { code } = (await ok(get(client, '/api/homepage/get-detail', { homepageId }))) as { code: string }
  expect(code).toMatch(/^[a-z][a-z0-9-]{3,19}$/)

  const response = await submit(client, { intent: 'share-homepage', homepageId: String(homepageId) })
  expect(response.status).toBe(302)
  const html = await sharePanel(client)
  expect(html).toContain(`value="${new URL(`/${code}`, baseUrl).href}"`)
  expect(html).toMatch(/<figure class="share-qr"><div role="img" aria-label="主页链接的二维码[^"]*"><svg /)
  // The public page answers a guest at that address.
  expect((await createClient(baseUrl).request(`/${code}`)).status).toBe(200)
})

test('without a personal domain the panel asks for one, prefilled with a free one, and opens with the same submit', async () => {
  const { client } = await signUp(baseUrl, '小李')
  const other = await signUp(baseUrl, '别人')
  const { code: taken } = (await ok(get(other.client, '/api/homepage/get-detail', { homepageId: other.homepageId }))) as { code: string }
  // A homepage made later may have no domain; making it makes it the current one (/).
  const bare = await ok(post(client, '/api/homepage/add', { title: '无域名', icon: 'tabler:home' }))
  const before = await sharePanel(client)
  const suggestion = /name="code" value="([^"]+)"/.exec(before)?.[1]
  expect(suggestion).toMatch(/^[a-z][a-z0-9-]{3,19}$/)
  expect(before).not.toContain('share-qr')

  // Bad and taken domains are said beside the field; nothing is opened.
  const short = await submit(client, { intent: 'publish-homepage', homepageId: String(bare.id), code: 'ab' })
  expect(short.status).toBe(400)
  expect(await short.text()).toContain('个性域名长度在4至20个字符内')
  const clash = await submit(client, { intent: 'publish-homepage', homepageId: String(bare.id), code: taken.toUpperCase() })
  expect(clash.status).toBe(400)
  expect(await clash.text()).toContain('该个性域名已被占用')
  expect(((await ok(get(client, '/api/homepage/get-detail', { homepageId: bare.id }))) as { isOpen: boolean }).isOpen).toBe(false)

  const opened = await submit(client, { intent: 'publish-homepage', homepageId: String(bare.id), code: suggestion! })
  expect(opened.status).toBe(302)
  expect(decodeURIComponent(opened.headers.getSetCookie().join(';'))).toContain('主页已公开！')
  const html = await sharePanel(client)
  expect(html).toContain(`value="${new URL(`/${suggestion}`, baseUrl).href}"`)
  expect(html).toContain('share-qr')
  expect(await ok(get(client, '/api/homepage/get-detail', { homepageId: bare.id }))).toMatchObject({ isOpen: true, code: suggestion })
})
