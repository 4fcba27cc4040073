import { expect, inject, test } from 'vitest'
import { ENGINES } from '#app/utils/engines.ts'
import { createClient } from './client.ts'
import { type Client, ok, post, signUp } from './content-helpers.ts'

/**
 * The header and page chrome of issue 13 over HTTP, as a browser without JavaScript sees it: the
 * search-engine box (plain GET forms to each engine, its choice and history in cookies), the menu
 * and the account dropdown (every link a page), the keymap (save-keymap and its popover form),
 * and a guest's own settings (set-guest-config).
 */

const baseUrl = inject('baseUrl')
const YEAR = 'Max-Age=31536000'

/** A page's HTML, without the `<!-- -->` React puts between adjacent texts. */
const html = async (client: Client, path: string) => {
  const response = await client.request(path)
  expect(response.status, path).toBe(200)
  return (await response.text()).replaceAll('<!-- -->', '')
}
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
/** The first tag that matches `pattern` (attributes in any order), with its attributes. */
const tagOf = (page: string, pattern: RegExp) => {
  const tag = pattern.exec(page)?.[0] ?? ''
  return (name: string) => attr(tag, name)
}

/** The engine search forms of a page: where they go, how, and the names of their fields. */
function searchForms(page: string) {
  return [...page.matchAll(/<form\b[^>]*role="search"[^>]*>([\s\S]*?)<\/form>/g)].map(([whole, body]) => {
    const tag = whole.slice(0, whole.indexOf('>') + 1)
    const fields = [...body!.matchAll(/<input\b[^>]*>/g)].map(([input]) => ({ name: attr(input, 'name'), type: attr(input, 'type'), value: attr(input, 'value') }))
    return { action: attr(tag, 'action'), method: attr(tag, 'method'), target: attr(tag, 'target'), rel: attr(tag, 'rel'), fields }
  })
}

/** A form posted as a browser without JavaScript posts it (same origin, form-encoded). */
const postForm = (client: Client, path: string, form: Record<string, string>) => client.request(path, { method: 'POST', form, headers: client.sameOrigin })

const setCookieOf = (response: Response, name: string) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))

test('the start page has one engine box: each engine a radio, the search a GET form to the engine in a new tab', async () => {
  const page = await html(createClient(baseUrl), '/')
  const forms = searchForms(page)
  expect(forms).toHaveLength(1)
  expect(forms[0]).toMatchObject({ action: 'https://www.baidu.com/s', method: 'get', target: '_blank', rel: 'noopener noreferrer' })
  expect(forms[0]!.fields.map((f) => f.name)).toEqual(['wd'])
  const radios = [...page.matchAll(/<input type="radio" name="engine"[^>]*>/g)].map(([tag]) => [attr(tag, 'value'), attr(tag, 'checked') !== undefined])
  expect(radios).toEqual(ENGINES.map((engine) => [engine.id, engine.id === 'baidu']))
  // Without JavaScript the choice is a form of its own, coming back to this page.
  const picker = tagOf(page, /<form [^>]*class="engine-picker"[^>]*>/)
  expect([picker('method'), picker('action')]).toEqual(['post', '/resources/engine'])
  expect(page).toMatch(/class="engine-picker"[^>]*><input type="hidden" name="intent" value="engine"\/><input type="hidden" name="redirectTo" value="\/"\/>/)
  expect(page).toContain('>切换</button>')
})

test('the page\'s CSP lets forms go to the eight engines and nowhere else', async () => {
  const csp = (await createClient(baseUrl).request('/')).headers.get('Content-Security-Policy')!
  const formAction = /form-action ([^;]+)/.exec(csp)?.[1]?.split(' ')
  expect(formAction).toEqual(["'self'", ...new Set(ENGINES.map((engine) => new URL(engine.action).origin))])
  expect(formAction).toContain('https://search.bilibili.com')
})

test('pages without a box of their own carry it in the header, as a select', async () => {
  for (const path of ['/login', '/err']) {
    const page = await (await createClient(baseUrl).request(path)).text()
    const header = page.slice(page.indexOf('<header'), page.indexOf('</header>'))
    expect(searchForms(header), path).toHaveLength(1)
    expect(header).toMatch(/<select name="engine">/)
    expect(searchForms(page.slice(page.indexOf('</header>'))), path).toHaveLength(0)
  }
})

test('each engine, once picked, is the target of the form with its own query name (cookie for 365 days)', async () => {
  const client = createClient(baseUrl)
  for (const engine of ENGINES) {
    const picked = await postForm(client, '/resources/engine', { intent: 'engine', engine: engine.id, redirectTo: '/login' })
    expect(picked.status).toBe(302)
    expect(picked.headers.get('Location')).toBe('/login')
    expect(setCookieOf(picked, 'qy_engine')).toContain(YEAR)
    const [form] = searchForms(await html(client, '/login'))
    const fixed = Object.entries('fields' in engine ? engine.fields : {}).map(([name, value]) => ({ name, type: 'hidden', value }))
    expect(form, engine.name).toMatchObject({ action: engine.action, method: 'get', target: '_blank' })
    expect(form!.fields, engine.name).toEqual([...fixed, { name: engine.param, type: 'search', value: undefined }])
  }
})

test('an unknown engine changes nothing; a redirect never leaves the site', async () => {
  const client = createClient(baseUrl)
  await postForm(client, '/resources/engine', { intent: 'engine', engine: 'bing', redirectTo: '/' })
  const bad = await postForm(client, '/resources/engine', { intent: 'engine', engine: 'altavista', redirectTo: '/' })
  expect(bad.status).toBe(302)
  expect(setCookieOf(bad, 'qy_engine')).toBeUndefined()
  expect(decodeURIComponent(setCookieOf(bad, 'qy_toast') ?? '')).toContain('请选择搜索引擎')
  expect(searchForms(await html(client, '/'))[0]!.action).toBe('https://www.bing.com/search')
  const away = await postForm(client, '/resources/engine', { intent: 'engine', engine: 'bing', redirectTo: '//evil.example/' })
  expect(away.headers.get('Location')).toBe('/')
  // From a fetcher (no redirectTo): the state as data, 400 when refused.
  const fetched = await postForm(client, '/resources/engine', { intent: 'engine', engine: 'nope' })
  expect(fetched.status).toBe(400)
  // A cross-site post is refused by the origin guard.
  const foreign = await client.request('/resources/engine', { method: 'POST', form: { intent: 'engine', engine: 'google' }, headers: { Origin: 'https://evil.example' } })
  expect(foreign.status).toBe(403)
  expect((await client.request('/resources/engine')).status).toBe(405)
})

test('the query history keeps the last eight in a cookie: offered in the field, linked on the page, cleared by a form', async () => {
  const client = createClient(baseUrl)
  for (let i = 1; i <= 9; i++) {
    const remembered = await postForm(client, '/resources/engine', { intent: 'history', q: `查询${i}` })
    expect(remembered.status).toBe(200)
    expect(setCookieOf(remembered, 'qy_engine_history')).toContain(YEAR)
  }
  const page = await html(client, '/')
  const expected = ['查询9', '查询8', '查询7', '查询6', '查询5', '查询4', '查询3', '查询2']
  expect([...page.matchAll(/<option value="([^"]*)"><\/option>/g)].map(([, q]) => q)).toEqual(expected)
  expect(page).toContain(`<a href="https://www.baidu.com/s?wd=${encodeURIComponent('查询9')}" target="_blank" rel="noopener noreferrer">查询9</a>`)
  expect(page).not.toContain('查询1<')

  const cleared = await postForm(client, '/resources/engine', { intent: 'clear-history', redirectTo: '/' })
  expect(cleared.status).toBe(302)
  expect(await html(client, '/')).not.toContain('查询9')
})

test('an owner who hides the engine (engineVisible) gets no box on the page nor in the header', async () => {
  const { client, homepageId } = await signUp(baseUrl, '不要搜索框')
  expect(searchForms(await html(client, '/'))).toHaveLength(1)
  await ok(post(client, '/api/homepage/save-info', { homepageId, engineVisible: false }))
  expect(searchForms(await html(client, '/'))).toHaveLength(0)
})

test('every link of the menu and of the account dropdown is a page; 退出 is a POST form', async () => {
  const guestPage = await html(createClient(baseUrl), '/')
  const nav = guestPage.slice(guestPage.indexOf('<nav aria-label="主菜单"'), guestPage.indexOf('</nav>', guestPage.indexOf('<nav aria-label="主菜单"')))
  const menu = [...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, to, label]) => [label, to])
  expect(menu).toEqual([
    ['首页', '/'],
    ['小组', '/group'],
    ['发现', '/discover'],
    ['工具箱', '/tool'],
    // Under 更多 (a <details> in the menu).
    ['帮助', '/help'],
    ['插件', '/plugin'],
  ])
  const { client } = await signUp(baseUrl, '菜单用户')
  const page = await html(client, '/')
  const dropdown = page.slice(page.indexOf('<details class="account-menu"'), page.indexOf('</details>', page.indexOf('<details class="account-menu"')))
  expect(dropdown).toContain('<span class="account-name">菜单用户</span>')
  const links = [...dropdown.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, to, label]) => [label, to])
  expect(links).toEqual([
    ['账号设置', '/user/account'],
    ['我的分享', '/user/bag-share'],
    ['我的关注', '/user/bag-follow'],
    ['回收站', '/user/trash'],
    ['消息通知', '/user/notice'],
    ['导出书签', '/user/export'],
    ['在线设备', '/user/online'],
    ['书签日志', '/user/bookmark-log'],
    ['浏览记录', '/user/browser-history'],
    ['我的上传', '/upload'],
    ['注销账号', '/user/logoff'],
  ])
  const logout = tagOf(dropdown, /<form [^>]*class="menu-form"[^>]*>/)
  expect([logout('method'), logout('action')]).toEqual(['post', '/logout'])
  expect(dropdown).toMatch(/class="menu-form"[^>]*><button type="submit">退出<\/button><\/form>/)
  for (const [label, to] of [...menu, ...links]) expect((await client.request(to!)).status, `${label} ${to}`).toBe(200)
})

test('save-keymap: the user\'s own key, one letter, digit or symbol; guests are asked to sign in', async () => {
  const { client } = await signUp(baseUrl, '快捷键用户')
  const other = await signUp(baseUrl, '别人的键')
  expect(await ok(post(client, '/api/site/save-keymap', { key: 'searchKeymap', value: 'J' }))).toEqual({ searchKeymap: 'j', noteKeymap: 'b' })
  expect(await ok(client.api('/api/site/init-info'))).toMatchObject({ searchKeymap: 'j', noteKeymap: 'b' })
  expect(await ok(other.client.api('/api/site/init-info'))).toMatchObject({ searchKeymap: 'k', noteKeymap: 'b' })
  for (const [body, msg] of [
    [{ key: 'searchKeymap', value: 'kk' }, '快捷键只能是一个字母、数字或符号'],
    [{ key: 'noteKeymap', value: '中' }, '快捷键只能是一个字母、数字或符号'],
    [{ key: 'noteKeymap', value: 'c' }, '这个组合键被浏览器或编辑占用，请换一个'],
    [{ key: 'noteKeymap', value: 'j' }, '搜索和便签不能使用同一个快捷键'],
    [{ key: 'skinKeymap', value: 'm' }, '快捷键类型不正确'],
  ] as const) {
    expect((await post(client, '/api/site/save-keymap', body)).body, JSON.stringify(body)).toMatchObject({ code: 0, msg })
  }
  expect(await ok(client.api('/api/site/init-info'))).toMatchObject({ searchKeymap: 'j', noteKeymap: 'b' })
  const guest = createClient(baseUrl)
  const refused = await post(guest, '/api/site/save-keymap', { key: 'searchKeymap', value: 'm' })
  expect([refused.status, refused.body]).toEqual([403, { code: -1, msg: '请先登录', data: null }])
  expect((await client.api('/api/site/save-keymap')).status).toBe(405)
})

test('the keymap popover is the owner\'s, on their homepage; its form works without JavaScript', async () => {
  const { client } = await signUp(baseUrl, '键位主人')
  const home = await html(client, '/')
  // In the 工具 menu, whose word the popover opens beside (ADR 030).
  expect(home).toMatch(/<summary id="keymap-button" class="tool">工具<\/summary><div class="menu">.*<a href="\/\?dialog=keymap" class="tool" data-dialog="" aria-label="快捷键">快捷键<\/a>/)
  const dialog = await html(client, '/?dialog=keymap')
  expect(dialog).toContain('快捷键设置')
  expect(dialog).toMatch(/<input[^>]*name="searchKeymap"[^>]*value="k"/)
  // A visitor of another homepage has no keymap there.
  const demo = await html(client, '/demo?dialog=keymap')
  expect(demo).not.toContain('keymap-button')
  expect(demo).not.toContain('快捷键设置')

  const bad = await client.request('/?index&dialog=keymap', { method: 'POST', form: { intent: 'save-keymap', searchKeymap: 'q', noteKeymap: 'Q' }, headers: client.sameOrigin })
  expect(bad.status).toBe(400)
  expect(await bad.text()).toContain('搜索和便签不能使用同一个快捷键')
  const saved = await client.request('/?index&dialog=keymap', { method: 'POST', form: { intent: 'save-keymap', searchKeymap: 'q', noteKeymap: '/' }, headers: client.sameOrigin })
  expect(saved.status).toBe(302)
  expect(saved.headers.get('Location')).toBe('/')
  expect(await ok(client.api('/api/site/init-info'))).toMatchObject({ searchKeymap: 'q', noteKeymap: '/' })
  expect(await html(client, '/?dialog=keymap')).toContain('当前：Ctrl + Q')
})

test('set-guest-config keeps a guest\'s settings in a cookie for 365 days, and the page applies them to guests only', async () => {
  const guest = createClient(baseUrl)
  expect(await html(guest, '/')).toContain('homepage-anchor-left')
  const set = await guest.api('/api/site/set-guest-config', { method: 'POST', json: { anchorPosition: 'top', rootFontSize: 18 }, headers: guest.sameOrigin })
  expect(set.body).toMatchObject({ code: 1, msg: '设置成功', data: { anchorPosition: 'top', rootFontSize: 18 } })
  expect(set.headers.getSetCookie().find((c) => c.startsWith('qy_guest='))).toContain(YEAR)
  // Merged over the last: the anchor stays when the mode is set.
  expect((await guest.api('/api/site/set-guest-config', { method: 'POST', form: { mode: 'focus' }, headers: guest.sameOrigin })).body.data).toEqual({
    anchorPosition: 'top',
    rootFontSize: 18,
    mode: 'focus',
  })
  expect(await html(guest, '/')).toContain('homepage-anchor-top')
  expect((await ok(guest.api('/api/site/init-info'))).homepageLayout).toMatchObject({ anchorPosition: 'top', rootFontSize: 18, mode: 'focus' })

  for (const [body, msg] of [
    [{ mode: 'simple' }, '此模式仅限登录后使用'],
    [{ rootFontSize: 30 }, '设置项的取值不正确'],
    [{ anchorPosition: 'middle' }, '设置项的取值不正确'],
    [{}, '没有要保存的设置'],
  ] as const) {
    const refused = await guest.api('/api/site/set-guest-config', { method: 'POST', json: body, headers: guest.sameOrigin })
    expect(refused.body, JSON.stringify(body)).toMatchObject({ code: 0, msg })
    expect(refused.headers.getSetCookie().some((c) => c.startsWith('qy_guest='))).toBe(false)
  }

  // Signed in, the homepage's own settings apply; the browser's cookie waits for the next guest visit.
  const { client } = await signUp(baseUrl, '已登录布局')
  client.jar.set('qy_guest', guest.jar.get('qy_guest')!)
  expect(await html(client, '/')).toContain('homepage-anchor-left')
})
