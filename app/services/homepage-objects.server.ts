import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { homepages, type User } from '#app/db/schema/index.ts'
import { MAX_CHILDREN } from '#app/schemas/content.ts'
import type { Actor } from './access.server.ts'
import { NOT_FOUND } from './access.server.ts'
import { getBag, listBagTree } from './bag.server.ts'
import { getModule, listModules } from './module.server.ts'
import { listSources, sourceDetail } from './source.server.ts'
import { DomainError } from '#app/utils/errors.ts'

/**
 * The modules, categories and bookmarks of one homepage as the page's dialogs look them up: each
 * must exist, be visible to the actor and belong to the homepage shown, or it is "no such object"
 * (one answer for all, so ids reveal nothing). Also the category lists the dialogs' selects show.
 */

const notHere = () => new DomainError(NOT_FOUND)

/** A module of the homepage. */
export async function moduleOn(db: Db, actor: Actor, homepageId: number, moduleId: number | undefined) {
  if (!moduleId) throw notHere()
  const { module } = await getModule(db, actor, moduleId)
  if (module.homepageId !== homepageId) throw notHere()
  return module
}

/** A live category of the homepage. */
export async function bagOn(db: Db, actor: Actor, homepageId: number, bid: number | undefined) {
  if (!bid) throw notHere()
  const { bag } = await getBag(db, actor, bid)
  if (bag.homepageId !== homepageId) throw notHere()
  return bag
}

/** A bookmark of the homepage the actor may read, of one of `types` when given. */
export async function sourceOn(db: Db, actor: Actor, homepageId: number, id: number | undefined, types?: readonly string[]) {
  if (!id) throw notHere()
  const { info } = await sourceDetail(db, actor, id)
  await bagOn(db, actor, homepageId, info.bid)
  if (types && !types.includes(info.type)) throw notHere()
  return info
}

/** The folder a new link or divider goes into: one of category `bid`'s, or none when `id` is absent. */
export async function folderIn(db: Db, actor: Actor, homepageId: number, bid: number, id: number | undefined) {
  if (!id) return null
  const folder = await sourceOn(db, actor, homepageId, id, ['folder'])
  if (folder.bid !== bid) throw notHere()
  return folder
}

/** A category in a select: its module, and its depth in the module's tree. */
export type CategoryOption = { bid: number; name: string; depth: number; moduleId: number; moduleName: string }

/** Every category of a homepage (or of one of its modules), module by module, each tree in order with its depth. */
export async function categoryOptions(db: Db, actor: Actor, homepageId: number, onlyModuleId?: number) {
  const modules = (await listModules(db, actor, homepageId)).filter((m) => !onlyModuleId || m.moduleId === onlyModuleId)
  const options: CategoryOption[] = []
  type Node = Awaited<ReturnType<typeof listBagTree>>[number]
  for (const module of modules) {
    const walk = (nodes: Node[], depth: number) => {
      for (const node of nodes) {
        options.push({ bid: node.bid, name: node.name, depth, moduleId: module.moduleId, moduleName: module.name })
        walk(node.children, depth + 1)
      }
    }
    walk(await listBagTree(db, actor, module.moduleId), 0)
  }
  return options
}

/** The categories a category may move under: its module's, minus itself and everything below it. */
export function parentOptions(options: CategoryOption[], bid: number | null) {
  if (bid === null) return options
  const index = options.findIndex((o) => o.bid === bid)
  if (index === -1) return options
  const depth = options[index]!.depth
  let end = index + 1
  while (end < options.length && options[end]!.depth > depth) end++
  return [...options.slice(0, index), ...options.slice(end)]
}

/**
 * Where bookmarks may be moved or copied: the categories of every homepage the user owns (each
 * module named with its homepage when there are several), filtered by name when `q` is given.
 */
export async function moveTargets(db: Db, user: User, q: string) {
  const owned = await db
    .select({ id: homepages.id, title: homepages.title })
    .from(homepages)
    .where(and(eq(homepages.userId, user.id), isNull(homepages.deletedAt)))
    .orderBy(asc(homepages.id))
  const options: CategoryOption[] = []
  for (const homepage of owned) {
    for (const option of await categoryOptions(db, user, homepage.id)) {
      const moduleName = owned.length > 1 ? `${homepage.title || '主页'} · ${option.moduleName}` : option.moduleName
      options.push({ ...option, moduleName })
    }
  }
  const needle = q.toLowerCase()
  return needle ? options.filter((o) => o.name.toLowerCase().includes(needle)).map((o) => ({ ...o, depth: 0 })) : options
}

/** The folders at the top level of a category (at most 100 children, so one page holds them). */
export async function foldersOf(db: Db, actor: Actor, bid: number) {
  const { list } = await listSources(db, actor, { bid, page: 1, size: MAX_CHILDREN, sort: 'custom' })
  return list.filter((s) => s.type === 'folder').map((s) => ({ id: s.id, name: s.name }))
}

/** The module new categories go into when none is named: the default one, else the first. */
export async function defaultModuleId(db: Db, actor: Actor, homepageId: number) {
  const modules = await listModules(db, actor, homepageId)
  return (modules.find((m) => m.isDefault) ?? modules[0])?.moduleId
}
