import { expect, test } from 'vitest'
import { GuestConfigPatchSchema, SIMPLE_MODE_MSG } from '#app/schemas/guest-config.ts'
import { DEFAULT_ENGINE } from './engines.ts'
import {
  engineCookie,
  engineHistoryCookie,
  guestConfigCookie,
  PREFERENCE_MAX_AGE,
  readEngine,
  readEngineHistory,
  readGuestConfig,
  setPreference,
} from './preference-cookies.server.ts'

/** A request carrying what a Set-Cookie header set (name=value, the attributes dropped). */
const withCookies = (...setCookies: string[]) =>
  new Request('http://localhost/', { headers: { Cookie: setCookies.map((c) => c.split(';')[0]).join('; ') } })
const raw = (name: string, value: string) => new Request('http://localhost/', { headers: { Cookie: `${name}=${value}` } })
const encode = (value: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))

test('the cookies last 365 days, are HttpOnly and SameSite=Lax, and Secure over https', async () => {
  const plain = await setPreference(engineCookie, 'bing', new Request('http://localhost/'))
  expect(plain).toMatch(/^qy_engine=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/)
  expect(PREFERENCE_MAX_AGE).toBe(31_536_000)
  expect(await setPreference(engineCookie, 'bing', new Request('https://qiye.example/'))).toContain('; Secure')
})

test('the engine and the history read back what was set', async () => {
  const request = withCookies(
    await setPreference(engineCookie, 'zhihu', new Request('http://localhost/')),
    await setPreference(engineHistoryCookie, ['起页', 'react router'], new Request('http://localhost/')),
  )
  expect(await readEngine(request)).toBe('zhihu')
  expect(await readEngineHistory(request)).toEqual(['起页', 'react router'])
})

test('no cookie, or one that is not ours, gives the defaults', async () => {
  const none = new Request('http://localhost/')
  expect(await readEngine(none)).toBe(DEFAULT_ENGINE)
  expect(await readEngineHistory(none)).toEqual([])
  expect(await readGuestConfig(none)).toEqual({})
  expect(await readEngine(raw('qy_engine', encode('altavista')))).toBe(DEFAULT_ENGINE)
  expect(await readEngine(raw('qy_engine', '%%%not-base64'))).toBe(DEFAULT_ENGINE)
  expect(await readEngineHistory(raw('qy_engine_history', encode({ q: 'x' })))).toEqual([])
  expect(await readGuestConfig(raw('qy_guest', encode('nonsense')))).toEqual({})
})

test('a tampered history keeps only its valid entries, at most eight', async () => {
  const entries = ['好', 42, '', '   ', '长'.repeat(61), null, ...Array.from({ length: 10 }, (_, i) => `第${i}`)]
  expect(await readEngineHistory(raw('qy_engine_history', encode(entries)))).toEqual(['好', '第0', '第1', '第2', '第3', '第4', '第5', '第6'])
})

test('a guest config keeps the fields that pass the layout rules; simple mode is never kept', async () => {
  const stored = { mode: 'focus', anchorPosition: 'top', rootFontSize: 18, themeColorId: 99, websitePrivacy: true, extra: '<script>' }
  expect(await readGuestConfig(raw('qy_guest', encode(stored)))).toEqual({ mode: 'focus', anchorPosition: 'top', rootFontSize: 18 })
  expect(await readGuestConfig(raw('qy_guest', encode({ mode: 'simple', rootFontSize: '13' })))).toEqual({})
  const request = withCookies(await setPreference(guestConfigCookie, { anchorPosition: 'right' }, new Request('http://localhost/')))
  expect(await readGuestConfig(request)).toEqual({ anchorPosition: 'right' })
})

test('set-guest-config validates with the layout rules and refuses simple mode', () => {
  // The switches and the background-area / navigation-display radios are the owner's (spec §5).
  expect(GuestConfigPatchSchema.parse({ anchorPosition: 'none', rootFontSize: '15', sidebarPosition: 'left', engineVisible: 'false', navigationDisplay: 'opacity' })).toEqual({
    anchorPosition: 'none',
    rootFontSize: 15,
    sidebarPosition: 'left',
  })
  expect(GuestConfigPatchSchema.safeParse({ mode: 'simple' }).error?.issues[0]?.message).toBe(SIMPLE_MODE_MSG)
  expect(GuestConfigPatchSchema.safeParse({ rootFontSize: 30 }).error?.issues[0]?.message).toBe('设置项的取值不正确')
  expect(GuestConfigPatchSchema.safeParse({}).error?.issues[0]?.message).toBe('没有要保存的设置')
})
