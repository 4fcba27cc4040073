import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { NOT_FOUND } from '#app/services/access.server.ts'
import { apiId, firstGiven } from '#app/api/params.ts'
import { recordClick } from '#app/services/source.server.ts'
import { DomainError } from '#app/utils/errors.ts'

export const loader = postOnly

/**
 * POST /api/source/click {module, id}: counts a visit, for anyone who may see the link. The
 * HTML `ping` attribute posts the body 'PING' (text/ping), so `id` may also come in the query.
 */
export const action = defineApi(
  z.object({ id: z.unknown().optional(), module: z.unknown().optional() }),
  async (input, { db, user, request }) => {
    const id = apiId.safeParse(firstGiven(input.id, new URL(request.url).searchParams.get('id')))
    if (!id.success) throw new DomainError(NOT_FOUND)
    await recordClick(db, user, id.data)
    return apiOk(null, '操作成功！')
  },
)
