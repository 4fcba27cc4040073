import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { ClearSkinFormSchema, SaveThemeColorFormSchema, SaveThemeFormSchema, SKIN_CLEARED_MSG, SKIN_SAVED_MSG } from '#app/schemas/skin.ts'
import { clearSkin, ownsHomepage, saveTheme, saveThemeColor } from '#app/services/skin.server.ts'
import { guestConfigCookie, readGuestConfig, setPreference, skinCookie, themeCookie } from '#app/utils/preference-cookies.server.ts'
import { DeleteHistorySchema, EffectsFormSchema, PickFormSchema, SKIN_TABS, type SkinTab } from '#app/schemas/skin-background.ts'
import {
  BACKGROUND_SAVED_MSG,
  deleteSkinHistory,
  HISTORY_DELETED_MSG,
  listSkinHistory,
  saveBackground,
  saveEffects,
  skinCategories,
  skinCategoryOf,
  skinPictures,
  viewerBackground,
  viewerBackgroundAfter,
} from '#app/services/skin-background.server.ts'
import { clickIntent, family, guestDialog, viewerIntent } from './family.server.ts'

/**
 * The skin drawer (spec §2, 540px): theme, timed window, theme colour, background (library
 * picture, colour, upload; the upload itself posts to /api/skin/upload), opacity and blur, reset. Anyone who sees the
 * homepage opens it; its owner saves on the homepage, anyone else (guests too) for themselves in
 * cookies (spec §6; preference-cookies.server.ts), which no one else sees.
 */
export const skinFamily = family({
  dialogs: {
    skin: guestDialog<'skin'>({
      capability: 'view',
      keepsOpen: true,
      load: async ({ db, user, resolved, url, id, request }) => {
        // Opens where the background the page shows is (the page's rule: homepage-page.server.ts): its
        // tab (an upload's only for a signed-in viewer, who has uploads), a picture's category.
        const shown = await viewerBackground(request, resolved.role === 'owner', resolved.homepage)
        const inUse: SkinTab = shown.type === 'color' || (shown.type === 'custom' && user) ? shown.type : 'image'
        const tab: SkinTab = SKIN_TABS.find((t) => t.value === url.searchParams.get('tab'))?.value ?? inUse
        const { cid, list } = skinPictures(id('cid') ?? (shown.type === 'image' ? skinCategoryOf(shown.skin_id) : 0))
        return {
          dialog: 'skin',
          homepageId: resolved.homepage.id,
          own: await ownsHomepage(db, user, resolved.homepage.id),
          signIn: user ? null : signInHref(pathOf(url)),
          tab,
          cid,
          categories: skinCategories(),
          pictures: list,
          history: user ? await listSkinHistory(db, user) : [],
        }
      },
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
    // A background picked (picture, upload, colour) or the sliders: the owner's on the homepage, anyone else's in qy_skin.
    'pick-skin': viewerIntent({
      schema: PickFormSchema,
      dialog: 'skin',
      run: async ({ homepageId, ...pick }, { db, user, request }) => {
        if (await ownsHomepage(db, user, homepageId)) {
          await saveBackground(db, user, homepageId, pick)
          return { msg: BACKGROUND_SAVED_MSG }
        }
        const background = await viewerBackgroundAfter(db, user, request, homepageId, { pick })
        return { msg: BACKGROUND_SAVED_MSG, headers: new Headers({ 'Set-Cookie': await setPreference(skinCookie, background, request) }) }
      },
    }),
    'save-skin-effects': viewerIntent({
      schema: EffectsFormSchema,
      dialog: 'skin',
      run: async ({ homepageId, ...effects }, { db, user, request }) => {
        if (await ownsHomepage(db, user, homepageId)) {
          await saveEffects(db, user, homepageId, effects)
          return { msg: BACKGROUND_SAVED_MSG }
        }
        const background = await viewerBackgroundAfter(db, user, request, homepageId, { effects })
        return { msg: BACKGROUND_SAVED_MSG, headers: new Headers({ 'Set-Cookie': await setPreference(skinCookie, background, request) }) }
      },
    }),
    'delete-skin-history': clickIntent({
      schema: DeleteHistorySchema,
      run: async ({ id }, { db, user }) => {
        await deleteSkinHistory(db, user, id)
        return HISTORY_DELETED_MSG
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
        headers.append('Set-Cookie', await skinCookie.serialize('', { maxAge: 0, expires: new Date(0) }))
        headers.append('Set-Cookie', await setPreference(guestConfigCookie, config, request))
        return { msg: SKIN_CLEARED_MSG, headers }
      },
    }),
  },
})
