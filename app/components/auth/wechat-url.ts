/** The QR page of WeChat sign-in (no JavaScript needed), coming back to `redirectTo`. Apart from dialog-url.ts: guest pages' JavaScript does not carry it. */
export const wechatLoginHref = (redirectTo: string) => `/login?${new URLSearchParams({ mode: 'wechat', redirectTo })}`
