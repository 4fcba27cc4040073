import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { groupNoticeAmount } from '#app/services/group-notices.server.ts'

/** GET or POST /api/group/group-notice-amount: the caller's unread notices {total, groupAmount} (polled every 20 minutes); a guest's are 0. */
const amount = defineApi(z.object({}), (_input, { db, user }) => groupNoticeAmount(db, user))

export const loader = amount
export const action = amount
