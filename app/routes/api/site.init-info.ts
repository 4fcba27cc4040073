import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { initInfo } from '#app/services/site.server.ts'
import { readGuestConfig, readPageWidth } from '#app/utils/preference-cookies.server.ts'

/** GET /api/site/init-info {domain, from, clientIp} */
export const loader = defineApi(
  z.object({ domain: z.string().max(64, '当前页面不存在或已被删除').optional(), from: z.string().optional(), clientIp: z.string().optional() }),
  async (input, { db, user, request }) =>
    initInfo(db, user, {
      domain: input.domain,
      pageWidthType: await readPageWidth(request),
      guestConfig: await readGuestConfig(request),
    }),
)

export const action = getOnly
