import { expect, test } from 'vitest'
import { choseDesktop, isPhoneUserAgent, sendsToMobile } from './phone.ts'

/** Real User-Agent strings, as these browsers send them. */
const PHONES = {
  'Chrome on Android (reduced UA)': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Chrome on a Pixel': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  'Samsung Internet': 'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  'Firefox on Android': 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
  'iOS Safari': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Chrome on iPhone': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  'WeChat on iPhone': 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.42(0x18002a2a) NetType/WIFI Language/zh_CN',
  'WeChat on Android': 'Mozilla/5.0 (Linux; Android 12; V2134A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230303 MMWEBID/2461 MicroMessenger/8.0.34.2340(0x28002237) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
}

const NOT_PHONES = {
  'iPad (iPadOS, desktop-class Safari)': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'iPad (old Safari)': 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  'Android tablet': 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Chrome on Windows': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Safari on a Mac': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Firefox on Linux': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'WeChat on Windows': 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)',
}

test.each(Object.entries(PHONES))('%s is a phone', (_name, userAgent) => {
  expect(isPhoneUserAgent(userAgent)).toBe(true)
})

test.each(Object.entries(NOT_PHONES))('%s is not a phone', (_name, userAgent) => {
  expect(isPhoneUserAgent(userAgent)).toBe(false)
})

test('no User-Agent is not a phone', () => {
  expect(isPhoneUserAgent(null)).toBe(false)
  expect(isPhoneUserAgent('')).toBe(false)
})

test('the guard sends signed-in phones only, unless they chose the desktop layout', () => {
  const headers = (userAgent: string, cookie?: string) => new Headers({ 'user-agent': userAgent, ...(cookie ? { cookie } : {}) })
  expect(sendsToMobile(true, headers(PHONES['iOS Safari']))).toBe(true)
  expect(sendsToMobile(false, headers(PHONES['iOS Safari'])), 'a guest').toBe(false)
  expect(sendsToMobile(true, headers(NOT_PHONES['Chrome on Windows']))).toBe(false)
  expect(sendsToMobile(true, headers(PHONES['Samsung Internet'], 'qy_tz=Asia%2FShanghai; qy_layout=desktop'))).toBe(false)
  expect(sendsToMobile(true, headers(PHONES['Samsung Internet'], 'qy_layout=mobile; x_qy_layout=desktop'))).toBe(true)
  expect(choseDesktop('qy_layout=desktop')).toBe(true)
  expect(choseDesktop('qy_layout=desktopx')).toBe(false)
  expect(choseDesktop(undefined)).toBe(false)
})
