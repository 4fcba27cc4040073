import { fromContract } from '#app/api/contract.ts'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { LoginSchema } from '#app/schemas/auth.ts'
import { WxRegisterParams } from '#app/schemas/wechat.ts'
import { completeWechatRegister } from '#app/services/wechat-login.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { readWechatSecret } from '#app/wechat/browser-cookie.server.ts'

export const loader = postOnly

/**
 * POST /api/wx/register {scene, user_email?, user_password?, user_nickname?}: after status
 * 'register', binds the scan to the account of that e-mail and password, or (without them) makes
 * a new account; either way this browser is signed in.
 */
export const action = defineApi(
  fromContract({ scene: 'scene', user_email: 'email', user_password: 'password', user_nickname: 'nickname' }, WxRegisterParams),
  async (input, { db, request, clientIp }) => {
    const login = input.email || input.password ? LoginSchema.safeParse({ email: input.email, password: input.password }) : undefined
    if (login && !login.success) throw new DomainError(firstIssue(login.error))
    const bind = login?.data
    const user = await completeWechatRegister(db, { scene: input.scene, secret: readWechatSecret(request), ip: clientIp, bind, nickname: input.nickname })
    const cookie = await startSession(db, request, user.id, clientIp)
    return apiOk({ userId: user.id, nickname: user.nickname }, bind ? '绑定成功，页面即将刷新' : '注册成功，页面即将刷新', { 'Set-Cookie': cookie })
  },
)
