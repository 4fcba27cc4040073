import { fromContract } from '#app/api/contract.ts'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { WxRegisterParams } from '#app/schemas/wechat.ts'
import { completeWechatRegister } from '#app/services/wechat-login.server.ts'
import { readWechatSecret } from '#app/wechat/browser-cookie.server.ts'
import { BOUND_MSG, REGISTERED_MSG } from '#app/services/account.server.ts'

export const loader = postOnly

/**
 * POST /api/wx/register {scene, user_email?, user_password?, user_nickname?}: after status
 * 'register', binds the scan to the account of that e-mail and password, or (without them) makes
 * a new account; either way this browser is signed in.
 */
export const action = defineApi(
  fromContract({ scene: 'scene', user_email: 'email', user_password: 'password', user_nickname: 'nickname' }, WxRegisterParams),
  async (input, { db, request, clientIp }) => {
    // With an e-mail or a password: bind to that account; without: a new one.
    const bind = input.email || input.password ? { email: input.email, password: input.password } : undefined
    const user = await completeWechatRegister(db, { scene: input.scene, secret: readWechatSecret(request), ip: clientIp, bind, nickname: input.nickname })
    const cookie = await startSession(db, request, user.id, clientIp)
    return apiOk({ userId: user.id, nickname: user.nickname }, bind ? BOUND_MSG : REGISTERED_MSG, { 'Set-Cookie': cookie })
  },
)
