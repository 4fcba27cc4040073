import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { ReviewStatus } from '#app/schemas/group.ts'
import { REVIEWED_MSG, reviewContribution } from '#app/services/group-content.server.ts'

export const loader = postOnly

/**
 * POST /api/group/review-contribute {id, status (1 approve, 2 turn down)}: decides a pending
 * contribution, or the appeal of a removed bookmark (approve restores it). Once: 该投稿已处理 after.
 */
export const action = defineApi(
  z.object({ id: apiId, status: ReviewStatus }),
  async (input, { db, user }) => apiOk(await reviewContribution(db, user, input), REVIEWED_MSG),
  { auth: true },
)
