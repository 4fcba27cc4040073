import { eq } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { homepages } from '#app/db/schema/index.ts'
import { layoutPatchSchema, type LayoutField, popVisibleOf } from '#app/schemas/layout.ts'
import { z } from '#app/schemas/zod.ts'
import { type Actor, requireCapability } from './access.server.ts'
import { apiId, withHomepageId } from './content-api.server.ts'
import { homepageLayout } from './homepage.server.ts'

/** The body of a settings call: `homepageId` (or gb-hid) and the given layout fields, as `patch`. */
export function layoutCallSchema(fields: readonly LayoutField[]) {
  return withHomepageId(
    z.preprocess(
      (raw) => ({ homepageId: (raw as { homepageId?: unknown }).homepageId, patch: raw }),
      z.object({ homepageId: apiId, patch: layoutPatchSchema(fields) }),
    ),
  )
}

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
