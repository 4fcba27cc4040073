import { fromContract } from '#app/api/contract.ts'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { RegisterSchema } from '#app/schemas/auth.ts'
import { REGISTERED_MSG, register } from '#app/services/account.server.ts'

export const loader = postOnly

/** POST /api/sign/on {user_nickname, user_email, user_password}: register and sign in. */
export const action = defineApi(
  fromContract({ user_nickname: 'nickname', user_email: 'email', user_password: 'password' }, RegisterSchema),
  async (input, ctx) => {
    const user = await register(ctx.db, input, ctx.clientIp)
    const cookie = await startSession(ctx.db, ctx.request, user.id, ctx.clientIp)
    return apiOk({ userId: user.id, nickname: user.nickname }, REGISTERED_MSG, { 'Set-Cookie': cookie })
  },
)
