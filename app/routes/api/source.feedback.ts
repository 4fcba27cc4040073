import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { fromContract } from '#app/api/contract.ts'
import { ReportSchema } from '#app/schemas/report.ts'
import { REPORTED_MSG, reportSource } from '#app/services/reports.server.ts'

export const loader = postOnly

/** POST /api/source/feedback {sour_id, type, otherType}: reports a link the caller can see (guests too). */
export const action = defineApi(
  fromContract({ sour_id: 'sourceId', type: 'type', otherType: 'otherType' }, ReportSchema),
  async (input, { db, user, clientIp }) => {
    await reportSource(db, user, input, clientIp)
    return apiOk(null, REPORTED_MSG)
  },
)
