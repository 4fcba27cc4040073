import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { SKIN_SAVED_MSG, ThemeSchema } from '#app/schemas/skin.ts'
import { saveTheme } from '#app/services/skin.server.ts'

export const loader = postOnly

/** `{type: 'theme', value}` (the spec's save-skin-params) or the theme save's `{theme, start, end}`. */
const Input = withHomepageId(
  z.preprocess(
    (raw) => {
      const body = raw as Record<string, unknown>
      const theme = body.theme ?? (body.type === 'theme' ? body.value : undefined)
      return { homepageId: body.homepageId, setting: { theme, start: body.start ?? body.clock_start, end: body.end ?? body.clock_end } }
    },
    z.object({ homepageId: apiId, setting: ThemeSchema }),
  ),
)

/** POST /api/skin/save-skin-params: the owner's theme on the homepage (a timed one with both times); answers the skin. */
export const action = defineApi(Input, async (input, { db, user }) => apiOk(await saveTheme(db, user, input.homepageId, input.setting), SKIN_SAVED_MSG), {
  auth: true,
})
