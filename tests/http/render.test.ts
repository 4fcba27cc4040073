import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, signInDemo, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')

async function html(client: Client, path: string) {
  const response = await client.request(path)
  return { status: response.status, text: await response.text(), response }
}

/** The server-rendered page without its scripts (the hydration data lives in scripts). */
const markup = (page: string) => page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
const scripts = (page: string) => [...page.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
const count = (text: string, part: string) => text.split(part).length - 1

const decode = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')

/** The attributes of a tag's source, whatever their order (React 19 moves some of them). */
function attributes(source: string) {
  const out: Record<string, string> = {}
  for (const m of source.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) out[m[1]!] = decode(m[2] ?? '')
  return out
}

/** Every `<name …>` of the page with its attributes. */
function tags(page: string, name: string) {
  return [...page.matchAll(new RegExp(`<${name}\\b([^>]*?)/?>`, 'g'))].map((m) => attributes(m[1]!))
}

/** Every form of the page: its attributes, its hidden fields and its buttons. */
function forms(page: string) {
  return [...page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => ({
    ...attributes(m[1]!),
    class: attributes(m[1]!).class ?? '',
    fields: Object.fromEntries(tags(m[2]!, 'input').map((input) => [input.name, input.value])),
    buttons: tags(m[2]!, 'button'),
  }))
}

/** The management link with this accessible name. */
const toolLink = (page: string, label: string) => tags(page, 'a').find((a) => a['aria-label'] === label)

/**
 * A category's menu (category-menu.tsx): its summary (name and text), its links by their text and
 * its forms.
 */
function categoryMenu(page: string, bid: string | number) {
  const menu = new RegExp(
    `<section id="bag-${bid}"[^>]*><div class="category-head">(?:(?!</section>).)*?<div class="category-tools"><details class="category-menu"><summary ([^>]*)>([^<]*)</summary><div class="menu">(.*?)</div></details>`,
  ).exec(page)
  if (!menu) return null
  return {
    name: attributes(menu[1]!)['aria-label'],
    text: menu[2],
    links: Object.fromEntries([...menu[3]!.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((m) => [m[2], attributes(m[1]!).href])),
    forms: forms(menu[3]!),
  }
}

/** Module ids of the demo, from the page's "单独打开" links. */
function moduleIds(page: string) {
  return [...page.matchAll(/<a href="\/demo\/(\d+)" class="module-open"/g)].map((m) => Number(m[1]))
}

/** A page action's form post (the forms of the start page and of /user/trash). */
function postPage(client: Client, path: string, form: Record<string, string>) {
  return client.request(path, { method: 'POST', headers: client.sameOrigin, form })
}

test('the demo homepage: modules, categories with an anchor list, and links that go straight to the site', async () => {
  const { status, text } = await html(createClient(baseUrl), '/demo')
  expect(status).toBe(200)
  const body = markup(text)
  // Modules as sections, with tabs to them.
  expect(body).toMatch(
    /<nav class="module-tabs" aria-label="模块"><span class="module-tab"><a href="#module-\d+">常用<\/a><\/span><span class="module-tab"><a href="#module-\d+">导航<\/a><\/span><\/nav>/,
  )
  expect(body).toMatch(/<section id="module-\d+" class="module module-common" aria-labelledby="module-title-\d+">/)
  expect(body).toMatch(/<section id="module-\d+" class="module module-nav"/)
  // The anchor list (layout default: left) links every category to its section.
  const nav = /<nav class="anchor-nav" aria-label="分类导航">([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? ''
  const anchors = [...nav.matchAll(/<a href="#bag-(\d+)">([^<]+)<\/a>/g)].map((m) => ({ bid: m[1], name: m[2] }))
  expect(anchors.map((a) => a.name)).toEqual(['常用', '新闻', '开发', '设计', '工具', '学习'])
  for (const { bid, name } of anchors) {
    // `--n`: how many bookmarks the category holds, which sizes its share of the row (ADR 028).
    expect(body).toMatch(new RegExp(`<section id="bag-${bid}" class="category" aria-labelledby="bag-title-${bid}" style="--n:\\d+">`))
    expect(body).toMatch(new RegExp(`<h3 id="bag-title-${bid}" class="category-name">.*?${name}</h3>`))
  }
  expect(body).toContain('class="homepage homepage-anchor-left"')
  // Links: direct address, a new tab, the click counted by the ping attribute; the page's
  // Referrer-Policy keeps the referrer (pages.test.ts). Short: badge and count are drawn by CSS.
  const links = (body.match(/<li><a href="https?:[^>]*>/g) ?? []).map((tag) => attributes(tag.slice('<li><a '.length, -1)))
  expect(links.length).toBeGreaterThanOrEqual(30)
  for (const link of links) expect(link).toMatchObject({ target: '_blank', ping: expect.stringMatching(/^\/c\/\d+$/) })
  expect(links.filter((link) => link.rel !== undefined || link.style !== undefined)).toEqual([])
  expect(links.find((link) => link.href === 'https://github.com/')).toMatchObject({ title: '代码托管', class: expect.stringMatching(/^h\d+$/), 'data-l': 'G' })
  expect(body).toMatch(/ data-c="\d+(\.\d)?[kw]"/)
})

test('a guest sees no management links or toggles', async () => {
  const body = markup((await html(createClient(baseUrl), '/demo')).text)
  for (const text of ['aria-label="编辑 ', '删除分类', '添加模块', '管理模块', '批量管理', 'toggle-star', 'toggle-private']) {
    expect(body).not.toContain(text)
  }
  // The only forms that post are the search-engine box's own (the guest's engine choice).
  expect(tags(body, 'form').filter((form) => form.method === 'post').map((form) => form.action)).toEqual(['/resources/engine'])
  // A guest's category menus (更多): batch open, which only lists a category's links, and 举报 (its dialog sends guests to sign in first).
  const menus = [...body.matchAll(/<section id="bag-(\d+)"/g)].map((m) => categoryMenu(body, m[1]!)).filter((menu) => menu !== null)
  expect(menus.length).toBeGreaterThan(3)
  for (const menu of menus) {
    expect(menu.text).toBe('更多')
    expect(menu.name).toMatch(/^更多 \S/)
    expect(menu.links).toEqual({ 批量打开: expect.stringMatching(/^\/demo\?dialog=batch-open&bid=\d+$/), 举报: expect.stringMatching(/^\/demo\?dialog=report-link&bid=\d+$/) })
    expect(menu.forms).toEqual([])
  }
  expect(tags(body, 'a').filter((a) => 'data-dialog' in a)).toEqual([])
  expect(body).not.toContain('href="?i=')
})

/** The open dialog's section of a page (without JavaScript a dialog is part of the page). */
const section = (page: string, pattern: RegExp) => pattern.exec(page)?.[1] ?? ''
/** A part's links by their text. */
const linksByText = (part: string) => Object.fromEntries([...part.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((m) => [m[2], attributes(m[1]!).href]))

test("the owner manages through one menu link per bookmark and one 管理 link per category, each opening a dialog", async () => {
  const { client } = await signInDemo(baseUrl)
  const body = markup((await html(client, '/demo')).text)
  // A bookmark: its link, then its menu link `?i=<id>` (its name: 管理, read beside the bookmark's), nothing more.
  const item = /<li><a href="https:\/\/www\.baidu\.com\/"[^>]*>[^<]*<\/a><a href="\?i=(\d+)">管理<\/a><\/li>/.exec(body)
  expect(item, 'the baidu list item').toBeTruthy()
  const id = item![1]!
  // Its clicks are counted by the page's script from that id (no second copy in a ping).
  expect(item![0]).not.toContain('ping=')
  expect(forms(body).filter((f) => f.fields.id)).toEqual([])
  // Without JavaScript the short link is the dialog's address.
  const short = await client.request(`/demo?i=${id}`)
  expect(short.status).toBe(302)
  expect(short.headers.get('location')).toBe(`/demo?dialog=item&id=${id}`)
  const itemMenu = section(markup((await html(client, `/demo?dialog=item&id=${id}`)).text), /<div class="item-menu">([\s\S]*?)<\/div>/)
  expect(forms(itemMenu)).toEqual([
    expect.objectContaining({
      method: 'post',
      action: `/demo?dialog=item&id=${id}`,
      fields: { id },
      buttons: [
        expect.objectContaining({ type: 'submit', name: 'intent', value: 'toggle-star', 'aria-pressed': 'false' }),
        expect.objectContaining({ type: 'submit', name: 'intent', value: 'toggle-private', 'aria-pressed': 'false' }),
      ],
    }),
  ])
  expect(itemMenu).toMatch(/>星标<\/button>.*>仅自己可见<\/button>/)
  expect(linksByText(itemMenu)).toEqual({ 编辑: `/demo?dialog=edit-link&id=${id}`, 删除: `/demo?dialog=delete-source&id=${id}` })

  // A category: one 管理 link to its menu dialog, whose entries are its dialogs and 上移 / 下移 posting to the page.
  const bid = /<section id="bag-(\d+)" class="category" aria-labelledby="bag-title-\d+" data-id="\1" style="--n:\d+"><div class="category-head"><h3 [^>]*>(?:(?!<\/h3>).)*常用<\/h3>/.exec(body)?.[1]
  expect(bid).toBeTruthy()
  expect(toolLink(body, '管理 常用')).toEqual({ href: `/demo?dialog=bag-menu&bid=${bid}`, class: 'tool', 'data-dialog': '', 'aria-label': '管理 常用' })
  expect(body).not.toContain('<details class="category-menu">')
  const bagMenu = section(markup((await html(client, `/demo?dialog=bag-menu&bid=${bid}`)).text), /<nav class="menu bag-menu" aria-label="管理 常用">([\s\S]*?)<\/nav>/)
  const dialogs = { 添加链接: 'add-link', 添加文件夹: 'add-folder', 添加分割线: 'add-divider', 批量打开: 'batch-open', 批量管理: 'batch', 批量格式: 'bag-format', 卡片设置: 'card-config', 分享分类: 'share-bag', 编辑分类: 'edit-bag', 删除分类: 'delete-bag' }
  expect(linksByText(bagMenu)).toEqual({
    ...Object.fromEntries(Object.entries(dialogs).map(([text, dialog]) => [text, `/demo?dialog=${dialog}&bid=${bid}`])),
    // A post and a code snippet have pages of their own; a new notepad is a dialog in the category.
    写文章: `/blog/write?bid=${bid}`,
    代码片段: `/editor/code?cid=${bid}`,
    添加便签: `/demo?dialog=notepad&bid=${bid}`,
  })
  expect(forms(bagMenu)).toEqual([
    expect.objectContaining({
      method: 'post',
      action: `/demo?dialog=bag-menu&bid=${bid}`,
      class: 'tool-form',
      fields: { bid },
      buttons: [expect.objectContaining({ type: 'submit', name: 'intent', value: 'move-bag-up' }), expect.objectContaining({ type: 'submit', name: 'intent', value: 'move-bag-down' })],
    }),
  ])
  const [firstModule] = moduleIds(body)
  expect(toolLink(body, '添加分类：常用')?.href).toBe(`/demo?dialog=add-bag&moduleId=${firstModule}`)
  expect(toolLink(body, '编辑模块 常用')?.href).toBe(`/demo?dialog=edit-module&moduleId=${firstModule}`)
  expect(toolLink(body, '添加模块')?.href).toBe('/demo?dialog=add-module')
  expect(toolLink(body, '管理模块')?.href).toBe('/demo?dialog=manage-modules')
  // A dialog link keeps the rest of the page's query.
  expect(toolLink(markup((await html(client, '/demo?foo=1')).text), '管理 常用')?.href).toBe(`/demo?foo=1&dialog=bag-menu&bid=${bid}`)
})

/** The ids of a page's bookmarks, from their menu links. */
const itemIds = (page: string) => [...page.matchAll(/<a href="\?i=(\d+)">/g)].map((m) => m[1]!)
const bagOf = (page: string) => /dialog=bag-menu&amp;bid=(\d+)"/.exec(page)?.[1]

test('star and privacy toggles post from the bookmark menu, which stays open; the star module lists starred bookmarks for the owner only', async () => {
  const { client } = await signUp(baseUrl, '星标用户')
  const bid = bagOf(markup((await html(client, '/')).text))
  expect(bid).toBeTruthy()
  const saved = await postPage(client, '/?index', { intent: 'save-link', bid: bid!, name: '星标网站', url: 'https://star.example.com/' })
  expect(saved.status).toBe(302)
  const page = markup((await html(client, '/')).text)
  const id = /<li><a href="https:\/\/star\.example\.com\/"[^>]*>星标网站<\/a><a href="\?i=(\d+)">/.exec(page)?.[1]
  expect(id).toBeTruthy()
  expect(page).not.toContain('class="module module-star"')
  const toggles = async () => tags(section(markup((await html(client, `/?dialog=item&id=${id}`)).text), /<div class="item-menu">([\s\S]*?)<\/div>/), 'button')

  const star = await postPage(client, `/?index&dialog=item&id=${id}`, { intent: 'toggle-star', id: id! })
  expect(star.status).toBe(302)
  expect(star.headers.get('location')).toBe(`/?dialog=item&id=${id}`)
  const starred = markup((await html(client, '/')).text)
  expect(starred).toMatch(/<section id="module--1" class="module module-star" aria-labelledby="module-title--1">[\s\S]*星标网站/)
  expect(starred).toMatch(/<a href="#module--1" class="anchor-module">星标<\/a>/)
  expect((await toggles()).map((b) => [b.value, b['aria-pressed']])).toEqual([
    ['toggle-star', 'true'],
    ['toggle-private', 'false'],
  ])

  await postPage(client, `/?index&dialog=item&id=${id}`, { intent: 'toggle-private', id: id! })
  expect((await toggles()).map((b) => b['aria-pressed'])).toEqual(['true', 'true'])
})

test('a module page shows that one module; unknown, foreign or malformed ones are a 404', async () => {
  const client = createClient(baseUrl)
  const [common, nav] = moduleIds(markup((await html(client, '/demo')).text))
  const { status, text } = await html(client, `/demo/${nav}`)
  expect(status).toBe(200)
  const body = markup(text)
  expect(text).toContain('<title>导航 - 起页示例主页 - 起页</title>')
  expect(body).toMatch(new RegExp(`<h1 id="module-title-${nav}">导航</h1>`))
  expect(body).toContain('<a href="/demo">起页示例主页</a>')
  expect(body).toMatch(/<h2 id="bag-title-\d+" class="category-name">.*?工具<\/h2>/)
  expect(body).toContain('https://fanyi.baidu.com/')
  // The other module's bookmark is not there (the header's engine box searches at www.baidu.com/s).
  expect(body).not.toContain('href="https://www.baidu.com/"')
  expect(body).not.toContain('module-tabs')
  expect((await html(client, `/DEMO/${common}`)).status).toBe(200)
  for (const path of ['/demo/999999', '/demo/abc', '/demo/0', `/nobody-here/${common}`, '/demo/1.5']) {
    const missing = await html(client, path)
    expect(missing.status, path).toBe(404)
    expect(missing.text).toContain('当前页面不存在或已被删除')
  }
})

test('the list is sent once: a module page carries its bookmarks in the HTML, not again in the hydration data', async () => {
  const client = createClient(baseUrl)
  const [common] = moduleIds(markup((await html(client, '/demo')).text))
  const { text } = await html(client, `/demo/${common}`)
  expect(count(markup(text), 'https://github.com/')).toBe(1)
  const data = scripts(text)
  expect(data).not.toContain('github.com')
  expect(data).not.toContain('代码托管')
  // The browser's own navigations (.data) get the list, since nothing else has it then.
  const navigation = await (await client.request(`/demo/${common}.data`)).text()
  expect(navigation).toContain('https://github.com/')
  // And what the data holds is lean: no row fields anywhere.
  for (const field of ['clickTime', 'createTime', 'sortKey', 'deletedAt', 'privateRemark', 'bagId', 'blacklist', '"host"']) {
    expect(navigation).not.toContain(field)
    expect(scripts((await html(client, '/demo')).text)).not.toContain(field)
  }
})

test('the trash page: a guest posting to it is sent to sign in, coming back to the trash', async () => {
  const post = await createClient(baseUrl).request('/user/trash', { method: 'POST', headers: { Origin: baseUrl, 'Sec-Fetch-Site': 'same-origin' }, form: { intent: 'restore-source', id: '1' } })
  expect(post.status).toBe(302)
  expect(post.headers.get('Location')).toBe('/login?redirectTo=%2Fuser%2Ftrash')
})

test('the demo owner has a trash page in the user centre layout', async () => {
  const { client } = await signInDemo(baseUrl)
  const { status, text } = await html(client, '/user/trash')
  expect(status).toBe(200)
  expect(text).toContain('<title>回收站 - 起页</title>')
  expect(markup(text)).toMatch(/<main id="main" class="page user-centre">[\s\S]*<h1 id="trash-title">回收站<\/h1>/)
})

test('trash: restore and delete forever, with toasts, and pages of 20 with 上一页 / 下一页', async () => {
  const { client } = await signUp(baseUrl, '回收站用户')
  const empty = markup((await html(client, '/user/trash')).text)
  expect(empty).toContain('回收站是空的')
  const bid = bagOf(markup((await html(client, '/')).text))
  expect(bid).toBeTruthy()
  for (let i = 1; i <= 22; i++) {
    const saved = await postPage(client, '/?index', { intent: 'save-link', bid: bid!, name: `网站${i}`, url: `https://site${i}.example.com/` })
    expect(saved.status).toBe(302)
  }
  const home = markup((await html(client, '/')).text)
  const ids = itemIds(home)
  expect(ids).toHaveLength(22)
  for (const id of ids) expect((await postPage(client, '/?index', { intent: 'delete-source', id })).status).toBe(302)

  const first = markup((await html(client, '/user/trash')).text)
  expect(count(first, '<li class="trash-item">')).toBe(20)
  expect(first).toContain('共 22 项')
  expect(tags(first, 'a').find((a) => a.rel === 'next')?.href).toBe('/user/trash?page=2')
  expect(first).toMatch(/rel="next"[^>]*>下一页<\/a>/)
  expect(first).not.toContain('上一页')
  const second = markup((await html(client, '/user/trash?page=2')).text)
  expect(count(second, '<li class="trash-item">')).toBe(2)
  expect(tags(second, 'a').find((a) => a.rel === 'prev')?.href).toBe('/user/trash')
  expect(second).toMatch(/rel="prev"[^>]*>上一页<\/a>/)
  expect(second).not.toContain('下一页')
  // Newest first: the last deleted is on top of page 1.
  const names = [...first.matchAll(/<span class="trash-name">([^<]+)<\/span>/g)].map((m) => m[1])
  expect(names).toHaveLength(20)

  const target = forms(second).find((f) => f.class === 'trash-actions')!
  expect(target.buttons.map((b) => [b.name, b.value, b['aria-label']])).toEqual([
    ['intent', 'restore-source', expect.stringMatching(/^恢复 网站\d+$/)],
    ['intent', 'delete-source-forever', expect.stringMatching(/^彻底删除 网站\d+$/)],
  ])
  const id = target.fields.id!
  const name = target.buttons[0]!['aria-label']!.slice('恢复 '.length)
  const restored = await postPage(client, '/user/trash?page=2', { intent: 'restore-source', id: id! })
  expect(restored.status).toBe(302)
  expect(restored.headers.get('Location')).toBe('/user/trash?page=2')
  const after = await html(client, '/user/trash?page=2')
  expect(after.text).toContain('操作成功！')
  expect(markup(after.text)).not.toContain(`aria-label="恢复 ${name}"`)
  expect(markup((await html(client, '/')).text)).toContain(`>${name}</a><a href="?i=`)

  // The same again is a domain error, shown as an error toast.
  const again = await postPage(client, '/user/trash?page=2', { intent: 'restore-source', id: id! })
  expect(again.status).toBe(302)
  const errorPage = await html(client, '/user/trash?page=2')
  expect(errorPage.text).toMatch(/<p class="toast toast-error">内容不存在或已被删除<\/p>/)

  const other = forms(markup(errorPage.text)).find((f) => f.buttons[0]?.value === 'restore-source')?.fields.id
  expect((await postPage(client, '/user/trash?page=2', { intent: 'delete-source-forever', id: other! })).status).toBe(302)
  const gone = await html(client, '/user/trash?page=2')
  expect(gone.text).toContain('<p class="toast toast-success">操作成功！</p>')
  expect(markup(gone.text)).toContain('这一页没有内容了')
  expect(markup((await html(client, '/user/trash')).text)).toContain('共 20 项')
  // Unknown intents and ids change nothing.
  const bad = await postPage(client, '/user/trash', { intent: 'drop-table', id: other! })
  expect(bad.headers.get('Location')).toBe('/user/trash')
})

test('a category in the trash is restored with its bookmarks, or deleted for good', async () => {
  const { client } = await signUp(baseUrl, '分类回收')
  const home = markup((await html(client, '/')).text)
  const bid = bagOf(home)
  await postPage(client, '/?index', { intent: 'save-link', bid: bid!, name: '分类里的', url: 'https://in-bag.example.com/' })
  expect((await postPage(client, '/?index', { intent: 'delete-bag', bid: bid! })).status).toBe(302)
  const trash = markup((await html(client, '/user/trash')).text)
  expect(forms(trash).filter((f) => f.class === 'trash-actions').map((f) => [f.fields.id, f.buttons.map((b) => b.value)])).toEqual([[bid, ['restore-bag', 'delete-bag-forever']]])
  expect(trash).not.toContain('分类里的')
  await postPage(client, '/user/trash', { intent: 'restore-bag', id: bid! })
  expect(markup((await html(client, '/')).text)).toContain('>分类里的</a><a href="?i=')
  await postPage(client, '/?index', { intent: 'delete-bag', bid: bid! })
  await postPage(client, '/user/trash', { intent: 'delete-bag-forever', id: bid! })
  expect(markup((await html(client, '/user/trash')).text)).toContain('回收站是空的')
  // Someone else's trash item: the same not-found answer.
  const { client: stranger } = await signUp(baseUrl, '别人')
  await postPage(stranger, '/user/trash', { intent: 'restore-bag', id: bid! })
  expect((await html(stranger, '/user/trash')).text).toContain('toast-error')
})
