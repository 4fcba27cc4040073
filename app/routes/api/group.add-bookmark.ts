import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { fromContract } from '#app/api/contract.ts'
import { GroupBookmarkSchema } from '#app/schemas/group.ts'
import { saveGroupBookmark } from '#app/services/group-content.server.ts'

export const loader = postOnly

/**
 * POST /api/group/add-bookmark {id, cid, name, url, note, icon}: an administrator's new bookmark shows
 * at once (添加成功); a member's is a contribution waiting for review (投稿成功…). With `id`, an
 * administrator edits one.
 */
export const action = defineApi(
  fromContract({ id: 'id', cid: 'cid', name: 'name', url: 'url', note: 'note', icon: 'icon' }, GroupBookmarkSchema),
  async (input, { db, user }) => {
    const { msg, bookmark } = await saveGroupBookmark(db, user, input)
    return apiOk(bookmark, msg)
  },
  { auth: true },
)
