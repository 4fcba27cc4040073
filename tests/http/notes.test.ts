import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, get, ok, post, postForm, signUp } from './content-helpers.ts'

/**
 * Notes over HTTP (issue 23; docs/api.md §28): the hostile HTML of SECURITY.md §4 B through
 * /api, read back as stored; body limits; a save over another one refused with both texts kept;
 * who may read a notepad; the notebook of one's own.
 */

const baseUrl = inject('baseUrl')
const UPLOAD = `/uploads/${'a1'.repeat(16)}.png`

/** SECURITY.md §4 B 9-11: each must come back inert. */
const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">a</a>',
  '<a href=" jav&#x09;ascript:alert(1)">b</a>',
  '<a href="&#0000106;avascript:alert(1)">c</a>',
  '<xmp><script>alert(1)</script></xmp>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{display:none}</style>',
  '<p style="background:url(//evil.example/x)">d</p>',
  '<form action="//evil.example/"><input name=q></form>',
  '<img src="https://evil.example/a.png">',
]

/** Nothing in stored HTML that could run, load or restyle: its tags, not its (escaped) text. */
function expectInert(html: string) {
  const markup = (html.match(/<[^>]*>/g) ?? []).join('')
  expect(markup).not.toMatch(/<(script|svg|math|iframe|style|form|input|xmp|noscript|object|embed)\b/i)
  expect(markup).not.toMatch(/\son\w+\s*=/i)
  expect(markup).not.toMatch(/javascript:|data:|vbscript:/i)
  expect(markup).not.toMatch(/style\s*=\s*"(?!color: ?#[0-9a-f]{6};?")/i)
  expect(markup).not.toMatch(/evil\.example/)
  for (const [, src] of html.matchAll(/<img [^>]*src="([^"]*)"/g)) expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/)
}

let me: Awaited<ReturnType<typeof signUp>>
let notepad: number

beforeAll(async () => {
  me = await signUp(baseUrl, '写便签的人')
  const tree = await ok(get(me.client, '/api/bag/get-create', { homepageId: me.homepageId }))
  const created = await ok(post(me.client, '/api/notepad/create', { cid: tree[0].children[0].value }))
  notepad = created.bookmarkId
}, 60_000)

const newNote = async (client: Client = me.client) => (await ok(post(client, '/api/notepad/create', { bookmarkId: notepad }))).id as number

describe('hostile HTML through /api (SECURITY.md §4 B)', () => {
  test('each case of the battery, by JSON and as a form, is stored inert in the notepad and the notebook', async () => {
    for (const html of HOSTILE) {
      const noteId = await newNote()
      const json = await ok(post(me.client, '/api/notepad/save', { noteId, content: `<p>前</p>${html}<p>后</p>` }))
      expectInert(json.content)
      expect(json.content).toContain('<p>前</p>')
      expect((await ok(get(me.client, '/api/notepad/detail', { noteId }))).content).toBe(json.content)
      const noteBook = (await ok(post(me.client, '/api/notebook/create', {}))).note_id as number
      const form = (await postForm(me.client, '/api/notebook/save', { note_id: String(noteBook), note: html })).body
      expect(form.code, form.msg).toBe(1)
      expectInert(form.data.note)
      expectInert((await ok(post(me.client, '/api/notebook/details', { note_id: noteBook }))).note)
    }
  })

  test('what the allow-list permits is kept exactly; links get rel and target', async () => {
    const noteId = await newNote()
    const html = [
      '<h2>标题</h2>',
      '<p><strong>粗</strong><em>斜</em><s>删</s><u>下</u><code>码</code><span style="color: #e03131">红</span></p>',
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>完成</p></li></ul>',
      `<p><img src="${UPLOAD}" alt="图" /></p>`,
    ].join('')
    const saved = await ok(post(me.client, '/api/notepad/save', { noteId, content: `${html}<p><a href="https://example.com/">链接</a></p>` }))
    expect(saved.content).toContain('<h2>标题</h2>')
    expect(saved.content).toContain('<strong>粗</strong><em>斜</em><s>删</s><u>下</u><code>码</code>')
    expect(saved.content).toMatch(/<span style="color: ?#e03131;?">红<\/span>/)
    expect(saved.content).toMatch(/<li data-type="taskItem" data-checked="true">|<li data-checked="true" data-type="taskItem">/)
    expect(saved.content).toContain(`src="${UPLOAD}"`)
    expect(saved.content).toMatch(/<a href="https:\/\/example\.com\/" rel="noopener noreferrer nofollow" target="_blank">链接<\/a>/)
  })

  test('a body of 5 MB is refused with 413 and stores nothing; 100 KB of HTML is accepted', async () => {
    const noteId = await newNote()
    const huge = await me.client.request('/api/notepad/save', {
      method: 'POST',
      headers: { ...me.client.sameOrigin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ noteId, content: `<p>${'x'.repeat(5 * 1024 * 1024)}</p>` }),
    })
    expect(huge.status).toBe(413)
    expect((await ok(get(me.client, '/api/notepad/detail', { noteId }))).version).toBe(1)
    const bold = `<p>${'<strong>字</strong>'.repeat(6000)}</p>`
    expect(bold.length).toBeGreaterThan(100_000)
    const saved = await ok(post(me.client, '/api/notepad/save', { noteId, content: bold }))
    expect(saved.content).toBe(bold)
  })
})

describe('no lost edit', () => {
  test('two clients saving over one version: the second is refused with code 2 and the first one’s text', async () => {
    const noteId = await newNote()
    const first = await ok(post(me.client, '/api/notepad/save', { noteId, content: '<p>甲的</p>', version: 1 }))
    expect(first.version).toBe(2)
    const second = (await post(me.client, '/api/notepad/save', { noteId, content: '<p>乙的</p>', version: 1 })).body
    expect(second).toMatchObject({ code: 2, msg: '这条便签已在别处修改，请选择保留哪一份', data: { id: noteId, content: '<p>甲的</p>', version: 2 } })
    expect(await ok(post(me.client, '/api/notepad/save', { noteId, content: '<p>乙的</p>', version: 2 }))).toMatchObject({ content: '<p>乙的</p>', version: 3 })
  })
})

describe('who reads a notepad, whose is a notebook', () => {
  test('another user gets 便签内容未对互联网用户公开 on an open homepage, not found on a private one; a guest must sign in', async () => {
    const noteId = await newNote()
    const other = await signUp(baseUrl, '别人')
    const guest = createClient(baseUrl)
    await ok(post(me.client, '/api/homepage/set-open-status', { homepageId: me.homepageId }))
    for (const answer of [
      await get(other.client, '/api/notepad/list', { bookmarkId: notepad }),
      await get(other.client, '/api/notepad/detail', { noteId }),
    ]) {
      expect(answer.body).toEqual({ code: 0, msg: '便签内容未对互联网用户公开', data: null })
    }
    await ok(post(me.client, '/api/homepage/set-open-status', { homepageId: me.homepageId }))
    expect((await get(other.client, '/api/notepad/detail', { noteId })).body.msg).toBe('内容不存在或已被删除')
    const asGuest = await get(guest, '/api/notepad/detail', { noteId })
    expect([asGuest.status, asGuest.body]).toEqual([403, { code: -1, msg: '请先登录', data: null }])
  })

  test('the notebook: one’s own notes only, the trash emptied', async () => {
    const other = await signUp(baseUrl, '另一个人')
    const mine = (await ok(post(me.client, '/api/notebook/create', { title: '我的', url: 'https://example.com/from' }))).note_id
    expect((await post(other.client, '/api/notebook/details', { note_id: mine })).body).toEqual({ code: 0, msg: '内容不存在或已被删除', data: null })
    expect((await post(other.client, '/api/notebook/delete', { note_id: mine })).body.code).toBe(0)
    expect((await ok(post(other.client, '/api/notebook/get-lists', { page: 1 }))).lists).toEqual([])
    expect((await post(me.client, '/api/notebook/create', { url: 'javascript:alert(1)' })).body.msg).toBe('请输入http或https开头的链接')
    await ok(post(me.client, '/api/notebook/delete', { note_id: mine }))
    expect((await ok(post(me.client, '/api/notebook/get-lists', { type: 'trash' }))).lists.map((n: { note_id: number }) => n.note_id)).toContain(mine)
    const emptied = await ok(post(me.client, '/api/notebook/delete', { type: 'empty' }))
    expect(emptied.amount).toBeGreaterThanOrEqual(1)
    expect((await ok(post(me.client, '/api/notebook/get-lists', { type: 'trash' }))).lists).toEqual([])
  })
})

describe('blog posts and code snippets: hostile text read back on their page, by a guest of a public homepage', () => {
  test('the battery through the page form (HTML and text) and a snippet; /blog/detail shows it inert', async () => {
    await ok(post(me.client, '/api/homepage/set-open-status', { homepageId: me.homepageId }))
    const tree = await ok(get(me.client, '/api/bag/get-create', { homepageId: me.homepageId }))
    const bid = String(tree[0].children[0].value)
    const guest = createClient(baseUrl)
    const bodyOf = async (location: string) => {
      const page = await (await guest.request(location)).text()
      return /<div class="note-content writing-body">([\s\S]*?)<\/div><\/article>|<div class="code-view">([\s\S]*?)<\/div><\/article>/.exec(page)
    }
    for (const [format, content] of [
      ['html', HOSTILE.join('<p>间隔</p>')],
      ['text', HOSTILE.join('\n')],
    ] as const) {
      const saved = await me.client.request('/blog/write', { method: 'POST', form: { bid, title: `<img src=x onerror=alert(1)>${format}`, content, format }, headers: me.client.sameOrigin })
      expect(saved.status).toBe(302)
      const location = saved.headers.get('location')!
      expect(location).toMatch(/^\/blog\/detail\/\d+$/)
      const shown = await bodyOf(location)
      expect(shown?.[1]).toBeDefined()
      expectInert(shown![1]!)
      if (format === 'text') expect(shown![1]).toContain('&lt;img src=x onerror=alert(1)&gt;')
      const page = await (await guest.request(location)).text()
      // The title is text everywhere: the heading and the document's title.
      expect(page).toContain(`&lt;img src=x onerror=alert(1)&gt;${format}</h1>`)
      expect(page).not.toMatch(/<img src=x/)
    }
    const snippet = await me.client.request('/editor/code', {
      method: 'POST',
      form: { cid: bid, title: '片段', language: 'html', code: HOSTILE.join('\n') },
      headers: me.client.sameOrigin,
    })
    expect(snippet.status).toBe(302)
    const code = await bodyOf(snippet.headers.get('location')!)
    expect(code?.[2]).toMatch(/^<pre class="shiki/)
    expect(code![2]).not.toMatch(/<(script|svg|iframe|img|style|form)\b/i)
    await ok(post(me.client, '/api/homepage/set-open-status', { homepageId: me.homepageId }))
  })
})

describe('an image of another site pasted into a note', () => {
  test('is fetched by the server and kept as our upload; over 3 MB, from inside a network or by a guest it is refused', async () => {
    // A flat answer, as /api/upload's: {code, src, msg}.
    const kept = (await post(me.client, '/api/upload/remote', { url: 'http://site.test/logo.png' })).body as unknown as { code: number; msg: string; src: string }
    expect(kept).toMatchObject({ code: 1, msg: '上传成功' })
    expect(kept.src).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
    expect((await me.client.request(kept.src)).status).toBe(200)
    expect((await post(me.client, '/api/upload/remote', { url: 'http://site.test/big.png' })).body).toEqual({ code: 0, msg: '上传图片不能超过3M', data: null })
    expect((await post(me.client, '/api/upload/remote', { url: 'http://intranet.test/x.png' })).body.code).toBe(0)
    expect((await post(me.client, '/api/upload/remote', { url: 'javascript:alert(1)' })).body.msg).toBe('请输入http或https开头的链接')
    const guest = await post(createClient(baseUrl), '/api/upload/remote', { url: 'http://site.test/logo.png' })
    expect([guest.status, guest.body.code]).toEqual([403, -1])
  })
})

describe('hostile HTML through the page form (without JavaScript), read back on the owner’s page', () => {
  test('the notepad’s form saves the battery as HTML inert, and the page with the note open carries none of it', async () => {
    const noteId = await newNote()
    // A note with formatting is edited as its HTML without JavaScript (format=html).
    const page = `/?dialog=notepad&id=${notepad}&note=${noteId}`
    // A form on the index route posts to `?index` (as React Router's forms do).
    const saved = await me.client.request(`/?index&dialog=notepad&id=${notepad}&note=${noteId}`, {
      method: 'POST',
      form: { intent: 'note-save', kind: 'notepad', noteId: String(noteId), version: '1', title: '<b>标题</b>', content: `<p><strong>留下</strong></p>${HOSTILE.join('')}`, format: 'html' },
      headers: me.client.sameOrigin,
    })
    expect(saved.status).toBe(302)
    const stored = (await ok(get(me.client, '/api/notepad/detail', { noteId }))).content as string
    expectInert(stored)
    expect(stored).toContain('<strong>留下</strong>')
    const html = await (await me.client.request(page)).text()
    expect(html).toContain('&lt;p&gt;&lt;strong&gt;留下&lt;/strong&gt;&lt;/p&gt;')
    // Its tags (the page also holds titles such as `<img onerror…>` of other tests, as escaped text).
    expect((html.match(/<[^>]*>/g) ?? []).join('')).not.toMatch(/onerror|javascript:alert|evil\.example|<svg/i)
    // The title is text: shown escaped, never as markup.
    expect(html).toContain('value="&lt;b&gt;标题&lt;/b&gt;"')
  })
})

test('a post’s page and its form wear their homepage’s theme: night for its owner and for a guest', async () => {
  await ok(post(me.client, '/api/homepage/set-open-status', { homepageId: me.homepageId }))
  await ok(post(me.client, '/api/skin/save-skin-params', { homepageId: me.homepageId, theme: 1 }))
  const tree = await ok(get(me.client, '/api/bag/get-create', { homepageId: me.homepageId }))
  const bid = String(tree[0].children[0].value)
  const saved = await me.client.request('/blog/write', { method: 'POST', form: { bid, title: '夜里写的', content: '正文', format: 'text' }, headers: me.client.sameOrigin })
  const page = saved.headers.get('location')!
  const themeOf = async (client: Client, path: string) => /<html lang="zh-CN" data-theme="(\w+)"/.exec(await (await client.request(path)).text())?.[1]
  expect(await themeOf(me.client, page)).toBe('dark')
  expect(await themeOf(createClient(baseUrl), page)).toBe('dark')
  expect(await themeOf(me.client, `/blog/write?bid=${bid}`)).toBe('dark')
  await ok(post(me.client, '/api/skin/save-skin-params', { homepageId: me.homepageId, theme: 0 }))
  expect(await themeOf(me.client, page)).toBe('light')
  await ok(post(me.client, '/api/homepage/set-open-status', { homepageId: me.homepageId }))
})
