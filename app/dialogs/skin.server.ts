import { ClearSkinFormSchema, SaveThemeColorFormSchema, SaveThemeFormSchema, SKIN_CLEARED_MSG, SKIN_SAVED_MSG } from '#app/schemas/skin.ts'
import { clearSkin, ownsHomepage, saveTheme, saveThemeColor } from '#app/services/skin.server.ts'
import { guestConfigCookie, readGuestConfig, setPreference, themeCookie } from '#app/utils/preference-cookies.server.ts'
import { family, guestDialog, viewerIntent } from './family.server.ts'

/**
 * The skin drawer (spec §2, 540px): theme, timed window, theme colour, reset. Anyone who sees the
 * homepage opens it; its owner saves on the homepage, anyone else (guests too) for themselves in
 * cookies (spec §6; preference-cookies.server.ts), which no one else sees.
 */
export const skinFamily = family({
  dialogs: {
    skin: guestDialog<'skin'>({
      capability: 'view',
      keepsOpen: true,
      load: async ({ db, user, resolved }) => ({
        dialog: 'skin',
        homepageId: resolved.homepage.id,
        own: await ownsHomepage(db, user, resolved.homepage.id),
      }),
    }),
  },
  intents: {
    'save-theme': viewerIntent({
      schema: SaveThemeFormSchema,
      dialog: 'skin',
      run: async ({ homepageId, ...setting }, { db, user, request }) => {
        if (await ownsHomepage(db, user, homepageId)) {
          await saveTheme(db, user, homepageId, setting)
          return { msg: SKIN_SAVED_MSG }
        }
        return { msg: SKIN_SAVED_MSG, headers: new Headers({ 'Set-Cookie': await setPreference(themeCookie, setting, request) }) }
      },
    }),
    'save-theme-color': viewerIntent({
      schema: SaveThemeColorFormSchema,
      dialog: 'skin',
      run: async ({ homepageId, themeColorId }, { db, user, request }) => {
        if (await ownsHomepage(db, user, homepageId)) {
          await saveThemeColor(db, user, homepageId, themeColorId)
          return { msg: SKIN_SAVED_MSG }
        }
        const config = { ...(await readGuestConfig(request)), themeColorId }
        return { msg: SKIN_SAVED_MSG, headers: new Headers({ 'Set-Cookie': await setPreference(guestConfigCookie, config, request) }) }
      },
    }),
    // Reset: the owner clears the homepage's skin (clear-skin); anyone else forgets their own choice.
    'clear-skin': viewerIntent({
      schema: ClearSkinFormSchema,
      dialog: 'skin',
      run: async ({ homepageId }, { db, user, request }) => {
        if (await ownsHomepage(db, user, homepageId)) {
          await clearSkin(db, user, homepageId)
          return { msg: SKIN_CLEARED_MSG }
        }
        const { themeColorId: _forgotten, ...config } = await readGuestConfig(request)
        const headers = new Headers()
        headers.append('Set-Cookie', await themeCookie.serialize('', { maxAge: 0, expires: new Date(0) }))
        headers.append('Set-Cookie', await setPreference(guestConfigCookie, config, request))
        return { msg: SKIN_CLEARED_MSG, headers }
      },
    }),
  },
})
