import { isHttps, readCookie, serializeCookie } from '#app/utils/http.server.ts'

/*
 * The secret that makes a WeChat QR code this browser's (app/services/wechat-login.server.ts):
 * HttpOnly, so page scripts never see it; it lives as long as the QR code and its confirm step.
 */
const cookieName = (request: Request) => (isHttps(request) ? '__Host-qy_wx' : 'qy_wx')

export const readWechatSecret = (request: Request) => readCookie(request, cookieName(request))

export const wechatSecretCookie = (request: Request, secret: string, maxAgeSeconds: number) =>
  serializeCookie(cookieName(request), secret, { maxAge: maxAgeSeconds, secure: isHttps(request) })
