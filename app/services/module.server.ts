import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bags, modules, sources } from '#app/db/schema/index.ts'
import { deleteInSteps } from '#app/db/steps.server.ts'
import type { ModuleInput } from '#app/schemas/content.ts'
import { DomainError } from '#app/utils/errors.ts'
import { type Actor, homepageAccess, NOT_FOUND, requireCapability } from './access.server.ts'
import { liveSiblings, mergeOrder, moveStep, nextPosition, renumber, type Step, writeOrder } from './ordering.server.ts'

/** Issue 21, ADR 024: modules of one homepage (as the spec's 100 children of a list). */
export const MAX_MODULES = 100
export const TOO_MANY_MODULES = `每个主页最多${MAX_MODULES}个模块`

/** Refuses `adding` more modules on a homepage past MAX_MODULES (under the homepage lock). */
export async function assertModuleRoom(tx: Db | Tx, homepageId: number, adding = 1) {
  if (adding <= 0) return
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(modules).where(eq(modules.homepageId, homepageId))
  if (row!.n + adding > MAX_MODULES) throw new DomainError(TOO_MANY_MODULES)
}

export function moduleView(m: typeof modules.$inferSelect) {
  return {
    moduleId: m.id,
    id: m.id,
    name: m.name,
    title: m.name,
    icon: m.icon,
    iconValue: m.icon,
    iconType: m.icon.startsWith('/uploads/') ? 'image' : 'font',
    moduleType: m.moduleType,
    isDefault: m.isDefault,
    isOpen: m.isOpen,
    homepageId: m.homepageId,
  }
}

/** The modules of a homepage in their order, for anyone who may see it. */
export async function listModules(db: Db, actor: Actor, homepageId: number) {
  await homepageAccess(db, actor, homepageId)
  const rows = await db
    .select()
    .from(modules)
    .where(eq(modules.homepageId, homepageId))
    .orderBy(asc(modules.sortKey), asc(modules.id))
  return rows.map(moduleView)
}

/** A module and the actor's role on its homepage; NOT_FOUND when invisible. */
export async function getModule(db: Db, actor: Actor, moduleId: number) {
  const [row] = await db.select().from(modules).where(eq(modules.id, moduleId)).limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  const access = await homepageAccess(db, actor, row.homepageId)
  return { module: row, ...access }
}

/** Adds a module, or renames / re-icons one: its type is fixed once it exists (spec §5). */
export async function saveModule(db: Db, actor: Actor, input: ModuleInput) {
  return db.transaction(async (tx) => {
    await requireCapability(tx, actor, input.homepageId, 'manage-modules', true)
    if (input.moduleId) {
      const [row] = await tx
        .update(modules)
        .set({ name: input.name, icon: input.icon })
        .where(and(eq(modules.id, input.moduleId), eq(modules.homepageId, input.homepageId)))
        .returning()
      if (!row) throw new DomainError(NOT_FOUND)
      return moduleView(row)
    }
    await assertModuleRoom(tx, input.homepageId)
    const sortKey = await nextPosition(tx, modules, { homepageId: input.homepageId })
    const [row] = await tx
      .insert(modules)
      .values({
        homepageId: input.homepageId,
        name: input.name,
        icon: input.icon,
        moduleType: input.moduleType,
        isDefault: sortKey === 0,
        sortKey,
      })
      .returning()
    return moduleView(row!)
  })
}

/** Loads modules by id; all must belong to one homepage the actor manages. */
async function ownedModules(db: Db, actor: Actor, moduleIds: number[]) {
  if (!moduleIds.length) throw new DomainError(NOT_FOUND)
  const rows = await db.select().from(modules).where(inArray(modules.id, moduleIds))
  const homepageIds = new Set(rows.map((r) => r.homepageId))
  if (rows.length !== new Set(moduleIds).size || homepageIds.size !== 1) throw new DomainError(NOT_FOUND)
  const homepageId = rows[0]!.homepageId
  await requireCapability(db, actor, homepageId, 'manage-modules')
  return { rows, homepageId }
}

/**
 * module/sort {moduleIds}: the given modules (one homepage) take the given order; the homepage's
 * other modules keep their relative order after them.
 */
export async function sortModules(db: Db, actor: Actor, moduleIds: number[]) {
  const ids = [...new Set(moduleIds)]
  const { homepageId } = await ownedModules(db, actor, ids)
  await db.transaction(async (tx) => {
    await requireCapability(tx, actor, homepageId, 'manage-modules', true)
    // Read under the lock: the homepage's modules as they are now.
    const current = await liveSiblings(tx, modules, { homepageId })
    const here = new Set(current)
    if (ids.some((id) => !here.has(id))) throw new DomainError(NOT_FOUND)
    await writeOrder(tx, modules, mergeOrder(current, ids))
  })
}

/** The manage page's move buttons (no JS): a module one place up or down (or first, last, a position). */
export async function moveModuleStep(db: Db, actor: Actor, moduleId: number, step: Step) {
  const { homepageId } = await ownedModules(db, actor, [moduleId])
  await db.transaction(async (tx) => {
    await requireCapability(tx, actor, homepageId, 'manage-modules', true)
    const order = await liveSiblings(tx, modules, { homepageId })
    if (!order.includes(moduleId)) throw new DomainError(NOT_FOUND)
    await writeOrder(tx, modules, moveStep(order, moduleId, step))
  })
}

export async function setDefaultModule(db: Db, actor: Actor, moduleId: number) {
  const { homepageId } = await ownedModules(db, actor, [moduleId])
  await db.transaction(async (tx) => {
    await requireCapability(tx, actor, homepageId, 'manage-modules', true)
    await tx.update(modules).set({ isDefault: false }).where(and(eq(modules.homepageId, homepageId), ne(modules.id, moduleId)))
    await tx.update(modules).set({ isDefault: true }).where(eq(modules.id, moduleId))
  })
}

/**
 * Deletes modules with their categories and bookmarks for good; another becomes the default. The
 * bookmarks go first, in steps (ADR 024: a module may hold tens of thousands), the rest in one.
 */
export async function hardDeleteModules(db: Db, actor: Actor, moduleIds: number[]) {
  const { homepageId } = await ownedModules(db, actor, moduleIds)
  const ids = sql.join(moduleIds.map((id) => sql`${id}::int`), sql`, `)
  await deleteInSteps(db, sources, sql`${sources.bagId} in (select id from ${bags} where module_id in (${ids}) and homepage_id = ${homepageId})`, {
    guard: (tx) => requireCapability(tx, actor, homepageId, 'manage-modules', true),
  })
  await db.transaction(async (tx) => {
    await requireCapability(tx, actor, homepageId, 'manage-modules', true)
    await tx.delete(modules).where(inArray(modules.id, moduleIds))
    await renumber(tx, modules, { homepageId })
    const rest = await tx
      .select()
      .from(modules)
      .where(eq(modules.homepageId, homepageId))
      .orderBy(asc(modules.sortKey), asc(modules.id))
    if (rest.length && !rest.some((m) => m.isDefault)) {
      await tx.update(modules).set({ isDefault: true }).where(eq(modules.id, rest[0]!.id))
    }
  })
}

/** Shares or unshares a module through its link (spec: change-status). */
export async function toggleModuleOpen(db: Db, actor: Actor, moduleId: number) {
  const { homepageId } = await ownedModules(db, actor, [moduleId])
  return db.transaction(async (tx) => {
    await requireCapability(tx, actor, homepageId, 'manage-modules', true)
    const [row] = await tx
      .update(modules)
      .set({ isOpen: sql`not ${modules.isOpen}` })
      .where(eq(modules.id, moduleId))
      .returning()
    return moduleView(row!)
  })
}
