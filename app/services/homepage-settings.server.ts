import { eq } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { homepages } from '#app/db/schema/index.ts'
import { popVisibleOf } from '#app/schemas/layout.ts'
import { type Actor, requireCapability } from './access.server.ts'
import { homepageLayout } from './homepage.server.ts'

/**
 * Merges validated layout fields into a homepage's layout config (owner only). The row is locked,
 * so two settings saved at once both survive.
 */
export async function updateLayout(db: Db, actor: Actor, homepageId: number, patch: Record<string, unknown>) {
  return db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, actor, homepageId, 'edit-settings', true)
    const layout = { ...homepage.layout, ...patch }
    await tx.update(homepages).set({ layout }).where(eq(homepages.id, homepageId))
    return homepageLayout({ ...homepage, layout })
  })
}

/** set-pop-visible: toggles popVisible and answers the new value. */
export async function togglePopVisible(db: Db, actor: Actor, homepageId: number) {
  return db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, actor, homepageId, 'edit-settings', true)
    const popVisible = !popVisibleOf(homepage.settings)
    await tx
      .update(homepages)
      .set({ settings: { ...homepage.settings, popVisible } })
      .where(eq(homepages.id, homepageId))
    return { popVisible }
  })
}

/** What clear-website-style keeps: the theme colour is the theme's setting, not the page's style. */
const KEPT_ON_CLEAR = ['themeColorId', 'themeColor']

/** clear-website-style: the homepage's layout back to the defaults (owner only); answers the layout. */
export async function clearLayout(db: Db, actor: Actor, homepageId: number) {
  return db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, actor, homepageId, 'edit-settings', true)
    const layout = Object.fromEntries(Object.entries(homepage.layout).filter(([key]) => KEPT_ON_CLEAR.includes(key)))
    await tx.update(homepages).set({ layout }).where(eq(homepages.id, homepageId))
    return homepageLayout({ ...homepage, layout })
  })
}
