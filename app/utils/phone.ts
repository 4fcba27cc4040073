/**
 * The mobile guard's rule, in one place (spec §2: "a mobile guard sends signed-in Android or iPhone
 * browsers to the mobile site"; issue 25 item 4): which browsers are phones, where the mobile site
 * is, and the cookie that keeps a phone on the desktop layout it chose (电脑版).
 *
 * A phone is an iPhone (Safari, Chrome, WeChat's in-app browser: all say `iPhone`) or an Android
 * browser that calls itself `Mobile` (Chrome, Samsung Internet, Firefox, WeChat's XWEB). Android
 * tablets leave `Mobile` out and get the desktop layout, as the iPad does (iPadOS 13+ says
 * `Macintosh`; an older iPad says `iPad`, which is not `iPhone`).
 */
const PHONE = /\biPhone\b|\bAndroid\b.*\bMobile\b/

export function isPhoneUserAgent(userAgent: string | null | undefined) {
  return userAgent ? PHONE.test(userAgent) : false
}

/** The mobile site: the signed-in user's default homepage; `/m/{code}` a homepage by personal domain. */
export const MOBILE_PATH = '/m'

/** The layout a phone chose: `desktop` after the mobile page's 电脑版 link; absent otherwise. */
export const LAYOUT_COOKIE = 'qy_layout'

/** The query that switches: `/m?layout=desktop` (电脑版) and `/m?layout=mobile` (手机版, the footer's). */
export const LAYOUT_PARAM = 'layout'

export const desktopSwitchHref = `${MOBILE_PATH}?${LAYOUT_PARAM}=desktop`
export const mobileSwitchHref = `${MOBILE_PATH}?${LAYOUT_PARAM}=mobile`

/** Whether the Cookie header says this browser chose the desktop layout. */
export function choseDesktop(cookieHeader: string | null | undefined) {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((part) => part.trim() === `${LAYOUT_COOKIE}=desktop`)
}

/**
 * The guard: a signed-in phone that asks for the start page `/` goes to the mobile site, unless it
 * chose the desktop layout. Reads the User-Agent only for signed-in viewers (one header read), and
 * the Cookie header only for phones.
 */
export function sendsToMobile(signedIn: boolean, headers: Headers) {
  return signedIn && isPhoneUserAgent(headers.get('user-agent')) && !choseDesktop(headers.get('cookie'))
}
