import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { authenticateWithForm } from '#app/auth/authenticator.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { SIGNED_IN_MSG } from '#app/services/account.server.ts'

export const loader = postOnly

/** POST /api/sign/in {user_email, user_password} */
export const action = defineApi(
  z.object({ user_email: z.unknown().optional(), user_password: z.unknown().optional() }),
  async (input, ctx) => {
    // remix-auth's form strategy reads a form: JSON bodies are handed to it as one.
    const form = new URLSearchParams()
    if (typeof input.user_email === 'string') form.set('user_email', input.user_email)
    if (typeof input.user_password === 'string') form.set('user_password', input.user_password)
    const user = await authenticateWithForm(ctx, new Request(ctx.request.url, { method: 'POST', body: form }))
    const cookie = await startSession(ctx.db, ctx.request, user.id, ctx.clientIp)
    return apiOk({ userId: user.id, nickname: user.nickname }, SIGNED_IN_MSG, { 'Set-Cookie': cookie })
  },
)
