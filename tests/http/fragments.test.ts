import { beforeAll, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

/**
 * A start page from fragments (issue 27, ADR 036): a write to one category redraws that category
 * in every kept page that shows it (X-Page-Cache: redrawn), and the next page of every viewer
 * shows the write; the rest of the page is the bytes it was, but for a new nonce. A write that
 * changes the page around the categories renders it whole. No viewer is ever served a fragment
 * drawn for another role: a private bookmark stays in its owner's pages.
 */

const baseUrl = inject('baseUrl')

type Actor = Awaited<ReturnType<typeof signUp>>
type Client = ReturnType<typeof createClient>
let owner: Actor
let member: Actor
const guest = createClient(baseUrl)
let code: string
let moduleId: number
/** Two categories of the homepage: writes go to the first; the second must stay as it was. */
let first: number
let second: number

const page = async (client: Client) => {
  const response = await client.request(`/${code}`)
  return { status: response.status, how: response.headers.get('x-page-cache'), html: await response.text() }
}

/** The viewer's page, asked until the cache keeps it (the first ask renders it, or the minute turned). */
async function kept(client: Client) {
  for (let ask = 1; ask <= 3; ask++) {
    const answer = await page(client)
    if (answer.how === 'hit') return answer
  }
  throw new Error(`/${code} is not answered from the cache`)
}

const section = (html: string, bid: number) => {
  const start = html.indexOf(`<section id="bag-${bid}"`)
  expect(start, `category ${bid} is on the page`).toBeGreaterThanOrEqual(0)
  return html.slice(start, html.indexOf('</section>', start))
}
const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)![1]!

const viewers = () => [owner.client, member.client, guest]

/**
 * Every viewer's page kept, then `write`, then each viewer's next page: as `how` says (redrawn, or
 * rendered whole), each passed to `check`. Again if the minute turned meanwhile (the header clock
 * is in the key: a new minute is a new page, rendered whole).
 */
async function afterWrite(write: () => Promise<unknown>, how: 'redrawn' | 'render', check: (html: string, before: string) => void) {
  for (let attempt = 1; ; attempt++) {
    const minute = Math.floor(Date.now() / 60_000)
    const before = await Promise.all(viewers().map(kept))
    await write()
    const after = await Promise.all(viewers().map(page))
    if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) continue
    for (const [index, answer] of after.entries()) {
      expect(answer.status).toBe(200)
      expect(answer.how, `viewer ${index}`).toBe(how)
      check(answer.html, before[index]!.html)
    }
    return after
  }
}

/** A redrawn page is the page it was but for the written category and the nonce. */
function sameAroundCategory(html: string, before: string, bid: number) {
  const strip = (text: string) => text.replace(section(text, bid), '').replaceAll(nonceOf(text), 'NONCE')
  expect(nonceOf(html)).not.toBe(nonceOf(before))
  expect(strip(html)).toBe(strip(before))
}

const addLink = async (name: string, extra: Record<string, string | number> = {}) =>
  (await ok(post(owner.client, '/api/source/add', { bid: first, sour_name: name, sour_url: `https://${encodeURIComponent(name)}.example/`, ...extra }))).id as number

beforeAll(async () => {
  owner = await signUp(baseUrl, '片段主人')
  member = await signUp(baseUrl, '片段成员')
  code = `frag-${Math.random().toString(36).slice(2, 8)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '片段主页', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
  const invite = (await ok(post(owner.client, '/api/homepage/invite-code', { homepageId: owner.homepageId, type: 'generate' }))).code
  await ok(post(member.client, '/api/homepage/join-homepage', { homepageId: owner.homepageId, code: invite }))
  moduleId = (await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId })))[0].value
  first = (await ok(post(owner.client, '/api/bag/add', { moduleId, name: '片段甲', icon: 'tabler:tool' }))).bid
  second = (await ok(post(owner.client, '/api/bag/add', { moduleId, name: '片段乙', icon: 'tabler:tool' }))).bid
  await ok(post(owner.client, '/api/source/add', { bid: second, sour_name: '乙的书签', sour_url: 'https://b.example/' }))
})

test('a bookmark added: every viewer’s next page redraws its category alone and shows it', async () => {
  await afterWrite(() => addLink('片段新书签'), 'redrawn', (html, before) => {
    expect(section(html, first)).toContain('片段新书签')
    expect(section(html, second)).toBe(section(before, second))
    sameAroundCategory(html, before, first)
  })
})

test('renamed, edited, sorted, counted, trashed and restored: each shows on every viewer’s next page, redrawn', async () => {
  const a = await addLink('片段一')
  const b = await addLink('片段二')
  await afterWrite(() => ok(post(owner.client, '/api/bookmark/rename', { id: a, remark: '片段改名' })), 'redrawn', (html) => {
    expect(section(html, first)).toContain('片段改名')
    expect(html).not.toContain('片段一')
  })
  await afterWrite(
    () => ok(post(owner.client, '/api/source/add', { bs_id: b, bid: first, sour_name: '片段二', sour_url: 'https://edited.example/' })),
    'redrawn',
    (html) => expect(section(html, first)).toContain('https://edited.example/'),
  )
  const order = (await ok(get(owner.client, '/api/bookmark/list', { bid: first, size: 100 }))).list.map((s: { id: number }) => s.id) as number[]
  await afterWrite(() => ok(post(owner.client, '/api/bookmark/sort', { ids: [b, ...order.filter((id) => id !== b)], bid: first })), 'redrawn', (html) => {
    const list = section(html, first)
    expect(list.indexOf('edited.example')).toBeLessThan(list.indexOf('片段改名'))
  })
  // A click is counted on the page (the count shows from the first): the category is redrawn.
  await afterWrite(() => guest.request(`/c/${a}`, { method: 'POST', headers: guest.sameOrigin }), 'redrawn', (html, before) => {
    expect(section(html, first)).not.toBe(section(before, first))
  })
  await afterWrite(() => ok(post(owner.client, '/api/source/delete', { bs_ids: [a] })), 'redrawn', (html) => expect(html).not.toContain('片段改名'))
  await afterWrite(() => ok(post(owner.client, '/api/source/restore', { id: a })), 'redrawn', (html) => expect(section(html, first)).toContain('片段改名'))
})

test('a bookmark moved to another category: both are redrawn on every viewer’s next page', async () => {
  const moved = await addLink('片段搬家')
  await afterWrite(() => ok(post(owner.client, '/api/source/operation', { ids: [moved], type: 'move', bid: second })), 'redrawn', (html) => {
    expect(section(html, first)).not.toContain('片段搬家')
    expect(section(html, second)).toContain('片段搬家')
  })
})

test('a private bookmark is in its owner’s redrawn category and in no other viewer’s; made public, in everyone’s', async () => {
  let id = 0
  const after = await afterWrite(
    async () => (id = await addLink('片段的秘密', { isOnlyOwnView: '1' })),
    'redrawn',
    () => {},
  )
  expect(section(after[0]!.html, first)).toContain('片段的秘密')
  for (const other of after.slice(1)) {
    expect(other.html).not.toContain('片段的秘密')
    expect(section(other.html, first)).toContain('未公开链接')
  }
  await afterWrite(() => ok(post(owner.client, '/api/bookmark/change-private', { id })), 'redrawn', (html) => expect(section(html, first)).toContain('片段的秘密'))
})

test('starred, a bookmark changes the page around the categories (the star module and its tab): rendered whole', async () => {
  const id = await addLink('片段星标')
  await afterWrite(() => ok(post(owner.client, '/api/bookmark/mark-star', { id })), 'render', () => {})
  const mine = await kept(owner.client)
  expect(mine.html).toContain('module-star')
  expect(mine.html.slice(mine.html.indexOf('module-star'))).toContain('片段星标')
  // A starred bookmark renamed: its star module shows the new name (a starred row bumps the page).
  await afterWrite(() => ok(post(owner.client, '/api/bookmark/rename', { id, remark: '片段星标改名' })), 'render', (html) => expect(html).toContain('片段星标改名'))
  expect((await kept(owner.client)).html.slice(mine.html.indexOf('module-star'))).toContain('片段星标改名')
})

test('a category renamed, and a layout switch the categories draw: every viewer’s next page is rendered whole and shows it', async () => {
  await afterWrite(() => ok(post(owner.client, '/api/bag/add', { bid: second, moduleId, name: '片段乙改', icon: 'tabler:tool' })), 'render', (html) => {
    expect(section(html, second)).toContain('片段乙改')
  })
  // 新标签页打开 (on by default): switched off, the links of every category lose their target.
  const newTab = 'target="_blank"'
  expect(section((await kept(guest)).html, first)).toContain(newTab)
  // The layout drawer's form, its switch shown and left unticked; its toast shown on another page.
  const switchOff = async () => {
    const saved = await owner.client.request(`/${code}?dialog=layout`, {
      method: 'POST',
      form: { intent: 'save-layout', homepageId: String(owner.homepageId), switches: 'bookmarkOpenNewTab' },
      headers: owner.client.sameOrigin,
    })
    expect(saved.status).toBe(302)
    await owner.client.request('/help')
  }
  await afterWrite(switchOff, 'render', (html) => {
    expect(section(html, first)).not.toContain(newTab)
  })
})
