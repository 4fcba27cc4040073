import { beforeAll, describe, expect, inject, test } from 'vitest'
import { MODULE_TEMPLATES } from '#app/services/templates/module-templates.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, postForm, signUp } from './content-helpers.ts'

/** GET /api/module/get-template-menu and POST /api/module/choose-template {homepageId, moduleId}. */

const baseUrl = inject('baseUrl')
const NOT_FOUND = '内容不存在或已被删除'
const ADDED = '操作成功！'

let owner: { client: Client; homepageId: number }
const template = (name: string) => MODULE_TEMPLATES.find((t) => t.name === name)!

async function moduleNames(client: Client, homepageId: number): Promise<string[]> {
  return (await ok(get(client, '/api/module/get-list', { homepageId }))).map((m: { name: string }) => m.name)
}

beforeAll(async () => {
  owner = await signUp(baseUrl, '模板用户')
})

describe('the template menu', () => {
  test('for everyone, guests too: each template with its counts', async () => {
    const { status, body } = await get(createClient(baseUrl), '/api/module/get-template-menu')
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: 1, msg: '操作成功' })
    expect(body.data.map((t: { name: string }) => t.name)).toEqual(MODULE_TEMPLATES.map((t) => t.name))
    const news = template('新闻')
    expect(body.data.find((t: { id: number }) => t.id === news.id)).toEqual({
      id: news.id,
      moduleId: news.id,
      name: '新闻',
      icon: 'tabler:news',
      iconSrc: '/resources/icons/tabler/news.svg',
      iconType: 'font',
      summary: news.summary,
      moduleType: 0,
      categoryAmount: news.categories.length,
      linkAmount: news.categories.reduce((n, c) => n + c.links.length, 0),
      categories: news.categories.map((c) => ({ name: c.name, icon: c.icon, linkAmount: c.links.length })),
    })
    expect((await post(owner.client, '/api/module/get-template-menu')).status).toBe(405)
  })
})

describe('choosing a template', () => {
  test('a new module, last, with the template\'s categories and links', async () => {
    const { client, homepageId } = owner
    const before = await moduleNames(client, homepageId)
    const dev = template('开发')
    const { body } = await post(client, '/api/module/choose-template', { homepageId, moduleId: dev.id })
    expect(body).toMatchObject({
      code: 1,
      msg: ADDED,
      data: { name: '开发', icon: 'tabler:code', moduleType: 0, homepageId, categoryAmount: dev.categories.length },
    })
    const moduleId = body.data.moduleId as number
    expect(body.data.id).toBe(moduleId)
    expect(await moduleNames(client, homepageId)).toEqual([...before, '开发'])
    const categories = await ok(get(client, '/api/bag/get-list-by-homepage-module', { module: moduleId }))
    expect(categories.map((c: { name: string }) => c.name)).toEqual(dev.categories.map((c) => c.name))
    const first = await ok(get(client, '/api/bookmark/list', { bid: categories[0].bid, size: 100 }))
    expect(first.list.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual(dev.categories[0]!.links.map(([name, url]) => [name, url]))
  })

  test('gb-hid for the homepage, form-encoded; the same token twice adds once; the same template again is a second copy', async () => {
    const { client, homepageId } = owner
    const learn = template('学习')
    const form = { moduleId: String(learn.id), 'gb-hid': String(homepageId), key: `tpl-${Date.now()}` }
    expect((await postForm(client, '/api/module/choose-template', form)).body).toMatchObject({ code: 1, msg: ADDED, data: { name: '学习' } })
    expect((await postForm(client, '/api/module/choose-template', form)).body).toEqual({ code: 1, msg: ADDED, data: { moduleId: null, repeated: true } })
    expect((await moduleNames(client, homepageId)).filter((n) => n === '学习')).toHaveLength(1)
    await ok(post(client, '/api/module/choose-template', { homepageId, moduleId: learn.id }))
    expect((await moduleNames(client, homepageId)).filter((n) => n === '学习')).toHaveLength(2)
  })

  test('an unknown template, a homepage not one\'s own, a guest: refused, nothing added', async () => {
    const { client, homepageId } = owner
    const before = await moduleNames(client, homepageId)
    const fail = (msg: string) => ({ code: 0, msg, data: null })
    expect((await post(client, '/api/module/choose-template', { homepageId, moduleId: 999 })).body).toEqual(fail('模板不存在'))
    expect((await post(client, '/api/module/choose-template', { homepageId })).body).toEqual(fail('模板不存在'))
    expect((await post(client, '/api/module/choose-template', { homepageId, moduleId: 'abc' })).body).toEqual(fail('模板不存在'))
    expect((await post(client, '/api/module/choose-template', { homepageId: 2_000_000_000, moduleId: 1 })).body).toEqual(fail(NOT_FOUND))
    const stranger = await signUp(baseUrl, '模板路人')
    expect((await post(stranger.client, '/api/module/choose-template', { homepageId, moduleId: 1 })).body).toEqual(fail(NOT_FOUND))
    expect(await post(createClient(baseUrl), '/api/module/choose-template', { homepageId, moduleId: 1 })).toMatchObject({
      status: 403,
      body: { code: -1, msg: '请先登录', data: null },
    })
    expect(await get(client, '/api/module/choose-template', { homepageId, moduleId: 1 })).toMatchObject({ status: 405, body: { code: 0, msg: '请求方法不允许' } })
    expect(await moduleNames(client, homepageId)).toEqual(before)
  })
})
