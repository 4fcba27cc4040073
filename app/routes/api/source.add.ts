import { z } from 'zod'
import { fromContract } from '#app/api/contract.ts'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { LinkSchema } from '#app/schemas/content.ts'
import { firstGiven, jsonField } from '#app/api/params.ts'
import { saveLink } from '#app/services/source.server.ts'

export const loader = postOnly

const LinkForm = fromContract(
  {
    bs_id: 'id',
    sour_name: 'name',
    sour_url: 'url',
    note: 'note',
    bid: 'bid',
    parentLinkId: 'parentLinkId',
    icon: 'icon',
    formats: 'formats',
    isOnlyOwnView: 'isOnlyOwnView',
    isOnlyOwnViewRemark: 'isOnlyOwnViewRemark',
  },
  LinkSchema,
)

/**
 * POST /api/source/add: the link form {bs_id (edit when given; `id` also works), sour_name,
 * sour_url, note, bid, parentLinkId, icon, formats (object or JSON string), isOnlyOwnView ('1'
 * or empty), isOnlyOwnViewRemark}.
 */
export const action = defineApi(
  z.preprocess((raw) => {
      const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
      return { ...input, bs_id: firstGiven(input.bs_id, input.id), formats: jsonField(input.formats) }
    }, LinkForm),
  async (input, { db, user }) => apiOk(await saveLink(db, user, input), '保存成功'),
  { auth: true },
)
