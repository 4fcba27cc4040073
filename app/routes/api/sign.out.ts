import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { clearSessionCookie, destroySession, readSessionToken } from '#app/auth/session.server.ts'

export const loader = postOnly

/** POST /api/sign/out: ends this browser's session. */
export const action = defineApi(z.object({}), async (_input, { db, request }) => {
  await destroySession(db, readSessionToken(request))
  return apiOk(null, '已退出登录', { 'Set-Cookie': clearSessionCookie(request) })
})
