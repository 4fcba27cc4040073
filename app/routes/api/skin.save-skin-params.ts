import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { SKIN_SAVED_MSG, SkinParamsSchema } from '#app/schemas/skin.ts'
import { saveSkinParams } from '#app/services/skin.server.ts'

export const loader = postOnly

/**
 * The spec's `{type, value}` (type theme, opacity or fuzzy) or the theme save's fields
 * (`{theme, start, end, opacity, fuzzy}`), read into SkinParamsSchema's shape.
 */
const Input = withHomepageId(
  z.preprocess(
    (raw) => {
      const body = raw as Record<string, unknown>
      const type = body.type ?? undefined
      const typed = (name: string) => (type === name ? body.value : undefined)
      const theme = body.theme ?? typed('theme')
      return {
        homepageId: body.homepageId,
        type,
        setting: theme === undefined ? undefined : { theme, start: body.start ?? body.clock_start, end: body.end ?? body.clock_end },
        opacity: body.opacity ?? typed('opacity'),
        fuzzy: body.fuzzy ?? typed('fuzzy'),
      }
    },
    z.intersection(z.object({ homepageId: apiId }), SkinParamsSchema),
  ),
)

/** POST /api/skin/save-skin-params: the owner's theme (a timed one with both times), opacity and blur on the homepage; answers the skin. */
export const action = defineApi(
  Input,
  async ({ homepageId, type: _type, ...patch }, { db, user }) => apiOk(await saveSkinParams(db, user, homepageId, patch), SKIN_SAVED_MSG),
  { auth: true },
)
