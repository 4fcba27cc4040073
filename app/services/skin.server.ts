import { eq } from 'drizzle-orm'
import { can } from '#app/auth/permissions.ts'
import type { Db } from '#app/db/client.server.ts'
import { homepages, type Homepage, type User } from '#app/db/schema/index.ts'
import { DEFAULT_LAYOUT, DEFAULT_SKIN } from '#app/schemas/homepage.ts'
import { LAYOUT_FIELDS } from '#app/schemas/layout.ts'
import { cleanTheme, DEFAULT_THEME, type SkinParamsPatch, type ThemeSetting } from '#app/schemas/skin.ts'
import { documentLook } from '#app/utils/document-look.server.ts'
import type { Look } from '#app/utils/theme.ts'
import { type Actor, homepageAccess, requireCapability } from './access.server.ts'
import { currentHomepageOf } from './homepage.server.ts'
import { updateLayout } from './homepage-settings.server.ts'

/**
 * The theme and theme colour of a homepage (spec §3 Skin theme / clock_start / clock_end, Layout
 * config themeColorId), saved by its owner (spec §6 edits settings); everyone else keeps their own
 * choice in cookies (skin-cookies.server.ts). The skin JSON's other fields (pictures, colours,
 * opacity, blur) are kept as they are.
 */

/** The look saved on a homepage (what its owner and, without their own choice, its visitors see). */
export function homepageLook(homepage: Homepage): Look {
  const color = LAYOUT_FIELDS.themeColorId.safeParse(homepage.layout.themeColorId)
  return { setting: cleanTheme(homepage.skin) ?? DEFAULT_THEME, themeColorId: color.success ? color.data : DEFAULT_LAYOUT.themeColorId }
}

/** The skin JSON as get-skin-params answers it: every field with its default, the timed window in the spec's names. */
function skinParams(homepage: Homepage) {
  const { setting, themeColorId } = homepageLook(homepage)
  return { ...DEFAULT_SKIN, ...homepage.skin, theme: setting.theme, clock_start: setting.start, clock_end: setting.end, themeColorId }
}

/**
 * Whether the viewer's look is saved on this homepage (its owner) rather than in their own
 * cookies; refuses a homepage the viewer may not see (one answer for missing and hidden).
 */
export async function ownsHomepage(db: Db, actor: Actor, homepageId: number) {
  const { role } = await homepageAccess(db, actor, homepageId)
  return can(role, 'edit-settings')
}

/** GET get-skin-params {homepageId}: anyone who may see the homepage. */
export async function getSkinParams(db: Db, actor: Actor, homepageId: number) {
  const { homepage } = await homepageAccess(db, actor, homepageId)
  return skinParams(homepage)
}

/**
 * save-skin-params: the theme (and the timed window) and/or the background's opacity and blur on
 * the homepage, checked by SkinParamsSchema; owner only. The row is locked so a skin saved at once
 * survives. Answers the skin as get-skin-params does.
 */
export async function saveSkinParams(db: Db, actor: Actor, homepageId: number, { setting, opacity, fuzzy }: SkinParamsPatch) {
  return db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, actor, homepageId, 'edit-settings', true)
    const skin = {
      ...homepage.skin,
      ...(setting && { theme: setting.theme, clock_start: setting.start, clock_end: setting.end }),
      ...(opacity !== undefined && { opacity }),
      ...(fuzzy !== undefined && { fuzzy }),
    }
    await tx.update(homepages).set({ skin }).where(eq(homepages.id, homepageId))
    return skinParams({ ...homepage, skin })
  })
}

/** Saves the theme (and the timed window) on the homepage; owner only. */
export function saveTheme(db: Db, actor: Actor, homepageId: number, setting: ThemeSetting) {
  return saveSkinParams(db, actor, homepageId, { setting })
}

/** Saves one of the 17 preset theme colours (layout config themeColorId); owner only. */
export async function saveThemeColor(db: Db, actor: Actor, homepageId: number, themeColorId: number) {
  const layout = await updateLayout(db, actor, homepageId, { themeColorId })
  return { themeColorId: layout.themeColorId }
}

/** clear-skin: the homepage's skin back to the defaults (theme included) and its theme colour to the site's own; owner only. */
export async function clearSkin(db: Db, actor: Actor, homepageId: number) {
  return db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, actor, homepageId, 'edit-settings', true)
    const { themeColorId: _dropped, ...layout } = homepage.layout
    await tx.update(homepages).set({ skin: {}, layout }).where(eq(homepages.id, homepageId))
    return skinParams({ ...homepage, skin: {}, layout })
  })
}

/**
 * The look of every page that is not a start page (a start page's loader gives its homepage's):
 * a signed-in viewer's is the one their start page shows them — their homepage's theme and theme
 * colour (spec §6: the owner's look is saved on it) — so 发现, 小组, the tools and the user centre
 * are as dark as their start page; a guest's comes from their cookies.
 */
export async function viewerLook(db: Db, user: User | null, request: Request, now?: number) {
  const homepage = user ? await currentHomepageOf(db, user) : undefined
  return documentLook(request, homepage ? { own: true, look: homepageLook(homepage) } : null, now)
}
