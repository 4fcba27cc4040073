import { fromContract } from '#app/api/contract.ts'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { CheckEmailSchema } from '#app/schemas/auth.ts'
import { checkEmail } from '#app/services/account.server.ts'

export const loader = postOnly

/** POST /api/sign/check-email {user_email}: code 1 when the address is still free. */
export const action = defineApi(
  fromContract({ user_email: 'email' }, CheckEmailSchema),
  async (input, ctx) => {
    await checkEmail(ctx.db, input.email, ctx.clientIp)
    return apiOk(null, '该邮箱地址可以使用')
  },
)
