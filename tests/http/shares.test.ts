import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')

test('a category of a private homepage shared at /collection/{bid}: readable by anyone, followed, cancelled', async () => {
  const owner = await signUp(baseUrl, '分享者')
  const fan = await signUp(baseUrl, '关注者')
  const guest = createClient(baseUrl)
  const bid = (await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId })))[0].children[0].value as number
  const open = await ok(post(owner.client, '/api/source/add', { bid, sour_name: '公开的链接', sour_url: 'https://open.example/' }))
  const secret = await ok(post(owner.client, '/api/source/add', { bid, sour_name: '私密的链接', sour_url: 'https://secret.example/', isOnlyOwnView: '1' }))
  await ok(post(owner.client, '/api/bookmark/create-base', { cid: bid, remark: '私人笔记', type: 'note' }))

  expect((await guest.request(`/collection/${bid}`)).status).toBe(404)
  expect((await post(owner.client, '/api/bag/share', { bid, remark: '三'.repeat(31) })).body.msg).toBe('分项名称不能超过30个字')
  expect((await post(fan.client, '/api/bag/share', { bid })).body.msg).toBe('内容不存在或已被删除')
  const shared = await post(owner.client, '/api/bag/share', { bid, remark: '常用的网站' })
  expect(shared.body).toEqual({ code: 1, msg: '分享成功', data: { bid, remark: '常用的网站', url: `/collection/${bid}` } })

  // Nobody else cancels it or changes its remark.
  expect((await post(fan.client, '/api/bag/share', { bid, cancel: 1 })).body.msg).toBe('内容不存在或已被删除')
  expect((await post(fan.client, '/api/bag/share', { bid, remark: '改掉' })).body.msg).toBe('内容不存在或已被删除')
  expect((await post(guest, '/api/bag/share', { bid, cancel: 1 })).status).toBe(403)

  const page = await guest.request(`/collection/${bid}`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('公开的链接')
  expect(html).toContain('常用的网站')
  expect(html).toContain('未公开链接')
  expect(html).not.toContain('secret.example')
  expect(html).not.toContain('私人笔记')
  // Nothing else of the private homepage opened up.
  expect((await get(guest, '/api/bookmark/list', { bid })).body.msg).toBe('内容不存在或已被删除')

  // Collecting: a visitor copies a shared link into their own category; never a private one.
  const fanBid = (await ok(get(fan.client, '/api/bag/get-create', { homepageId: fan.homepageId })))[0].children[0].value as number
  expect((await post(fan.client, '/api/source/operation', { ids: [secret.id], type: 'copy', bid: fanBid })).body.msg).toBe('内容不存在或已被删除')
  expect((await post(fan.client, '/api/source/operation', { ids: [open.id], type: 'move', bid: fanBid })).body.msg).toBe('内容不存在或已被删除')
  const form = await fan.client.request(`/collection/${bid}`, {
    method: 'POST',
    form: { intent: 'collect', ids: String(open.id), target: String(fanBid), key: 'k1' },
    headers: fan.client.sameOrigin,
  })
  expect(form.status).toBe(302)
  expect((await ok(get(fan.client, '/api/bookmark/list', { bid: fanBid }))).list.map((s: { name: string }) => s.name)).toEqual(['公开的链接'])

  expect(await ok(post(fan.client, '/api/bag/follow', { bid }))).toEqual({ follow: true })
  expect((await post(owner.client, '/api/bag/follow', { bid })).body.msg).toBe('不能关注自己分享的分类')
  expect((await ok(get(fan.client, '/api/bag/share-list', { type: 'follow' }))).list).toEqual([
    expect.objectContaining({ bid, name: '常用网站', remark: '常用的网站', accessible: true }),
  ])
  expect((await ok(get(owner.client, '/api/bag/share-list', { type: 'share' }))).total).toBe(1)
  expect(await (await fan.client.request('/user/bag-follow')).text()).toContain('常用网站')

  expect((await post(owner.client, '/api/bag/share', { bid, cancel: 1 })).body).toMatchObject({ code: 1, msg: '已取消分享' })
  expect((await guest.request(`/collection/${bid}`)).status).toBe(404)
  expect((await ok(get(fan.client, '/api/bag/share-list', { type: 'follow' }))).list).toEqual([expect.objectContaining({ bid, accessible: false })])
  // No longer shared: the follower can still unfollow it, and cannot follow it again.
  expect((await post(fan.client, '/api/bag/follow', { bid })).body).toMatchObject({ code: 1, msg: '已取消关注', data: { follow: false } })
  expect((await post(fan.client, '/api/bag/follow', { bid })).body.msg).toBe('内容不存在或已被删除')
})

test('a shared module of a private homepage opens at /{code}/{moduleId} for anyone, and only that module', async () => {
  const owner = await signUp(baseUrl, '模块分享者')
  const other = await signUp(baseUrl, '旁人')
  const guest = createClient(baseUrl)
  const code = `mod-${Date.now().toString(36)}`
  const { homepageId } = owner
  const shared = await ok(post(owner.client, '/api/module/add', { homepageId, name: '公开模块', icon: 'tabler:star', moduleType: 2 }))
  const kept = await ok(post(owner.client, '/api/module/add', { homepageId, name: '私人模块', icon: 'tabler:star', moduleType: 2 }))
  const bag = await ok(post(owner.client, '/api/bag/add', { moduleId: shared.moduleId, name: '分享的分类', icon: 'tabler:folder' }))
  await ok(post(owner.client, '/api/source/add', { bid: bag.bid, sour_name: '模块里的链接', sour_url: 'https://module.example/' }))

  // Without a personal domain there is no link to give (a default homepage has one from sign-up; a later one may not).
  const bare = await ok(post(owner.client, '/api/homepage/add', { title: '无域名', icon: 'tabler:home' }))
  const bareModule = await ok(post(owner.client, '/api/module/add', { homepageId: bare.id, name: '无域名的模块', icon: 'tabler:star', moduleType: 2 }))
  expect((await post(owner.client, '/api/module/share', { moduleId: bareModule.moduleId })).body.msg).toBe('请先点击【编辑】选项，设置个性域名')
  await ok(post(owner.client, '/api/homepage/add', { homepageId, title: '私人主页', icon: 'tabler:home', code }))
  expect((await post(other.client, '/api/module/share', { moduleId: shared.moduleId })).body.msg).toBe('内容不存在或已被删除')
  expect((await guest.request(`/${code}/${shared.moduleId}`)).status).toBe(404)
  expect(await ok(post(owner.client, '/api/module/share', { moduleId: shared.moduleId }))).toEqual({
    moduleId: shared.moduleId,
    isOpen: true,
    url: `/${code}/${shared.moduleId}`,
  })

  await ok(post(owner.client, '/api/module/save-share-params', { moduleId: shared.moduleId, key: 'summary', value: '模块的分享简介' }))
  const page = await guest.request(`/${code}/${shared.moduleId}`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('模块里的链接')
  expect(html).toContain('模块的分享简介')
  // Nothing else of the private homepage: not its name, its other module, or a link to it.
  expect(html).not.toContain('私人主页')
  expect(html).not.toContain('私人模块')
  expect(html).not.toContain(`href="/${code}"`)
  expect((await guest.request(`/${code}`)).status).toBe(404)
  expect((await guest.request(`/${code}/${kept.moduleId}`)).status).toBe(404)
  expect((await get(guest, '/api/bag/get-list-by-homepage-module', { module: shared.moduleId })).body.msg).toBe('内容不存在或已被删除')

  // Someone else can neither cancel the share nor set its params.
  expect((await post(other.client, '/api/module/share', { moduleId: shared.moduleId, cancel: 1 })).body.msg).toBe('内容不存在或已被删除')
  expect((await post(other.client, '/api/module/save-share-params', { moduleId: shared.moduleId, key: 'title', value: '改' })).body.msg).toBe('内容不存在或已被删除')
  expect((await guest.request(`/${code}/${shared.moduleId}`)).status).toBe(200)

  expect((await post(owner.client, '/api/module/save-share-params', { moduleId: shared.moduleId, key: 'title', value: '标'.repeat(21) })).body.msg).toBe('标题不能超过20个字')
  expect((await post(owner.client, '/api/module/save-share-params', { moduleId: shared.moduleId, key: 'isOpen', value: false })).body.msg).toBe('不支持的分享设置')
  expect(await ok(post(owner.client, '/api/module/save-share-params', { moduleId: shared.moduleId, key: 'title', value: '我的导航' }))).toEqual({
    summary: '模块的分享简介',
    title: '我的导航',
  })
  expect(await (await guest.request(`/${code}/${shared.moduleId}`)).text()).toContain('<title>公开模块 - 我的导航 - 起页</title>')
  expect(await ok(get(owner.client, '/api/module/open-list'))).toMatchObject({ total: 1, list: [{ moduleId: shared.moduleId, url: `/${code}/${shared.moduleId}` }] })

  expect((await post(owner.client, '/api/module/share', { moduleId: shared.moduleId, cancel: 1 })).body).toMatchObject({ code: 1, msg: '已取消分享' })
  expect((await guest.request(`/${code}/${shared.moduleId}`)).status).toBe(404)
})

test('/user/bag-share pages 5 at a time with at most 5 page numbers; /user/bag-follow needs a session', async () => {
  const owner = await signUp(baseUrl, '分享很多')
  const [module] = await ok(get(owner.client, '/api/module/get-list', { homepageId: owner.homepageId }))
  for (let i = 1; i <= 27; i++) {
    const bag = await ok(post(owner.client, '/api/bag/add', { moduleId: module.moduleId, name: `分类${String(i).padStart(2, '0')}`, icon: 'tabler:folder' }))
    await ok(post(owner.client, '/api/bag/share', { bid: bag.bid }))
  }
  const names = (html: string) => [...html.matchAll(/<a href="\/collection\/\d+">(分类\d\d)<\/a>/g)].map((m) => m[1])
  const pager = (html: string) => [...(html.match(/<nav class="pager"[^]*?<\/nav>/)?.[0] ?? '').matchAll(/>(\d+)<\/a>/g)].map((m) => Number(m[1]))

  const first = await (await owner.client.request('/user/bag-share')).text()
  expect(names(first)).toEqual(['分类27', '分类26', '分类25', '分类24', '分类23'])
  expect(pager(first)).toEqual([1, 2, 3, 4, 5])
  const last = await (await owner.client.request('/user/bag-share?page=6')).text()
  expect(names(last)).toEqual(['分类02', '分类01'])
  expect(pager(last)).toEqual([2, 3, 4, 5, 6])
  expect(pager(await (await owner.client.request('/user/bag-share?page=4')).text())).toEqual([2, 3, 4, 5, 6])
  expect((await ok(get(owner.client, '/api/bag/share-list', { type: 'share' }))).list).toHaveLength(27)

  const guest = createClient(baseUrl)
  const refused = await guest.request('/user/bag-follow')
  expect(refused.status).toBe(302)
  expect(refused.headers.get('location')).toBe('/login?redirectTo=%2Fuser%2Fbag-follow')
})
