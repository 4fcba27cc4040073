import { z } from 'zod'

/** A refused field that names no message of its own: zod's defaults are English, every refusal here is Chinese. */
export const MISSING_PARAM_MSG = '缺少必要的参数'
export const BAD_PARAM_MSG = '参数错误'

z.config({
  // zod probes `new Function` to compile validators; our CSP forbids eval in the browser, so it
  // must not try. Schemas import `z` from here so the setting is made before any of them exists.
  jitless: true,
  // The one Chinese default for every rule without its own message (a route that imports `z`
  // straight from zod gets it too: the setting is global).
  localeError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? MISSING_PARAM_MSG : BAD_PARAM_MSG),
})

export { z }
