import { expect, inject, test } from 'vitest'
import { get, ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')

/** The 收藏到 select of a /collection page: each option group's label with its options' values and texts. */
function collectGroups(page: string) {
  const select = /<select name="target"[^>]*>([\s\S]*?)<\/select>/.exec(page)![1]!
  return [...select.matchAll(/<optgroup label="([^"]*)">([\s\S]*?)<\/optgroup>/g)].map((group) => ({
    label: group[1],
    options: [...group[2]!.matchAll(/<option value="(\d+)">([^<]*)<\/option>/g)].map((o) => [Number(o[1]), o[2]]),
  }))
}

test('collecting from /collection/{bid} offers the categories of every homepage the visitor owns, and saves into any of them', async () => {
  const owner = await signUp(baseUrl, '分享人')
  const bid = (await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId })))[0].children[0].value as number
  const link = await ok(post(owner.client, '/api/source/add', { bid, sour_name: '值得收藏', sour_url: 'https://collect.example/' }))
  await ok(post(owner.client, '/api/bag/share', { bid }))

  const fan = await signUp(baseUrl, '收藏人')
  const first = (await ok(get(fan.client, '/api/bag/get-create', { homepageId: fan.homepageId })))[0]
  const firstBid = first.children[0].value as number
  const sub = await ok(post(fan.client, '/api/bag/add', { moduleId: first.value, parentId: firstBid, name: '子分类', icon: 'tabler:tool' }))
  const second = await ok(post(fan.client, '/api/homepage/add', { title: '第二主页', icon: 'tabler:home' }))
  const secondModule = (await ok(get(fan.client, '/api/module/get-list', { homepageId: second.id })))[0]
  const secondBid = (await ok(post(fan.client, '/api/bag/add', { moduleId: secondModule.moduleId, name: '第二页分类', icon: 'tabler:tool' }))).bid as number

  const page = await (await fan.client.request(`/collection/${bid}`)).text()
  const groups = collectGroups(page)
  // The current homepage (the new one: adding a homepage switches to it) comes first.
  expect(groups[0]!.label).toBe(`第二主页 · ${secondModule.name}`)
  expect(groups[0]!.options).toContainEqual([secondBid, '第二页分类'])
  expect(groups).toContainEqual({
    label: `收藏人的主页 · ${first.label}`,
    options: [
      [firstBid, first.children[0].label],
      [sub.bid, '　子分类'],
    ],
  })

  const collected = await fan.client.request(`/collection/${bid}`, {
    method: 'POST',
    headers: fan.client.sameOrigin,
    form: { intent: 'collect', ids: String(link.id), target: String(secondBid), key: 'collect-second' },
  })
  expect(collected.status).toBe(302)
  expect((await ok(get(fan.client, '/api/bookmark/list', { bid: secondBid }))).list.map((s: { name: string }) => s.name)).toEqual(['值得收藏'])
})
