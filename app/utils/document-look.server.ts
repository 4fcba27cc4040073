import type { DocumentLook } from '#app/components/skin/document-look.ts'
import { COLOR_SCHEME_HINT, schemeOf } from './color-scheme.ts'
import { viewerTimeZone } from './http.server.ts'
import { readLookCookies } from './preference-cookies.server.ts'
import { type Look, lookFor, themeColorStyle, themeOf } from './theme.ts'

/**
 * The look of a page for this request, worked out on the server (the browser gets only the
 * result: no colour table, no rule, no zod in a guest's scripts): the viewer's own choice from
 * their cookies over the homepage's (`page`, when a start page shows one), the theme for their
 * system (the colour-scheme hint) and their clock (the tz cookie), and the colour's custom properties.
 */
export async function documentLook(request: Request, page: { own: boolean; look: Look } | null, now = Date.now()): Promise<DocumentLook> {
  const look = lookFor(page, await readLookCookies(request))
  const viewer = { scheme: schemeOf(request.headers.get(COLOR_SCHEME_HINT)), timeZone: viewerTimeZone(request), now }
  return {
    ...look,
    theme: themeOf(look.setting, viewer),
    style: themeColorStyle(look.themeColorId),
  }
}
