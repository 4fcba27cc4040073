import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { NOT_FOUND } from '#app/services/access.server.ts'
import { apiId } from '#app/api/params.ts'
import { sourceDetail } from '#app/services/source.server.ts'
import { DomainError } from '#app/utils/errors.ts'

/** GET /api/bookmark/detail {id}: the link form's detail `{info}`. Every failure has code -1 (spec §8). */
export const loader = defineApi(z.object({ id: z.unknown() }), async (input, { db, user }) => {
  const id = apiId.safeParse(input.id)
  if (!id.success) throw new DomainError(NOT_FOUND, { code: -1 })
  try {
    return await sourceDetail(db, user, id.data)
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.message, { code: -1 })
    throw error
  }
})

export const action = getOnly
