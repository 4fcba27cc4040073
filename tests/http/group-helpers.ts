import { type Client, get, ok, post } from './content-helpers.ts'

/**
 * Groups over HTTP (docs/api.md §29): the calls the group tests make again and again, each through
 * /api/group as a client would, answering the ids the next step needs.
 */

export const GROUP_CLOSED = '该小组不公开，加入后可查看'
export const NOT_FOUND = '内容不存在或已被删除'
export const FORBIDDEN = '您没有权限执行此操作'

const rand = () => Math.random().toString(36).slice(2, 8)

/** A new group owned by `client`: closed unless `isOpen`. */
export async function newGroup(client: Client, { isOpen = false, name = `小组${rand()}` } = {}) {
  const { id } = await ok(post(client, '/api/group/add', { name, summary: '测试用的小组', icon: 'tabler:users', isOpen: isOpen ? 1 : 0 }))
  return id as number
}

export async function newCategory(client: Client, groupId: number, title = `分类${rand()}`) {
  return (await ok(post(client, '/api/group/add-category', { groupId, title, icon: 'tabler:folder' }))).id as number
}

/** A bookmark added by `client`: shown at once for an administrator, a pending contribution for a member. */
export async function newBookmark(client: Client, cid: number, name = `书签${rand()}`) {
  return (await ok(post(client, '/api/group/add-bookmark', { cid, name, url: `https://${rand()}.example/`, note: '备注' }))).id as number
}

/** A fresh invite code of the group (an administrator's call). */
export async function inviteCode(admin: Client, groupId: number) {
  return (await ok(post(admin, '/api/group/generate-invite-code', { groupId }))).code as string
}

/** `client` joins by a code `admin` generates. */
export async function joinByCode(admin: Client, client: Client, groupId: number) {
  const code = await inviteCode(admin, groupId)
  return ok(post(client, '/api/group/join-group', { code }))
}

/** The caller's first category of their own homepage: where group bookmarks are copied to. */
export async function ownCategory(client: Client, homepageId: number) {
  return (await ok(get(client, '/api/bag/get-create', { homepageId })))[0].children[0].value as number
}

/** The id of `userId`'s pending application among those `reviewer` reviews. */
export async function applicationOf(reviewer: Client, userId: number) {
  const { list } = await ok(get(reviewer, '/api/group/apply-list', { size: 100 }))
  const found = (list as Array<{ id: number; uid: number }>).find((a) => a.uid === userId)
  if (!found) throw new Error(`no pending application of user ${userId}`)
  return found.id
}
