import { expect, inject, test } from 'vitest'
import { get, ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')

/** The members widget link of a page: the text it is named by and the initials of its faces. */
function memberWidget(page: string) {
  const link = /<a [^>]*class="[^"]*member-widget[^"]*"[^>]*>([\s\S]*?)<\/a>/.exec(page)
  if (!link) return null
  return {
    // What a screen reader reads: the text without the aria-hidden faces.
    name: link[1]!.replace(/<span class="member-faces" aria-hidden="true">[\s\S]*?<\/span><\/span>/, '').replace(/<[^>]+>/g, ''),
    initials: [...link[1]!.matchAll(/<span class="member-face tone-\d">([^<]*)<\/span>/g)].map((m) => m[1]),
  }
}

test('a member of a homepage sees four faces, the creator first, and how many people it has', async () => {
  const owner = await signUp(baseUrl, '甲主人')
  const code = `faces${Date.now().toString(36)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '大家的主页', summary: '', icon: 'tabler:home', code }))
  const link = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId: owner.homepageId, type: 'generate' }))
  const members = []
  for (const nickname of ['乙成员', '丙成员', '丁成员', '戊成员']) {
    const member = await signUp(baseUrl, nickname)
    await ok(post(member.client, '/api/homepage/join-homepage', { code: link.code, homepageId: owner.homepageId }))
    members.push(member)
  }
  // The member list agrees on who joined first.
  const list = await ok(get(members[3]!.client, '/api/homepage/member-list', { homepageId: owner.homepageId }))
  expect(list.list.map((m: { nickname: string }) => m.nickname)).toEqual(['乙成员', '丙成员', '丁成员', '戊成员'])

  const page = await (await members[3]!.client.request(`/${code}`)).text()
  expect(memberWidget(page)).toEqual({ name: '成员5人（成员列表）', initials: ['甲', '乙', '丙', '丁'] })
  // Only initials reach the page (markup and hydration data): not the other members' nicknames.
  for (const nickname of ['乙成员', '丙成员', '丁成员']) expect(page).not.toContain(nickname)

  // The owner has the share button instead; a stranger sees nothing of the homepage.
  expect(memberWidget(await (await owner.client.request(`/${code}`)).text())).toBeNull()
  const stranger = await signUp(baseUrl, '路人')
  expect((await stranger.client.request(`/${code}`)).status).toBe(404)
})
