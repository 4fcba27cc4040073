import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { isMasked } from '#app/auth/permissions.ts'
import type { Db } from '#app/db/client.server.ts'
import { modules, sources, users } from '#app/db/schema/index.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { z } from '#app/schemas/zod.ts'
import { type Actor, NOT_FOUND } from './access.server.ts'
import { bagView, getBag, listBagTree } from './bag.server.ts'
import { getModule, listModules, moduleView } from './module.server.ts'
import { SORT_METHODS, type SortMethod } from '#app/schemas/sort.ts'
import { listSources, sourceView } from './source.server.ts'

/** Read models the /api content calls (module, bag, bookmark, source, children) answer with. */

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
    const hidden = isMasked({ blacklist: item.blacklist, isPrivate: item.private }, role)
    const children = hidden ? [] : rows.filter((r) => r.parentId === item.id).map((r) => sourceView(r, role))
    return { ...item, childrenAmount: children.length, ...(input.withChild ? { children } : {}) }
  })
  return { ...page, list }
}

