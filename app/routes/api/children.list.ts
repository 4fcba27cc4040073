import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { NOT_FOUND } from '#app/services/access.server.ts'
import { apiId, apiOptionalId } from '#app/api/params.ts'
import { folderChildren } from '#app/services/source.server.ts'
import { DomainError } from '#app/utils/errors.ts'

/** GET /api/children/list {id, bid}: a folder's children in order, with the folder as parentInfo. */
export const loader = defineApi(z.object({ id: apiId, bid: apiOptionalId }), async (input, { db, user }) => {
  const result = await folderChildren(db, user, input.id)
  if (input.bid && result.parentInfo.bid !== input.bid) throw new DomainError(NOT_FOUND)
  return result
})

export const action = getOnly
