import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { GuestConfigPatchSchema } from '#app/schemas/guest-config.ts'
import { guestConfigCookie, readGuestConfig, setPreference } from '#app/utils/preference-cookies.server.ts'

export const loader = postOnly

/**
 * POST /api/site/set-guest-config {mode, anchorPosition, rootFontSize, themeColorId}: this
 * browser's settings while signed out, in a cookie (365 days) merged over the last ones; pages
 * apply them to guests only. Answers the whole stored config.
 */
export const action = defineApi(GuestConfigPatchSchema, async (patch, { request }) => {
  const config = { ...(await readGuestConfig(request)), ...patch }
  return apiOk(config, '设置成功', { 'Set-Cookie': await setPreference(guestConfigCookie, config, request) })
})
