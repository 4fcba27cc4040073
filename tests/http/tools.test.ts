import { readFileSync } from 'node:fs'
import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'

/**
 * The tool box over HTTP (issue 13 item 4): GET /api/site/tool-list and nav-bar (spec §7), the
 * /tool pages, and each tool's form as a browser without JavaScript sends it.
 */

const baseUrl = inject('baseUrl')
const golden = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/api/${name}.json`, import.meta.url), 'utf8'))
const ALIASES = ['json', 'timestamp', 'base64', 'url', 'pinyin', 'word-count', 'color', 'qrcode']

/** The text of HTML as React escapes it (attribute values and text). */
const unescape = (html: string) =>
  html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** The text of the read-only result field labelled `label` (a textarea or an input). */
function resultField(html: string, label: string) {
  const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1]
  if (!id) return null
  const area = new RegExp(`<textarea id="${id}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)
  if (area) return unescape(area[1]!)
  const input = tag(html, 'input', { id })
  return input ? unescape(/ value="([^"]*)"/.exec(input)?.[1] ?? '') : null
}

/** The first `<name …>` tag carrying every one of `attributes` (in any order), or null. */
function tag(html: string, name: string, attributes: Record<string, string>) {
  for (const [found] of html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))) {
    if (Object.entries(attributes).every(([key, value]) => found.includes(` ${key}="${value}"`))) return found
  }
  return null
}

async function postTool(alias: string, form: Record<string, string>) {
  const client = createClient(baseUrl)
  const response = await client.request(`/tool/${alias}`, { method: 'POST', headers: client.sameOrigin, form })
  return { status: response.status, html: await response.text() }
}

test('GET /api/site/tool-list: the categories with their widths and tools (spec §3 Tool), for everyone', async () => {
  const { status, headers, body } = await createClient(baseUrl).api('/api/site/tool-list')
  expect(status).toBe(200)
  expect(headers.get('Cache-Control')).toBe('no-store')
  expect(body).toEqual(golden('site.tool-list'))
  // Spec §3: categories with name, items, width; a tool with id, alias, title.
  for (const category of body.data) {
    expect(category).toMatchObject({ name: expect.any(String), width: expect.any(Number), items: expect.any(Array) })
    for (const item of category.items) expect(item).toMatchObject({ id: expect.any(Number), alias: expect.any(String), title: expect.any(String) })
  }
  expect(body.data.flatMap((c: { items: Array<{ alias: string }> }) => c.items.map((i) => i.alias)).sort()).toEqual([...ALIASES].sort())
  const post = await createClient(baseUrl).api('/api/site/tool-list', { method: 'POST', headers: createClient(baseUrl).sameOrigin })
  expect(post).toMatchObject({ status: 405, body: { code: 0, msg: '请求方法不允许' } })
})

test('GET /api/site/nav-bar: the header menu, only entries whose pages exist', async () => {
  const { status, body } = await createClient(baseUrl).api('/api/site/nav-bar?gb-hid=1')
  expect(status).toBe(200)
  expect(body).toEqual(golden('site.nav-bar'))
  for (const item of body.data) expect((await createClient(baseUrl).request(item.url)).status).toBe(200)
})

test('/tool lists every tool by category, each page answers, /tool/{alias} links back to /tool', async () => {
  const response = await createClient(baseUrl).request('/tool')
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toContain('<title>工具箱 - 起页</title>')
  expect(html).toMatch(/<h1>工具箱<\/h1>/)
  for (const name of ['开发调试', '编码转换', '文本处理', '图片与颜色']) expect(html).toContain(`>${name}</h2>`)
  for (const alias of ALIASES) {
    expect(html).toContain(`href="/tool/${alias}"`)
    const page = await createClient(baseUrl).request(`/tool/${alias}`)
    expect(page.status, alias).toBe(200)
    const body = await page.text()
    expect(tag(body, 'form', { class: 'toolbox-form', method: 'post' })).not.toBeNull()
    expect(body).toContain('<a href="/tool" data-discover="true">工具箱</a>')
  }
})

test('no JavaScript: POST /tool/json formats on the server and shows the result in the page', async () => {
  const { status, html } = await postTool('json', { input: '{"name":"起页","ids":[12345678901234567890]}', mode: 'format', indent: '2', intent: '' })
  expect(status).toBe(200)
  expect(resultField(html, '格式化结果')).toBe('{\n  "name": "起页",\n  "ids": [\n    12345678901234567890\n  ]\n}')
  expect(html).toContain('已格式化，共 6 行')
  // The typed input and choices are kept in the form.
  expect(unescape(html)).toContain('>{"name":"起页","ids":[12345678901234567890]}</textarea>')
  expect(tag(html, 'input', { type: 'radio', name: 'mode', value: 'format', checked: '' })).not.toBeNull()

  const minified = await postTool('json', { input: '[ 1, 2 ]', mode: 'minify' })
  expect(minified.status).toBe(200)
  expect(resultField(minified.html, '压缩结果')).toBe('[1,2]')
})

test('no JavaScript: invalid JSON is a 400 with the Chinese message and position beside the field', async () => {
  const { status, html } = await postTool('json', { input: '{"a": 1,}', mode: 'format', indent: '2' })
  expect(status).toBe(400)
  const message = 'JSON 格式错误：第 1 行第 9 列，对象最后一项后面不能有逗号'
  const error = /<p id="([^"]+)" class="field-error">([^<]*)<\/p>/.exec(html)
  expect(error?.[2]).toBe(message)
  // The field points at its message.
  expect(tag(html, 'textarea', { name: 'input', 'aria-invalid': 'true', 'aria-describedby': error![1]! })).not.toBeNull()
  expect(resultField(html, '格式化结果')).toBeNull()
})

test('no JavaScript: POST /tool/qrcode draws the QR code as inline SVG, with a download', async () => {
  const { status, html } = await postTool('qrcode', { input: 'https://example.com', level: 'M' })
  expect(status).toBe(200)
  const figure = /<div role="img" aria-label="生成的二维码"><svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 29 29"[\s\S]*?<\/svg>/.exec(html)
  expect(figure).not.toBeNull()
  expect(html).toContain('download="qrcode.svg"')
  expect(html).toContain('已生成二维码（19 字节，纠错级别 M）')
})

test('no JavaScript: bad input to any tool is a 400 with a Chinese message, never a 500', async () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['qrcode', { input: '', level: 'M' }, '请输入要生成二维码的内容'],
    ['qrcode', { input: '汉'.repeat(1000), level: 'L' }, '内容太长，无法生成二维码：请缩短内容，或选择较低的纠错级别'],
    ['qrcode', { input: 'x', level: 'Z' }, '请选择纠错级别'],
    ['base64', { input: '%%%', mode: 'decode', variant: 'standard' }, '不是有效的 Base64：第 1 个字符 “%” 不属于 Base64 字符'],
    ['url', { input: '%E4%B8', mode: 'decode', scope: 'component' }, '不是有效的 URL 编码：第 1 个字符起的 “%E4%B8” 不是完整的 UTF-8 编码'],
    ['timestamp', { input: '2023-02-29', unit: 'auto', zone: 'Asia/Shanghai' }, '日期不存在：2023-02-29'],
    ['timestamp', { input: '1', zone: 'Mars/Base' }, '请选择时区'],
    ['color', { input: 'rgb(300, 0, 0)' }, '红色（R）应在 0 到 255 之间（或 0% 到 100%）'],
    ['color', { input: 'x'.repeat(101) }, '颜色不能超过 100 个字符'],
    ['pinyin', { input: '' }, '请输入要转换的汉字'],
  ]
  for (const [alias, form, message] of cases) {
    const { status, html } = await postTool(alias, form)
    expect(status, `${alias} ${JSON.stringify(form).slice(0, 60)}`).toBe(400)
    expect(unescape(html)).toContain(`class="field-error">${message}</p>`)
  }
  // Not a form at all.
  const client = createClient(baseUrl)
  const json = await client.request('/tool/json', { method: 'POST', headers: { ...client.sameOrigin, 'Content-Type': 'application/json' }, body: '{"input":"[]"}' })
  expect(json.status).toBe(400)
  expect(await json.text()).toContain('请求格式不正确')
})

test('no JavaScript: the other tools answer on the server too', async () => {
  const b64 = await postTool('base64', { input: '中文', mode: 'encode', variant: 'standard' })
  expect(resultField(b64.html, '编码结果')).toBe('5Lit5paH')
  const url = await postTool('url', { input: 'a b&c', mode: 'encode', scope: 'component' })
  expect(resultField(url.html, '编码结果')).toBe('a%20b%26c')
  const time = await postTool('timestamp', { input: '1700000000', unit: 'auto', zone: 'Asia/Shanghai' })
  expect(resultField(time.html, '日期时间（Asia/Shanghai）')).toBe('2023-11-15 06:13:20')
  const color = await postTool('color', { input: '#1e90ff' })
  expect(resultField(color.html, 'RGB')).toBe('rgb(30, 144, 255)')
  expect(color.html).toContain('style="background:#1e90ff"')
  const pinyin = await postTool('pinyin', { input: '百度' })
  expect(resultField(pinyin.html, '首字母')).toBe('bd')
  const count = await postTool('word-count', { input: '你好 world' })
  expect(count.html).toMatch(/<dt>汉字<\/dt><dd>2<\/dd>/)
  // 当前时间 fills the input with the current timestamp.
  const now = await postTool('timestamp', { input: '', unit: 'auto', zone: 'UTC', intent: 'now' })
  expect(now.status).toBe(200)
  const filled = / value="(\d+)"/.exec(tag(now.html, 'input', { name: 'input' }) ?? '')?.[1]
  expect(Math.abs(Number(filled) - Date.now() / 1000)).toBeLessThan(60)
})

test('an unknown tool is our 404 page, for GET and POST', async () => {
  const get = await createClient(baseUrl).request('/tool/no-such-tool')
  expect(get.status).toBe(404)
  expect(await get.text()).toContain('当前页面不存在或已被删除')
  const post = await postTool('no-such-tool', { input: 'x' })
  expect(post.status).toBe(404)
  expect(post.html).toContain('当前页面不存在或已被删除')
  expect((await createClient(baseUrl).request('/tool/json/extra')).status).toBe(404)
})
