import { lazyPart } from '../lazy-part.tsx'

/** The WeChat QR view with its polling, for the pages that draw it (the dialog has its own: auth-dialog.tsx). Its code loads only where a QR code is shown (ADR 015). */
export const WechatQrPart = lazyPart(() => import('./wechat-qr.tsx').then((m) => m.WechatQr))
