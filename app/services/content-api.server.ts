import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { can } from '#app/auth/permissions.ts'
import type { Db } from '#app/db/client.server.ts'
import { modules, sources, users } from '#app/db/schema/index.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { z } from '#app/schemas/zod.ts'
import { DomainError } from '#app/utils/errors.ts'
import { type Actor, NOT_FOUND, requireCapability } from './access.server.ts'
import { bagView, getBag, listBagTree } from './bag.server.ts'
import { getModule, listModules, moduleView } from './module.server.ts'
import { SORT_METHODS, type SortMethod } from '#app/schemas/sort.ts'
import { listSources, renameSource, sourceView } from './source.server.ts'

/**
 * What the /api content calls (module, bag, bookmark, source, children) need beyond the
 * services: the legacy parameter shapes (ids as strings, comma-separated lists, JSON in a form
 * field, gb-hid) and a few read models the services do not have.
 */

// ---------------------------------------------------------------------------------------------
// Parameters

/** The largest id PostgreSQL's `integer` holds: anything above is simply "no such object". */
const MAX_ID = 2_147_483_647

/** An object id from the query string or a body: a missing or malformed one reads as "not found". */
export const apiId = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.coerce.number({ error: NOT_FOUND }).int(NOT_FOUND).positive(NOT_FOUND).max(MAX_ID, NOT_FOUND),
)

/** An optional id: absent, '', '0', 0 and null mean "none". */
export const apiOptionalId = z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), apiId.optional())

/** Ids as a JSON array, a comma-separated string (forms) or one number; duplicates dropped, order kept. */
export const apiIdList = z.preprocess((v) => {
  const items: unknown[] = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : []
  const values = items
    .map((x) => (typeof x === 'string' ? x.trim() : x))
    .filter((x) => x !== '')
    .map((x) => (typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x))
  return [...new Set(values)]
}, z.array(apiId).min(1, NOT_FOUND).max(1000, NOT_FOUND))

const isBlank = (v: unknown) => v === undefined || v === null || v === ''

function record(raw: unknown): Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
}

/** `homepageId`, or the `gb-hid` every legacy request carries when it is absent. */
export function withHomepageId<S extends z.ZodType>(schema: S) {
  return z.preprocess((raw) => {
    const input = record(raw)
    return { ...input, homepageId: isBlank(input.homepageId) ? input['gb-hid'] : input.homepageId }
  }, schema)
}

/** The first of several legacy spellings of one parameter that is not blank. */
export function firstGiven(...values: unknown[]) {
  return values.find((v) => !isBlank(v))
}

/** A JSON object sent as a string (form fields): parsed; anything unparsable becomes `{}`. */
export function jsonField(v: unknown) {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v) as unknown
  } catch {
    return {}
  }
}

const flag = (values: unknown[]) => z.preprocess((v) => values.includes(v), z.boolean())

/** GET /api/bookmark/list parameters. Out-of-range paging and unknown sorts fall back to the defaults. */
export const SourceListQuerySchema = z.object({
  bid: apiId,
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .catch(20)
    .transform((n) => Math.min(n, 100)),
  sort: z.enum(SORT_METHODS).catch('custom'),
  wd: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 100) : ''), z.string()),
  /** '0' leaves the dividers out. */
  divider: flag(['0', 0, false, 'false']),
  withChild: flag(['1', 1, true, 'true']),
  parentId: apiOptionalId,
})

/** A category's card layout (columns of the card, link style, columns of links); invalid values are dropped. */
export const CardConfigSchema = z.object({
  bid: apiId,
  column: z.coerce.number().int().min(1).max(12).optional().catch(undefined),
  linkStyle: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,19}$/)
    .optional()
    .catch(undefined),
  linkColumn: z.coerce.number().int().min(1).max(12).optional().catch(undefined),
})

// ---------------------------------------------------------------------------------------------
// Read models

/** A module with its homepage's code and name (spec §3 Module), for anyone who may see the homepage. */
export async function moduleDetail(db: Db, actor: Actor, moduleId: number) {
  const { module, homepage } = await getModule(db, actor, moduleId)
  const [creator] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, homepage.userId))
  const nickname = creator?.nickname ?? ''
  return {
    ...moduleView(module),
    homepageCode: homepage.code ?? '',
    homepageName: homepageLabel(homepage.title, nickname),
    nickname,
  }
}

/** Every module of a homepage with its category tree: the "choose category" selects. */
export async function modulesWithBagTrees(db: Db, actor: Actor, homepageId: number) {
  const list = await listModules(db, actor, homepageId)
  return Promise.all(
    list.map(async (m) => ({ ...m, label: m.name, value: m.moduleId, children: await listBagTree(db, actor, m.moduleId) })),
  )
}

/** One live category with its module's type (spec §3 Bag); categoryId is the legacy name of parentId. */
export async function bagInfo(db: Db, actor: Actor, bagId: number) {
  const { bag } = await getBag(db, actor, bagId)
  const [module] = await db.select({ moduleType: modules.moduleType }).from(modules).where(eq(modules.id, bag.moduleId))
  const view = bagView(bag)
  return { ...view, categoryId: view.parentId, homepageId: bag.homepageId, moduleType: module?.moduleType ?? 0 }
}

/**
 * A page of bookmarks (listSources), where each folder also tells how many live children it
 * has and, with `withChild`, lists them. A folder the viewer sees masked shows no children.
 */
export async function listSourcesWithChildren(
  db: Db,
  actor: Actor,
  input: { bid: number; page: number; size: number; sort: SortMethod; wd: string; divider: boolean; withChild: boolean; parentId?: number },
) {
  const page = await listSources(db, actor, {
    bid: input.bid,
    page: input.page,
    size: input.size,
    sort: input.sort,
    wd: input.wd || undefined,
    divider: input.divider ? false : undefined,
    parentId: input.parentId,
  })
  const folders = page.list.filter((s) => s.type === 'folder')
  if (!folders.length) return page
  const { role } = await getBag(db, actor, input.bid)
  const rows = await db
    .select()
    .from(sources)
    .where(and(inArray(sources.parentId, folders.map((f) => f.id)), isNull(sources.deletedAt)))
    .orderBy(asc(sources.sortKey), asc(sources.id))
  const list = page.list.map((item) => {
    if (item.type !== 'folder') return item
    const hidden = item.blacklist || (item.private && !can(role, 'view-private'))
    const children = hidden ? [] : rows.filter((r) => r.parentId === item.id).map((r) => sourceView(r, role))
    return { ...item, childrenAmount: children.length, ...(input.withChild ? { children } : {}) }
  })
  return { ...page, list }
}

/** After a successful delete: whether every bookmark deleted was a divider (分割线已删除！). */
export async function allDividers(db: Db, ids: number[]) {
  const rows = await db.select({ type: sources.type }).from(sources).where(inArray(sources.id, ids))
  return rows.length > 0 && rows.every((r) => r.type === 'divider')
}

