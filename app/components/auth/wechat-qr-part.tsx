import { lazyPart } from '../lazy-part.tsx'

/** The WeChat QR view with its polling: its code loads only where a QR code is shown (ADR 015). */
export const WechatQrPart = lazyPart(() => import('./wechat-qr.tsx').then((m) => m.WechatQr), 'wechat-qr')

/** The QR page of WeChat sign-in (no JavaScript needed), coming back to `redirectTo`. Not in dialog-url.ts: guest pages' JavaScript does not carry it. */
export const wechatLoginHref = (redirectTo: string) => `/login?${new URLSearchParams({ mode: 'wechat', redirectTo })}`
