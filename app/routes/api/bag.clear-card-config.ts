import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { clearCardConfig } from '#app/services/bag.server.ts'
import { apiId } from '#app/api/params.ts'

export const loader = postOnly

/** POST /api/bag/clear-card-config {bid}: back to the homepage's layout. */
export const action = defineApi(
  z.object({ bid: apiId }),
  async (input, { db, user }) => apiOk(await clearCardConfig(db, user, input.bid), '操作成功！'),
  { auth: true },
)
