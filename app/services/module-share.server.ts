import { containing } from '#app/db/like.ts'
import { and, asc, count, eq, ilike, isNull } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { homepages, modules } from '#app/db/schema/index.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { SHARE_PARAMS, type ShareIntroInput } from '#app/schemas/share.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, NOT_FOUND, requireCapability } from './access.server.ts'
import { SET_CODE_FIRST } from './homepages.server.ts'

/**
 * Module share (spec §4): step 1 "share now" opens the module at /{homepageCode}/{moduleId} to
 * anyone (only that module, also on a private homepage); cancelling closes it again.
 */

export const MODULE_SHARED_MSG = '分享成功'
export const MODULE_UNSHARED_MSG = '已取消分享'

export const SHARE_PARAM_MSG = '不支持的分享设置'

export const moduleShareHref = (code: string, moduleId: number) => `/${code}/${moduleId}`

/** The module to write, its homepage (and owner) locked first, as every write does (ADR 029). */
async function ownModule(db: Tx, actor: Actor, moduleId: number) {
  const [row] = await db
    .select({ module: modules, code: homepages.code })
    .from(modules)
    .innerJoin(homepages, and(eq(homepages.id, modules.homepageId), isNull(homepages.deletedAt)))
    .where(eq(modules.id, moduleId))
  if (!row) throw new DomainError(NOT_FOUND)
  await requireCapability(db, actor, row.module.homepageId, 'share', true)
  return row
}

/** module/share: shares the module (a personal domain is needed for its link) or, with cancel, stops sharing it. */
export function shareModule(db: Db, actor: Actor, moduleId: number, cancel = false) {
  return db.transaction(async (tx) => {
    const { module, code } = await ownModule(tx, actor, moduleId)
    if (!cancel && !code) throw new DomainError(SET_CODE_FIRST)
    await tx.update(modules).set({ isOpen: !cancel }).where(eq(modules.id, module.id))
    return { moduleId: module.id, isOpen: !cancel, url: code && !cancel ? moduleShareHref(code, module.id) : '' }
  })
}

/** save-share-params {moduleId, key, value}: one whitelisted setting of the shared page. */
export function saveShareParams(db: Db, actor: Actor, input: { moduleId: number; key: string; value: unknown }) {
  return db.transaction(async (tx) => {
    const { module } = await ownModule(tx, actor, input.moduleId)
    if (!Object.hasOwn(SHARE_PARAMS, input.key)) throw new DomainError(SHARE_PARAM_MSG)
    const parsed = SHARE_PARAMS[input.key as keyof typeof SHARE_PARAMS].safeParse(input.value ?? '')
    if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? SHARE_PARAM_MSG)
    const shareParams = { ...module.shareParams, [input.key]: parsed.data }
    await tx.update(modules).set({ shareParams }).where(eq(modules.id, module.id))
    return shareParams
  })
}

/** The share dialog's form: the shared page's title and summary, saved together. */
export function saveShareIntro(db: Db, actor: Actor, input: ShareIntroInput) {
  return db.transaction(async (tx) => {
    const { module } = await ownModule(tx, actor, input.moduleId)
    const shareParams = { ...module.shareParams, title: input.title, summary: input.summary }
    await tx.update(modules).set({ shareParams }).where(eq(modules.id, module.id))
    return shareParams
  })
}

/** What a shared module's page shows of its share params (title for the page, summary under its name); null when not shared. */
export async function sharedModuleIntro(db: Db, moduleId: number) {
  const [module] = await db
    .select({ shareParams: modules.shareParams })
    .from(modules)
    .where(and(eq(modules.id, moduleId), eq(modules.isOpen, true)))
  if (!module) return null
  const title = SHARE_PARAMS.title.safeParse(module.shareParams.title)
  const summary = SHARE_PARAMS.summary.safeParse(module.shareParams.summary)
  return { title: title.success ? title.data : '', summary: summary.success ? summary.data : '' }
}

/** open-list: the user's shared modules, by name, a page at a time. */
export async function listOpenModules(db: Db, actor: Actor, { page, size, wd }: { page: number; size: number; wd: string }) {
  if (!actor) throw new NotSignedInError()
  const where = and(
    eq(homepages.userId, actor.id),
    isNull(homepages.deletedAt),
    eq(modules.isOpen, true),
    wd ? ilike(modules.name, containing(wd)) : undefined,
  )
  const rows = await db
    .select({ module: modules, homepage: homepages })
    .from(modules)
    .innerJoin(homepages, eq(homepages.id, modules.homepageId))
    .where(where)
    .orderBy(asc(homepages.id), asc(modules.sortKey))
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(modules).innerJoin(homepages, eq(homepages.id, modules.homepageId)).where(where)
  return {
    list: rows.map(({ module, homepage }) => ({
      moduleId: module.id,
      name: module.name,
      icon: module.icon,
      homepageId: homepage.id,
      homepageCode: homepage.code ?? '',
      homepageName: homepageLabel(homepage.title, actor.nickname),
      url: homepage.code ? moduleShareHref(homepage.code, module.id) : '',
      shareParams: module.shareParams,
    })),
    total: total?.n ?? 0,
  }
}
