import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { appContext, userContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import * as invitePage from '#app/routes/group.invite.tsx'
import * as noticePage from '#app/routes/group.notice.tsx'
import { groupNoticeAmount } from '#app/services/group-notices.server.ts'
import { applyToJoin, generateGroupInvite, toggleGroupInvite } from '#app/services/group-people.server.ts'
import { saveGroup } from '#app/services/groups.server.ts'
import { groupAccess, groupRoleOf } from '#app/services/group-access.server.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'

/**
 * The forms of /group/notice and /group/invite called directly (their HTTP tests set up through
 * the /api/group calls): 通过 / 拒绝 an application, 加入小组 by code, and the notice counts the
 * notice page hands the header.
 */

const db = useTestDb()

function contextFor(user: User | null) {
  const context = new RouterContextProvider()
  context.set(appContext, { db: db(), nonce: '', clientIp: '127.0.0.1' })
  context.set(userContext, user)
  return context
}

type Page = { loader: (args: any) => unknown; action: (args: any) => unknown }

/** A page's answer, whether returned or thrown (redirects are thrown Responses too). */
async function settle(run: () => unknown) {
  try {
    return await run()
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

function post(page: Page, user: User | null, path: string, form: Record<string, string>) {
  const url = new URL(path, 'http://localhost')
  const request = new Request(url, { method: 'POST', body: new URLSearchParams(form), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
  return settle(() => page.action({ request, url, context: contextFor(user), params: {} })) as Promise<Response>
}

function load(page: Page, user: User | null, path: string) {
  const url = new URL(path, 'http://localhost')
  return settle(() => page.loader({ request: new Request(url), url, context: contextFor(user), params: {} })) as Promise<any>
}

const toastOf = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast='))
  return cookie ? JSON.parse(decodeURIComponent(cookie.slice('qy_toast='.length).split(';')[0]!)) : null
}

async function closedGroupWithApplicant() {
  const { user: owner } = await createUser(db(), { nickname: '组长' })
  const { user: applicant } = await createUser(db(), { nickname: '申请人' })
  const { id } = await saveGroup(db(), owner, { name: '私密组', summary: '', icon: 'tabler:star', isOpen: false })
  await applyToJoin(db(), applicant, id)
  return { owner, applicant, id }
}

const roleIn = async (user: User, groupId: number) => groupRoleOf(db(), user, (await groupAccess(db(), user, groupId)).group)

test('/group/notice: the reviewer sees the application, 通过 makes the applicant a member, and the page counts the notices it read', async () => {
  const { owner, applicant, id } = await closedGroupWithApplicant()
  expect(await groupNoticeAmount(db(), owner)).toEqual({ total: 1, groupAmount: 1 })
  const data = await load(noticePage, owner, '/group/notice')
  expect(data.applies.list).toEqual([expect.objectContaining({ groupId: id, groupName: '私密组', nickname: '申请人' })])
  expect(data.notices.list).toEqual([expect.objectContaining({ title: '新的入组申请', wasUnread: true, link: `/group/${id}` })])
  // Listed is read: the header shown with this page has no dot.
  expect(data.headerNotices).toEqual({ noticeAmount: 0, groupAmount: 0 })

  const applyId = String(data.applies.list[0].id)
  // The applicant cannot decide their own application.
  const refused = await post(noticePage, applicant, '/group/notice', { intent: 'review-apply', id: applyId, status: 'approved' })
  expect(toastOf(refused)).toMatchObject({ type: 'error' })
  expect(await roleIn(applicant, id)).toBe('applicant')

  const approved = await post(noticePage, owner, '/group/notice?apage=1', { intent: 'review-apply', id: applyId, status: 'approved' })
  expect(approved.status).toBe(302)
  expect(approved.headers.get('Location')).toBe('/group/notice')
  expect(toastOf(approved)).toEqual({ type: 'success', msg: '已通过入组申请' })
  expect(await roleIn(applicant, id)).toBe('member')
  expect((await load(noticePage, owner, '/group/notice')).applies.list).toEqual([])
  // The applicant is told.
  expect(await groupNoticeAmount(db(), applicant)).toEqual({ total: 1, groupAmount: 1 })
})

test('/group/notice: 拒绝 turns the application down; a guest is asked to sign in', async () => {
  const { owner, applicant, id } = await closedGroupWithApplicant()
  const { applies } = await load(noticePage, owner, '/group/notice')
  const rejected = await post(noticePage, owner, '/group/notice', { intent: 'review-apply', id: String(applies.list[0].id), status: 'rejected' })
  expect(toastOf(rejected)).toEqual({ type: 'success', msg: '已拒绝入组申请' })
  expect(await roleIn(applicant, id)).toBe('outsider')
  expect(await load(noticePage, null, '/group/notice')).toMatchObject({ signIn: '/login?redirectTo=%2Fgroup%2Fnotice', applies: null, notices: null })
  const guest = await post(noticePage, null, '/group/notice', { intent: 'review-apply', id: '1', status: 'approved' })
  expect(guest.headers.get('Location')).toBe('/login?redirectTo=%2Fgroup%2Fnotice')
})

test('/group/invite: the card for a working code, 加入小组 joins, a switched-off code is refused', async () => {
  const { user: owner } = await createUser(db(), { nickname: '邀请人' })
  const { user: joiner } = await createUser(db(), { nickname: '受邀人' })
  const { id } = await saveGroup(db(), owner, { name: '邀请组', summary: '简介', icon: 'tabler:star', isOpen: false })
  const { code } = await generateGroupInvite(db(), owner, id)
  const path = `/group/invite?code=${code}`

  // A pasted link is read as its code; a guest sees the group and a way to sign in.
  const guest = await load(invitePage, null, `/group/invite?code=${encodeURIComponent(`https://example.com${path}`)}`)
  expect(guest).toMatchObject({ code, error: null, group: { id, name: '邀请组', isOpen: false }, signIn: `/login?redirectTo=${encodeURIComponent(path)}` })
  expect(await load(invitePage, joiner, path)).toMatchObject({ group: { id }, member: null, signIn: null })
  expect(await load(invitePage, owner, path)).toMatchObject({ member: '你是该小组的创建者。' })

  const joined = await post(invitePage, joiner, path, { code })
  expect(joined.headers.get('Location')).toBe(`/group/${id}`)
  expect(toastOf(joined)).toEqual({ type: 'success', msg: '已加入小组' })
  expect(await roleIn(joiner, id)).toBe('member')
  expect(await load(invitePage, joiner, path)).toMatchObject({ member: '你已是该小组成员。' })

  await toggleGroupInvite(db(), owner, id)
  const { user: late } = await createUser(db(), { nickname: '迟到' })
  expect(await load(invitePage, late, path)).toMatchObject({ error: '邀请码无效或已失效', group: null })
  const refused = await post(invitePage, late, path, { code })
  expect(refused.headers.get('Location')).toBe(path)
  expect(toastOf(refused)).toEqual({ type: 'error', msg: '邀请码无效或已失效' })
  expect(await roleIn(late, id)).toBe('outsider')
  expect(await load(invitePage, late, '/group/invite')).toMatchObject({ error: '请输入邀请码' })
})
