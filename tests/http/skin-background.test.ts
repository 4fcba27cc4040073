import sharp from 'sharp'
import { beforeAll, expect, inject, test } from 'vitest'
import { LAYOUT_EMPTY_MSG, LAYOUT_VALUE_MSG } from '#app/schemas/layout.ts'
import { SKIN_PARAM_TYPE_MSG, THEME_VALUE_MSG } from '#app/schemas/skin.ts'
import { COLOR_GROUPS, COLOR_MSG, CUSTOM_MSG, FUZZY_MSG, OPACITY_MSG, PICTURE_MSG } from '#app/schemas/skin-background.ts'
import { SKIN_FORMAT_MSG } from '#app/uploads/image.server.ts'
import { SIGNED_IN_ONLY_MSG } from '#app/utils/errors.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'

/**
 * Skin backgrounds (issue 15 item 1), with JavaScript off: the built-in library, the colour
 * groups, custom uploads, opacity and blur. The owner's choice is saved on the homepage and seen by
 * its guests; a guest's is a cookie nobody else sees; refusals change nothing.
 */

const baseUrl = inject('baseUrl')
let owner: Awaited<ReturnType<typeof signUp>>
let code: string

/** The background custom properties on the page wrapper as the server wrote them (null where none). */
async function backgroundOf(client: Client) {
  const response = await client.request(`/${code}`)
  expect(response.status).toBe(200)
  const html = await response.text()
  const wrapper = /<div class="homepage[^"]*"[^>]*>/.exec(html)![0].replaceAll('&quot;', '"')
  const v = (name: string) => new RegExp(`${name}:([^;"]+)`).exec(wrapper)?.[1] ?? null
  return { skin: /data-skin="(\w+)"/.exec(wrapper)?.[1] ?? null, background: v('--skin-background'), opacity: v('--skin-opacity'), blur: v('--skin-blur') }
}

/** How the page draws the picture: its size and repeat custom properties (null where none). */
async function repeatOf(client: Client) {
  const html = await (await client.request(`/${code}`)).text()
  const wrapper = /<div class="homepage[^"]*"[^>]*>/.exec(html)![0]
  return { size: /--skin-size:([^;"]+)/.exec(wrapper)?.[1] ?? null, repeat: /--skin-repeat:([^;"]+)/.exec(wrapper)?.[1] ?? null }
}

/** The messages a page shows in role="alert" elements (what a screen reader reads out), markup stripped. */
function alertsOf(html: string) {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  return [...markup.matchAll(/<(p|div)\b[^>]*\brole="alert"[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!.replace(/<[^>]+>/g, '').trim())
}

/** A form of the skin drawer, posted without JavaScript. */
function drawerForm(client: Client, fields: Record<string, string | number>) {
  const form = Object.fromEntries(Object.entries({ homepageId: owner.homepageId, ...fields }).map(([k, v]) => [k, String(v)]))
  return client.request(`/${code}?dialog=skin`, { method: 'POST', form, headers: client.sameOrigin })
}

const skinParams = async () => ok(get(owner.client, '/api/skin/get-skin-params', { homepageId: owner.homepageId }))

/** A multipart upload of `bytes` as `name`. */
function upload(client: Client, path: string, bytes: Buffer, name: string, type: string) {
  const body = new FormData()
  body.set('file', new Blob([new Uint8Array(bytes)], { type }), name)
  return client.request(path, { method: 'POST', body, headers: client.sameOrigin })
}
const apiUpload = async (client: Client, bytes: Buffer, name = 'skin.jpg', type = 'image/jpeg') => {
  const response = await upload(client, '/api/skin/upload', bytes, name, type)
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: any } }
}

/** A photo-like JPEG with EXIF (camera and GPS), as a phone would send. */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7bd5' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><circle cx="300" cy="200" r="150" fill="#ffcc00"/></svg>'), left: 300, top: 200 }])
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N' } })
    .jpeg()
    .toBuffer()

const pictures = async (cid: number) => (await ok(get(createClient(baseUrl), '/api/skin/get-skin', { cur_cid: cid }))) as { cid: number; list: any[] }

beforeAll(async () => {
  owner = await signUp(baseUrl, '背景主人')
  code = `bg-${Math.random().toString(36).slice(2, 8)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '背景主页', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
})

test('the library: categories, at least 40 pictures at 2880×1920 with thumbnails, served from our origin as immutable', async () => {
  const guest = createClient(baseUrl)
  const categories = (await ok(get(guest, '/api/skin/category'))) as { cate_id: number; name: string }[]
  expect(categories.length).toBeGreaterThanOrEqual(4)
  let total = 0
  for (const c of categories) {
    const { cid, list } = await pictures(c.cate_id)
    expect(cid).toBe(c.cate_id)
    expect(list.every((p) => p.cate_id === c.cate_id)).toBe(true)
    total += list.length
  }
  expect(total).toBeGreaterThanOrEqual(40)
  // An unknown category answers the first one.
  expect((await pictures(999)).cid).toBe(categories[0]!.cate_id)

  const [first] = (await pictures(2)).list
  expect(Object.keys(first).sort()).toEqual(['cate_id', 'color', 'cover', 'download_url', 'img_url', 'name', 'skin_id', 'thumb_url'])
  for (const [url, size] of [
    [first.img_url, [2880, 1920]],
    [first.thumb_url, [360, 240]],
  ] as const) {
    expect(url).toMatch(/^\/assets\/skin-\d+-[0-9a-f]{10}(-thumb)?\.jpg$/)
    const response = await guest.request(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('cache-control')).toContain('immutable')
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual(size)
  }
})

test('the drawer without JavaScript: the source tabs, a category’s pictures, the 15 colour groups, the sliders with a button', async () => {
  const guest = createClient(baseUrl)
  const image = await (await guest.request(`/${code}?dialog=skin&tab=image&cid=3`)).text()
  expect(image.match(/name="skin_id"/g)).toHaveLength((await pictures(3)).list.length)
  expect(image).toContain('使用图片')
  for (const label of ['图片', '颜色', '自定义', '透明度', '模糊度', '保存透明度和模糊度']) expect(image).toContain(label)
  // How the picture fills the page (spec §3 repeat), sent with it: 铺满 checked by default.
  const pickForm = /<form[^>]*>(?:(?!<\/form>)[\s\S])*name="skin_id"[\s\S]*?<\/form>/.exec(image)![0]
  expect(pickForm).toMatch(/<legend>显示方式<\/legend>/)
  expect(pickForm).toMatch(/<input type="radio" name="repeat" checked="" value="cover"\/><span>铺满<\/span>/)
  expect(pickForm).toMatch(/<input type="radio" name="repeat" value="repeat"\/><span>平铺<\/span>/)
  const fuzzy = /<input[^>]*name="fuzzy"[^>]*>/.exec(image)![0]
  for (const attr of ['type="range"', 'min="0"', 'max="30"', 'step="5"']) expect(fuzzy).toContain(attr)
  expect(/<input[^>]*name="opacity"[^>]*>/.exec(image)![0]).toMatch(/type="range" min="0" max="100" step="1"/)
  const color = await (await guest.request(`/${code}?dialog=skin&tab=color`)).text()
  expect(COLOR_GROUPS).toHaveLength(15)
  expect(COLOR_GROUPS[0]!.name).toBe('推荐')
  expect(color.match(/<legend>[^<]+<\/legend>/g)!.filter((l) => COLOR_GROUPS.some((g) => l === `<legend>${g.name}</legend>`))).toHaveLength(15)
  // A guest's custom tab asks to sign in; the owner's has the multipart upload form.
  expect(await (await guest.request(`/${code}?dialog=skin&tab=custom`)).text()).toContain(SIGNED_IN_ONLY_MSG)
  const custom = await (await owner.client.request(`/${code}?dialog=skin&tab=custom`)).text()
  expect(/<form[^>]*skin-upload[^>]*>/.exec(custom)![0]).toMatch(/^(?=.*action="\/api\/skin\/upload\?redirectTo=%2F)(?=.*encType="multipart\/form-data")(?=.*method="post")/)
})

test('the owner’s picture, opacity, blur and colour are saved on the homepage and seen by a guest; reset clears them', async () => {
  const guest = createClient(baseUrl)
  expect(await backgroundOf(guest)).toMatchObject({ skin: null, background: null })
  const [picture] = (await pictures(1)).list
  const saved = await drawerForm(owner.client, { intent: 'pick-skin', skin_id: picture.skin_id })
  expect(saved.status).toBe(302)
  expect(saved.headers.getSetCookie().filter((c) => !c.startsWith('qy_toast='))).toEqual([])
  // Picked at opacity 100: 80 (spec §9).
  for (const client of [owner.client, guest]) expect(await backgroundOf(client)).toEqual({ skin: 'image', background: `url(${picture.img_url})`, opacity: '0.8', blur: '0px' })
  expect(await skinParams()).toMatchObject({ type: 'image', skin_id: picture.skin_id, image: picture.img_url, opacity: 80 })

  // The sliders: blur 15 is level 3 (spec §9: 5–30 → 1–7).
  expect((await drawerForm(owner.client, { intent: 'save-skin-effects', opacity: 55, fuzzy: 15 })).status).toBe(302)
  expect(await backgroundOf(guest)).toMatchObject({ background: `url(${picture.img_url})`, opacity: '0.55', blur: '6px' })
  expect((await drawerForm(owner.client, { intent: 'save-skin-effects', opacity: 100, fuzzy: 30 })).status).toBe(302)
  expect(await backgroundOf(guest)).toMatchObject({ opacity: '1', blur: '14px' })
  // Another picture picked at 100 gets 80 again; the blur stays.
  expect((await drawerForm(owner.client, { intent: 'pick-skin', skin_id: picture.skin_id + 1 })).status).toBe(302)
  expect(await backgroundOf(guest)).toMatchObject({ opacity: '0.8', blur: '14px' })

  // 平铺 (spec §3 repeat) with a picture: drawn at its own size, tiled; a later pick without it keeps it; 铺满 again covers.
  expect(await repeatOf(guest)).toEqual({ size: 'cover', repeat: 'no-repeat' })
  expect((await drawerForm(owner.client, { intent: 'pick-skin', skin_id: picture.skin_id, repeat: 'repeat' })).status).toBe(302)
  expect(await repeatOf(guest)).toEqual({ size: 'auto', repeat: 'repeat' })
  expect(await skinParams()).toMatchObject({ skin_id: picture.skin_id, repeat: 'repeat' })
  const drawn = await (await owner.client.request(`/${code}?dialog=skin`)).text()
  expect(drawn).toMatch(/<input type="radio" name="repeat" checked="" value="repeat"\/>/)
  expect((await drawerForm(owner.client, { intent: 'pick-skin', skin_id: picture.skin_id + 1 })).status).toBe(302)
  expect(await repeatOf(guest)).toEqual({ size: 'auto', repeat: 'repeat' })
  expect((await drawerForm(owner.client, { intent: 'pick-skin', skin_id: picture.skin_id, repeat: 'cover' })).status).toBe(302)
  expect(await repeatOf(guest)).toEqual({ size: 'cover', repeat: 'no-repeat' })

  // A colour: its opacity stays as it was.
  const colour = COLOR_GROUPS[3]!.colors[2]!
  expect((await drawerForm(owner.client, { intent: 'pick-skin', color: colour })).status).toBe(302)
  expect(await backgroundOf(guest)).toMatchObject({ skin: 'color', background: `linear-gradient(${colour},${colour})`, opacity: '0.8' })

  expect((await drawerForm(owner.client, { intent: 'clear-skin' })).status).toBe(302)
  expect(await backgroundOf(guest)).toEqual({ skin: null, background: null, opacity: null, blur: null })
  expect(await skinParams()).toMatchObject({ opacity: 100, fuzzy: 0, image: '' })
})

test('/api/skin/save-skin-params sets opacity and blur ({type, value} or the theme save’s fields), checked like the sliders', async () => {
  const guest = createClient(baseUrl)
  const save = (body: Record<string, unknown>) => post(owner.client, '/api/skin/save-skin-params', { homepageId: owner.homepageId, ...body })
  await ok(post(owner.client, '/api/skin/save', { homepageId: owner.homepageId, color: COLOR_GROUPS[1]!.colors[2] }))
  expect(await ok(save({ type: 'opacity', value: 55 }))).toMatchObject({ type: 'color', opacity: 55, fuzzy: 0, theme: 0 })
  expect(await ok(save({ type: 'fuzzy', value: '20' }))).toMatchObject({ opacity: 55, fuzzy: 20 })
  // Blur 20 is level 5 (spec §9), drawn as 10 px.
  expect(await backgroundOf(guest)).toMatchObject({ skin: 'color', opacity: '0.55', blur: '10px' })
  // The theme save sends theme, opacity and fuzzy at once (spec §7).
  expect(await ok(save({ theme: 1, opacity: 70, fuzzy: 0 }))).toMatchObject({ theme: 1, opacity: 70, fuzzy: 0 })
  expect(await backgroundOf(guest)).toMatchObject({ opacity: '0.7', blur: '0px' })

  const before = await skinParams()
  for (const [body, msg] of [
    [{ type: 'opacity', value: 101 }, OPACITY_MSG],
    [{ type: 'opacity', value: -1 }, OPACITY_MSG],
    [{ type: 'opacity', value: 'half' }, OPACITY_MSG],
    [{ type: 'fuzzy', value: 7 }, FUZZY_MSG],
    [{ type: 'fuzzy', value: 35 }, FUZZY_MSG],
    [{ type: 'fuzzy', value: -5 }, FUZZY_MSG],
    [{ theme: 0, fuzzy: 12 }, FUZZY_MSG],
    [{ type: 'color', value: '#ffffff' }, SKIN_PARAM_TYPE_MSG],
    [{}, LAYOUT_EMPTY_MSG],
  ] as const) {
    expect((await save(body)).body, JSON.stringify(body)).toMatchObject({ code: 0, msg })
  }
  expect(await skinParams()).toEqual(before)
  // The owner's only: a guest is asked to sign in, another user refused.
  expect((await post(guest, '/api/skin/save-skin-params', { homepageId: owner.homepageId, type: 'opacity', value: 10 })).status).toBe(403)
  const stranger = await signUp(baseUrl, '旁人')
  expect((await post(stranger.client, '/api/skin/save-skin-params', { homepageId: owner.homepageId, type: 'fuzzy', value: 10 })).body.code).not.toBe(1)
  expect(await skinParams()).toEqual(before)
  await ok(post(owner.client, '/api/skin/clear-skin', { homepageId: owner.homepageId }))
})

test('a guest’s background is a cookie only they see; reset clears it', async () => {
  const guest = createClient(baseUrl)
  const other = createClient(baseUrl)
  const [picture] = (await pictures(4)).list
  const saved = await drawerForm(guest, { intent: 'pick-skin', skin_id: picture.skin_id })
  expect(saved.status).toBe(302)
  expect(saved.headers.getSetCookie().some((c) => c.startsWith('qy_skin='))).toBe(true)
  expect(await backgroundOf(guest)).toMatchObject({ skin: 'image', background: `url(${picture.img_url})`, opacity: '0.8' })
  expect((await drawerForm(guest, { intent: 'save-skin-effects', opacity: 40, fuzzy: 5 })).status).toBe(302)
  expect(await backgroundOf(guest)).toMatchObject({ opacity: '0.4', blur: '2px' })
  // 平铺 is in their cookie too, and only on their page.
  expect((await drawerForm(guest, { intent: 'pick-skin', skin_id: picture.skin_id, repeat: 'repeat' })).status).toBe(302)
  expect(await repeatOf(guest)).toEqual({ size: 'auto', repeat: 'repeat' })
  expect(await backgroundOf(guest)).toMatchObject({ opacity: '0.4', blur: '2px' })
  expect(await repeatOf(other)).toEqual({ size: null, repeat: null })
  for (const client of [other, owner.client]) expect(await backgroundOf(client)).toMatchObject({ skin: null })
  expect(await skinParams()).toMatchObject({ image: '', opacity: 100 })

  expect((await drawerForm(guest, { intent: 'clear-skin' })).status).toBe(302)
  expect(guest.jar.has('qy_skin')).toBe(false)
  expect(await backgroundOf(guest)).toMatchObject({ skin: null })
})

test('refusals: a colour, picture, opacity or blur not offered, or someone else’s upload, answer the message and change nothing', async () => {
  await ok(post(owner.client, '/api/skin/save', { homepageId: owner.homepageId, color: COLOR_GROUPS[0]!.colors[0] }))
  const before = await skinParams()
  const cases: [Record<string, string | number>, string][] = [
    [{ color: '#123457' }, COLOR_MSG],
    [{ color: 'red;background:url(//evil)' }, COLOR_MSG],
    [{ skin_id: 9999 }, PICTURE_MSG],
    [{ image: '/uploads/0123456789abcdef0123456789abcdef.jpg' }, CUSTOM_MSG],
    [{ image: 'https://evil.example/a.jpg' }, CUSTOM_MSG],
    [{}, PICTURE_MSG],
  ]
  for (const [fields, msg] of cases) {
    const page = await drawerForm(owner.client, { intent: 'pick-skin', ...fields })
    expect(page.status, JSON.stringify(fields)).toBe(400)
    // Beside the form, read out (role alert): not only in the page's data.
    expect(alertsOf(await page.text()), JSON.stringify(fields)).toEqual([msg])
    const api = await post(owner.client, '/api/skin/save', { homepageId: owner.homepageId, ...fields })
    expect(api.body, JSON.stringify(fields)).toMatchObject({ code: 0, msg })
  }
  for (const [fields, msg] of [
    [{ opacity: 101, fuzzy: 0 }, OPACITY_MSG],
    [{ opacity: 50, fuzzy: 7 }, FUZZY_MSG],
    [{ opacity: 50, fuzzy: 35 }, FUZZY_MSG],
  ] as const) {
    const page = await drawerForm(owner.client, { intent: 'save-skin-effects', ...fields })
    expect(page.status).toBe(400)
    const html = await page.text()
    expect(alertsOf(html)).toEqual([msg])
    // Beside its slider: the slider names it.
    const name = msg === OPACITY_MSG ? 'opacity' : 'fuzzy'
    expect(html).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*aria-invalid="true"[^>]*aria-describedby="skin-${name}-error"|<input[^>]*aria-invalid="true"[^>]*aria-describedby="skin-${name}-error"[^>]*name="${name}"`))
  }
  // The theme colour and the theme, refused the same way.
  const colour = await drawerForm(owner.client, { intent: 'save-theme-color', themeColorId: 17 })
  expect(colour.status).toBe(400)
  expect(alertsOf(await colour.text())).toEqual([LAYOUT_VALUE_MSG])
  const theme = await drawerForm(owner.client, { intent: 'save-theme', theme: 7 })
  expect(theme.status).toBe(400)
  expect(alertsOf(await theme.text())).toEqual([THEME_VALUE_MSG])
  // A guest's refused pick sets no cookie; an upload is for signed-in users (此功能登录后可用, beside the form).
  const guest = createClient(baseUrl)
  expect((await drawerForm(guest, { intent: 'pick-skin', color: '#000001' })).status).toBe(400)
  const custom = await drawerForm(guest, { intent: 'pick-skin', image: '/uploads/0123456789abcdef0123456789abcdef.jpg' })
  expect(custom.status).toBe(400)
  expect(alertsOf(await custom.text())).toEqual([SIGNED_IN_ONLY_MSG])
  expect(guest.jar.has('qy_skin')).toBe(false)
  expect(await skinParams()).toEqual(before)
  // /api/skin/save is the owner's: a guest is asked to sign in, another user refused.
  expect((await post(createClient(baseUrl), '/api/skin/save', { homepageId: owner.homepageId, skin_id: 1 })).status).toBe(403)
  const stranger = await signUp(baseUrl, '路人')
  expect((await post(stranger.client, '/api/skin/save', { homepageId: owner.homepageId, skin_id: 1 })).body.code).not.toBe(1)
  expect(await skinParams()).toEqual(before)
})

test('custom upload: refuses SVG, over 3 MB, a non-image and GIF with the messages, stores nothing; a photo is re-encoded with a 503×198 thumbnail', async () => {
  const history = async (client: Client = owner.client) => (await ok(get(client, '/api/skin/history-list'))) as { id: number; key: string; url: string }[]
  const before = await history()
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')
  const big = Buffer.concat([await photo(), Buffer.alloc(3 * 1024 * 1024)])
  const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } }).gif().toBuffer()
  for (const [bytes, name, type, msg] of [
    [svg, 'a.svg', 'image/svg+xml', SKIN_FORMAT_MSG],
    [big, 'big.jpg', 'image/jpeg', '上传图片不能超过3M'],
    [Buffer.from('just some text, not a picture'), 'a.jpg', 'image/jpeg', SKIN_FORMAT_MSG],
    [gif, 'a.gif', 'image/gif', SKIN_FORMAT_MSG],
  ] as const) {
    expect((await apiUpload(owner.client, bytes, name, type)).body, name).toMatchObject({ code: 0, msg })
  }
  expect(await history()).toEqual(before)
  // Guests may not upload nor list: the spec's 此功能登录后可用 (HTTP 403, the login dialog).
  expect(await apiUpload(createClient(baseUrl), await photo())).toEqual({ status: 403, body: { code: -1, msg: SIGNED_IN_ONLY_MSG, data: null } })
  expect(await get(createClient(baseUrl), '/api/skin/history-list')).toMatchObject({ status: 403, body: { code: -1, msg: SIGNED_IN_ONLY_MSG } })

  const original = await photo()
  const uploaded = await apiUpload(owner.client, original)
  expect(uploaded.body).toMatchObject({ code: 1, msg: '上传成功' })
  const item = uploaded.body.data as { id: number; key: string; url: string }
  expect(item.key).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/)
  const stored = Buffer.from(await (await owner.client.request(item.key)).arrayBuffer())
  expect(stored.equals(original)).toBe(false)
  const meta = await sharp(stored).metadata()
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 800])
  expect(meta.exif).toBeUndefined()
  expect(stored.includes(Buffer.from('SecretCam'))).toBe(false)
  const thumb = await sharp(Buffer.from(await (await owner.client.request(item.url)).arrayBuffer())).metadata()
  expect([thumb.width, thumb.height]).toEqual([503, 198])
  expect((await history())[0]).toEqual(item)
  // Another user's history does not have it, and they may not use or delete it.
  const stranger = await signUp(baseUrl, '别人')
  expect(await history(stranger.client)).toEqual([])
  expect((await post(stranger.client, '/api/skin/delete-history', { id: item.id })).body.code).toBe(0)

  // The owner uses it: the page shows it to a guest; then deletes it from the history.
  expect(await ok(post(owner.client, '/api/skin/save', { homepageId: owner.homepageId, image: item.key }))).toMatchObject({ type: 'custom', image: item.key, opacity: 80 })
  expect(await backgroundOf(createClient(baseUrl))).toMatchObject({ skin: 'custom', background: `url(${item.key})` })
  await ok(post(owner.client, '/api/skin/delete-history', { id: item.id }))
  expect((await history()).some((h) => h.id === item.id)).toBe(false)
  expect((await post(owner.client, '/api/skin/delete-history', { id: item.id })).body.code).toBe(0)
  expect((await post(createClient(baseUrl), '/api/skin/history-list', {})).status).not.toBe(200)
})

test('custom upload without JavaScript: the multipart form goes back to the drawer with a toast; a guest goes to sign in', async () => {
  const drawer = `/${code}?dialog=skin&tab=custom`
  const action = `/api/skin/upload?redirectTo=${encodeURIComponent(drawer)}`
  const done = await upload(owner.client, action, await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a9d8f' } }).png().toBuffer(), 'a.png', 'image/png')
  expect(done.status).toBe(302)
  expect(done.headers.get('location')).toBe(drawer)
  const page = await (await owner.client.request(drawer)).text()
  expect(page).toContain('上传成功')
  // The uploads are a radio group used with 铺满 or 平铺.
  expect(page).toMatch(/<fieldset class="skin-pictures skin-history"[^>]*><legend>上传记录<\/legend>/)
  expect(page).toMatch(/<input type="radio" name="image" value="\/uploads\/[0-9a-f]{32}\.png"/)
  const refused = await upload(owner.client, action, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml')
  expect(refused.status).toBe(302)
  expect(await (await owner.client.request(drawer)).text()).toContain(SKIN_FORMAT_MSG)
  const guest = await upload(createClient(baseUrl), action, await photo(), 'a.jpg', 'image/jpeg')
  expect(guest.status).toBe(302)
  expect(guest.headers.get('location')).toMatch(/^\/login\?redirectTo=/)
  // Another site's form is refused (the origin check covers this route too).
  const foreign = await createClient(baseUrl).request(action, { method: 'POST', body: new FormData(), headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })
  expect(foreign.status).toBe(403)
})
