import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { ReviewStatus } from '#app/schemas/group.ts'
import { APPLY_REVIEWED_MSG, reviewApply } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/review-apply {id, status (1 approve, 2 turn down)}: an application decided once; approved makes the applicant a member. */
export const action = defineApi(
  z.object({ id: apiId, status: ReviewStatus }),
  async (input, { db, user }) => apiOk(await reviewApply(db, user, input), APPLY_REVIEWED_MSG),
  { auth: true },
)
