import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')

const HOSTILE = `</A><script>alert("x")</script> & 'q'`

/** A new account with, before the starter module: 工作 › 开发 (› 前端) with links, a bookmark folder, a note and a hostile name. */
async function ownerWithBookmarks(nickname: string) {
  const owner = await signUp(baseUrl, nickname)
  const work = await ok(post(owner.client, '/api/module/add', { homepageId: owner.homepageId, name: '工作', icon: 'tabler:briefcase', moduleType: 0 }))
  const [first] = await ok(get(owner.client, '/api/module/get-list', { homepageId: owner.homepageId }))
  await ok(post(owner.client, '/api/module/sort', { moduleIds: [work.moduleId, first.moduleId] }))
  const dev = await ok(post(owner.client, '/api/bag/add', { moduleId: work.moduleId, name: '开发', icon: 'tabler:code' }))
  const front = await ok(post(owner.client, '/api/bag/add', { moduleId: work.moduleId, parentId: dev.bid, name: '前端', icon: 'tabler:code' }))
  await ok(post(owner.client, '/api/source/add', { bid: front.bid, sour_name: 'MDN', sour_url: 'https://developer.mozilla.org/' }))
  await ok(post(owner.client, '/api/source/add', { bid: dev.bid, sour_name: 'GitHub', sour_url: 'https://github.com/', note: '代码托管' }))
  await ok(post(owner.client, '/api/source/add', { bid: dev.bid, sour_name: HOSTILE, sour_url: 'https://evil.example/?a=1&b=2' }))
  const folder = await ok(post(owner.client, '/api/bookmark/add-folder', { bid: dev.bid, name: '工具箱', summary: '常用工具' }))
  await ok(post(owner.client, '/api/source/add', { bid: dev.bid, parentLinkId: folder.id, sour_name: 'Regex101', sour_url: 'https://regex101.com/' }))
  await ok(post(owner.client, '/api/bookmark/create-base', { cid: dev.bid, remark: '只是一条便签', type: 'note' }))
  return owner
}

/** The folder and link names of a bookmark file in document order, folders in brackets, indented by depth. */
function outline(html: string) {
  return [...html.matchAll(/^( *)<DT><(?:H3[^>]*>(.*)<\/H3>|A [^>]*>(.*)<\/A>)$/gm)].map(
    (m) => `${' '.repeat(m[1]!.length / 2 - 2)}${m[2] !== undefined ? `[${m[2]}]` : m[3]}`,
  )
}

const today = /\d{4}-\d\d-\d\d/.source

async function download(client: Client, path: string) {
  const response = await client.request(path)
  return { response, status: response.status, headers: response.headers, text: await response.text() }
}

test('guests are sent to sign in, and back to the export page (with the form they sent) afterwards', async () => {
  const guest = createClient(baseUrl)
  for (const [path, back] of [
    ['/user/export', '/user/export'],
    ['/user/export?format=html', '/user/export?format=html'],
    ['/user/export/bookmarks.html?homepage=all', '/user/export'],
    ['/user/export/data.json', '/user/export'],
  ]) {
    const response = await guest.request(path!)
    expect(response.status, path).toBe(302)
    expect(response.headers.get('Location'), path).toBe(`/login?redirectTo=${encodeURIComponent(back!)}`)
  }
})

test('the export page: a GET form (no JavaScript needed) that leads to the file of the chosen homepage and format', async () => {
  const owner = await ownerWithBookmarks('导出页')
  const page = await download(owner.client, '/user/export')
  expect(page.status).toBe(200)
  expect(page.text).toContain('<title>导出书签 - 起页</title>')
  const form = page.text.match(/<form class="export-form"([^>]*)>([\s\S]*?)<\/form>/)
  expect(form?.[1]).toMatch(/ action="\/user\/export" method="get"$/)
  expect(form?.[2]).toContain(`<select id="export-homepage" name="homepage"><option value="all" selected="">全部主页</option><option value="${owner.homepageId}">导出页的主页</option></select>`)
  const radios = [...form![2]!.matchAll(/<input type="radio"([^>]*)\/>/g)].map((m) => m[1])
  expect(radios).toEqual([expect.stringMatching(/name="format" checked="" value="html"/), expect.stringMatching(/name="format" value="json"/)])
  expect(form?.[2]).toContain('<button type="submit" class="button button-primary">导出</button>')

  const html = await owner.client.request(`/user/export?homepage=${owner.homepageId}&format=html`)
  expect(html.status).toBe(302)
  expect(html.headers.get('Location')).toBe(`/user/export/bookmarks.html?homepage=${owner.homepageId}`)
  const json = await owner.client.request('/user/export?homepage=all&format=json')
  expect(json.headers.get('Location')).toBe('/user/export/data.json?homepage=all')
  // An unknown format is no choice yet: the page again.
  expect((await owner.client.request('/user/export?format=exe')).status).toBe(200)
})

test('the browser bookmark file: an attachment with the user’s modules, categories and links in order, hostile names escaped', async () => {
  const owner = await ownerWithBookmarks('书签文件')
  const { status, headers, text } = await download(owner.client, `/user/export/bookmarks.html?homepage=${owner.homepageId}`)
  expect(status).toBe(200)
  expect(headers.get('Content-Type')).toBe('text/html; charset=utf-8')
  expect(headers.get('Cache-Control')).toBe('no-store')
  // Once: helmet sends it with every answer (a second copy reads 'nosniff, nosniff').
  expect(headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(headers.get('Content-Disposition')).toMatch(
    new RegExp(
      `^attachment; filename="qiye-bookmarks-${owner.homepageId}-${today}\\.html"; filename\\*=UTF-8''${encodeURIComponent('起页书签-书签文件的主页-')}${today}\\.html$`,
    ),
  )
  expect(text.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n')).toBe(true)
  expect(text).toContain('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">')
  expect(outline(text)).toEqual([
    '[工作]',
    '  [开发]',
    '    [前端]',
    '      MDN',
    '    GitHub',
    `    &lt;/A&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;`,
    '    [工具箱]',
    '      Regex101',
    '[常用]',
    '  [常用网站]',
  ])
  expect(text).not.toContain('<script>')
  expect(text).toContain('HREF="https://evil.example/?a=1&amp;b=2"')
  expect(text).toMatch(/>GitHub<\/A>\n {12}<DD>代码托管\n/)
  expect(text).not.toContain('只是一条便签')

  // All homepages: one more folder level, the homepage's.
  const all = await download(owner.client, '/user/export/bookmarks.html?homepage=all')
  expect(all.headers.get('Content-Disposition')).toMatch(new RegExp(`^attachment; filename="qiye-bookmarks-${today}\\.html"; `))
  expect(outline(all.text).slice(0, 3)).toEqual(['[书签文件的主页]', '  [工作]', '    [开发]'])
  // No homepage given is all of them.
  expect(outline((await download(owner.client, '/user/export/bookmarks.html')).text)).toEqual(outline(all.text))
})

test('another user’s homepage, or no homepage at all, is refused with the not-found message and no file', async () => {
  const owner = await ownerWithBookmarks('被导出者')
  const stranger = await signUp(baseUrl, '别人')
  for (const path of [
    `/user/export/bookmarks.html?homepage=${owner.homepageId}`,
    `/user/export/data.json?homepage=${owner.homepageId}`,
    '/user/export/bookmarks.html?homepage=abc',
    '/user/export/data.json?homepage=99999999',
  ]) {
    const refused = await stranger.client.request(path)
    expect(refused.status, path).toBe(302)
    expect(refused.headers.get('Location'), path).toBe('/user/export')
    expect(refused.headers.get('Content-Disposition'), path).toBeNull()
    const page = await stranger.client.request('/user/export')
    expect(await page.text(), path).toContain('<p class="toast toast-error">内容不存在或已被删除</p>')
  }
  // And the stranger's own export holds nothing of the owner's.
  const mine = await download(stranger.client, '/user/export/bookmarks.html?homepage=all')
  expect(mine.text).not.toContain('GitHub')
  expect(mine.text).toContain('别人的主页')
})

test('the JSON file: everything the user owns as a tree, every bookmark type', async () => {
  const owner = await ownerWithBookmarks('完整数据')
  const { status, headers, text } = await download(owner.client, '/user/export/data.json')
  expect(status).toBe(200)
  expect(headers.get('Content-Type')).toBe('application/json; charset=utf-8')
  expect(headers.get('Cache-Control')).toBe('no-store')
  expect(headers.get('Content-Disposition')).toMatch(new RegExp(`^attachment; filename="qiye-data-${today}\\.json"; filename\\*=UTF-8''`))
  const data = JSON.parse(text)
  expect(data).toMatchObject({ version: 1, exportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
  expect(data.homepages).toHaveLength(1)
  // No groups yet: both lists are there, empty (app/services/export.server.test.ts fills them).
  expect(data.groups).toEqual({ owned: [], joined: [] })
  const [homepage] = data.homepages
  expect(homepage).toMatchObject({ name: '完整数据的主页', isDefault: true, settings: {}, layout: {}, skin: {} })
  expect(homepage.modules.map((m: { name: string }) => m.name)).toEqual(['工作', '常用'])
  const dev = homepage.modules[0].categories[0]
  expect(dev.name).toBe('开发')
  expect(dev.categories).toEqual([expect.objectContaining({ name: '前端', sources: [expect.objectContaining({ name: 'MDN', type: 'link', url: 'https://developer.mozilla.org/' })] })])
  expect(dev.sources.map((s: { type: string; name: string }) => [s.type, s.name])).toEqual([
    ['link', 'GitHub'],
    ['link', HOSTILE],
    ['folder', '工具箱'],
    ['note', '只是一条便签'],
  ])
  expect(dev.sources[0]).toMatchObject({ note: '代码托管', isPrivate: false, liked: false, clickAmount: 0 })
  expect(dev.sources[2]).toMatchObject({ note: '常用工具', children: [expect.objectContaining({ name: 'Regex101', url: 'https://regex101.com/' })] })
})

test('the user centre: one navigation on each of its pages, the current one marked', async () => {
  const owner = await signUp(baseUrl, '导航')
  const pages = {
    '/user/account': '账号设置',
    '/user/bag-share': '我的分享',
    '/user/bag-follow': '我的关注',
    '/user/trash': '回收站',
    '/user/notice': '消息通知',
    '/user/export': '导出书签',
    '/user/online': '在线设备',
    '/user/bookmark-log': '书签日志',
    '/user/browser-history': '浏览记录',
    '/user/logoff': '注销账号',
  }
  // 我的上传 (/upload) is linked from the navigation but is a page of its own, outside the centre.
  const linked = Object.entries(pages).flatMap((entry) => (entry[0] === '/user/logoff' ? [['/upload', '我的上传'], entry] : [entry]))
  for (const [path, label] of Object.entries(pages)) {
    const text = await (await owner.client.request(path)).text()
    const nav = text.match(/<nav class="user-nav" aria-label="个人中心">([\s\S]*?)<\/nav>/)?.[1] ?? ''
    expect([...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]), path).toEqual([
      ['/', '返回首页'],
      ...linked,
    ])
    expect([...nav.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]), path).toEqual([label])
    // Once per page: the layout draws it, the pages do not.
    expect(text.split('class="user-nav"').length - 1, path).toBe(1)
    expect(text, path).toMatch(/<main id="main" class="page user-centre"><nav class="user-nav"/)
  }
})
