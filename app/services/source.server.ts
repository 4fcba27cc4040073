import { containing } from '#app/db/like.ts'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import { can, isMasked, maskOf, type Role } from '#app/auth/permissions.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bags, type BookmarkLogAction, sources, type Source } from '#app/db/schema/index.ts'
import {
  type DividerInput,
  type FolderInput,
  type LinkInput,
  type NoteSourceInput,
} from '#app/schemas/content.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { logBookmarks } from './bookmark-log.server.ts'
import { notifyOwner } from './notices.server.ts'
import { assertBookmarkRoom } from './bookmark-limit.server.ts'
import { type Actor, homepageAccess, NOT_FOUND, requireCapability } from './access.server.ts'
import { getBag } from './bag.server.ts'
import type { SortMethod } from '#app/schemas/sort.ts'
import { mergeOrder, moveStep, nextPosition, nextStarPosition, putBack, renumber, setTrashedKeys, starOrder, type Step, writeStarOrder } from './ordering.server.ts'
import { sourceOrder } from './sort-order.server.ts'
import { searchColumns } from './search-index.ts'
import { assertRoom, keptParents, restoredPlaces } from './source-move.server.ts'
import { type Privacy, privacyAfterWrite } from './source-privacy.server.ts'

// Where bookmarks sit (moves, sorts, move / copy into a category or folder): source-move.server.ts.
export {
  assertRoom,
  moveSource,
  moveSourceStep,
  sortChildren,
  sortSources,
  transferSources,
  type MoveInput,
  type TransferInput,
  type TransferResult,
} from './source-move.server.ts'

export const DELETED_MSG = '删除成功！您可以在回收站中查看已删除书签'
export const DIVIDER_DELETED_MSG = '分割线已删除！'
export const PRIVACY_MSG = '隐私设置成功'
export const STARS_SORTED_MSG = '排序已自动保存'

export function hostOf(url: string | null) {
  if (!url) return ''
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}

/** The columns a bookmark's view needs: list queries select only these (PGlite decodes every column). */
export const SOURCE_VIEW_COLUMNS = {
  id: sources.id,
  bagId: sources.bagId,
  parentId: sources.parentId,
  type: sources.type,
  name: sources.name,
  url: sources.url,
  note: sources.note,
  icon: sources.icon,
  formats: sources.formats,
  isPrivate: sources.isPrivate,
  blacklist: sources.blacklist,
  liked: sources.liked,
  referral: sources.referral,
  clickAmount: sources.clickAmount,
  clickTime: sources.clickTime,
  createdAt: sources.createdAt,
}
export type SourceViewRow = { [K in keyof typeof SOURCE_VIEW_COLUMNS]: Source[K] }

/** A bookmark's name as the viewer may see it (sourceView, and the start page's list). */
export function nameAs(row: { name: string; blacklist: boolean; isPrivate: boolean }, role: Role) {
  const masked = maskOf(row, role)
  return masked === 'blacklist' ? '违规链接' : masked ? '未公开链接' : row.name
}

/**
 * A bookmark as the viewer may see it: private ones read 未公开链接 and blacklisted ones
 * 违规链接, without address or note, for everyone who may not see them (one place, every edge).
 */
export function sourceView(row: SourceViewRow, role: Role) {
  const masked = isMasked(row, role)
  return {
    id: row.id,
    bid: row.bagId,
    parentId: row.parentId ?? 0,
    type: row.type,
    name: nameAs(row, role),
    url: masked ? null : row.url,
    host: masked ? '' : hostOf(row.url),
    note: masked ? '' : row.note,
    icon: masked ? null : row.icon,
    formats: row.formats,
    private: row.isPrivate,
    blacklist: row.blacklist,
    liked: row.liked,
    referral: row.referral,
    clickAmount: row.clickAmount,
    clickTime: row.clickTime?.toISOString() ?? null,
    createTime: row.createdAt.toISOString(),
  }
}
export type SourceView = ReturnType<typeof sourceView>

const live = isNull(sources.deletedAt)
const childrenOf = (bagId: number, parentId: number | null) =>
  and(eq(sources.bagId, bagId), parentId ? eq(sources.parentId, parentId) : isNull(sources.parentId), live)

/**
 * The category (and folder) a new or moved bookmark goes into, with the write lock held. A new
 * link may also be a member's contribution.
 */
async function writableParent(tx: Tx, actor: Actor, bagId: number, folderId: number | null | undefined, contribution = false) {
  const { bag } = await getBag(tx, actor, bagId)
  const access = await requireCapability(tx, actor, bag.homepageId, contribution ? ['add-link', 'contribute-link'] : 'add-link', true)
  if (folderId) {
    const [folder] = await tx
      .select({ id: sources.id })
      .from(sources)
      .where(and(eq(sources.id, folderId), eq(sources.bagId, bag.id), eq(sources.type, 'folder'), live))
    if (!folder) throw new DomainError('文件夹不存在或已被删除')
  }
  return { bag, parentId: folderId ?? null, ...access }
}

/** A live bookmark of a homepage the actor may edit, locked for the transaction. */
async function editableSource(tx: Tx, actor: Actor, id: number, capability: 'edit-children' | 'star-bookmarks' | 'set-private' = 'edit-children') {
  const [row] = await tx.select().from(sources).where(and(eq(sources.id, id), live)).limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  const access = await requireCapability(tx, actor, row.homepageId, capability, true)
  return { row, ...access }
}

type Placement = { bagId: number; parentId: number | null }

/** One bookmark's change in the actor's bookmark log (bookmark-log.server.ts), inside the change's transaction. */
function logSource(tx: Tx, actor: Actor, action: BookmarkLogAction, row: Source, place: string, count = 1) {
  if (!actor) return
  return logBookmarks(tx, { userId: actor.id, homepageId: row.homepageId, action, name: row.name, url: row.url, count, place })
}

/**
 * Writes a new bookmark, or updates one, checking the limit whenever it lands in a new parent.
 * Its privacy is what the owner asks for (`asked`) and nobody else's to change (source-privacy).
 */
async function upsertSource(
  tx: Tx,
  actor: Actor,
  id: number | undefined,
  type: Source['type'],
  placement: Placement,
  fields: Partial<Omit<typeof sources.$inferInsert, keyof Privacy>>,
  asked?: Privacy,
) {
  const target = await writableParent(tx, actor, placement.bagId, placement.parentId, !id && type === 'link')
  const counts = type !== 'divider'
  if (id) {
    const { row } = await editableSource(tx, actor, id)
    if (row.type !== type || row.homepageId !== target.bag.homepageId) throw new DomainError(NOT_FOUND)
    const moved = row.bagId !== target.bag.id || (row.parentId ?? null) !== target.parentId
    if (moved && counts) await assertRoom(tx, target.bag.id, target.parentId)
    const [updated] = await tx
      .update(sources)
      .set({
        ...fields,
        // Fields left out keep their value: the search columns read them from the row.
        ...searchColumns({ name: fields.name ?? row.name, url: fields.url !== undefined ? fields.url : row.url, note: fields.note ?? row.note }),
        ...privacyAfterWrite(target.role, { asked, had: row }),
        bagId: target.bag.id,
        parentId: target.parentId,
        ...(moved ? { sortKey: await nextPosition(tx, sources, { bagId: target.bag.id, parentId: target.parentId }) } : {}),
      })
      .where(eq(sources.id, row.id))
      .returning()
    if (moved) {
      // A folder's children (live and trashed) follow it; the list it left closes up.
      if (row.type === 'folder' && row.bagId !== target.bag.id) {
        await tx.update(sources).set({ bagId: target.bag.id }).where(eq(sources.parentId, row.id))
      }
      await renumber(tx, sources, { bagId: row.bagId, parentId: row.parentId })
    }
    if (counts) await logSource(tx, actor, moved ? 'move' : 'edit', updated!, target.bag.name)
    return sourceView(updated!, target.role)
  }
  if (counts) await assertRoom(tx, target.bag.id, target.parentId)
  await assertBookmarkRoom(tx, target.bag.homepageId, 1)
  const [created] = await tx
    .insert(sources)
    .values({
      name: '',
      ...fields,
      ...searchColumns({ name: fields.name ?? '', url: fields.url, note: fields.note }),
      ...privacyAfterWrite(target.role, { asked }),
      type,
      homepageId: target.bag.homepageId,
      bagId: target.bag.id,
      parentId: target.parentId,
      sortKey: await nextPosition(tx, sources, { bagId: target.bag.id, parentId: target.parentId }),
    })
    .returning()
  if (counts) await logSource(tx, actor, 'add', created!, target.bag.name)
  // A member's new link is a contribution: the owner hears of it.
  if (type === 'link' && target.role === 'member' && actor) {
    await notifyOwner(tx, target.homepage, actor, '成员添加了链接', '在', `的分类「${target.bag.name}」添加了链接「${created!.name || created!.url}」`)
  }
  return sourceView(created!, target.role)
}

/**
 * Adds or edits a link (spec "Link form"); a folder can hold links but not folders. 仅自己可见 is
 * the owner's: anyone else's edit keeps it as it was, and their new link is public.
 */
export function saveLink(db: Db, actor: Actor, input: LinkInput) {
  return db.transaction((tx) =>
    upsertSource(
      tx,
      actor,
      input.id,
      'link',
      { bagId: input.bid, parentId: input.parentLinkId ?? null },
      {
        name: input.name,
        url: input.url,
        note: input.note,
        // Fields left out keep their value on an edit.
        ...(input.icon !== undefined ? { icon: input.icon || null } : {}),
        ...(input.formats ? { formats: input.formats } : {}),
      },
      { isPrivate: input.isOnlyOwnView, privateRemark: input.isOnlyOwnViewRemark },
    ),
  )
}

/**
 * Links copied in from elsewhere (a group's bookmarks: copy-bookmark, collect) to the end of one
 * category, in one transaction: all or, past the category's limit, none.
 */
export function addLinks(db: Db, actor: Actor, bagId: number, links: ReadonlyArray<{ name: string; url: string; note: string; icon: string }>) {
  return db.transaction(async (tx) => {
    const added: SourceView[] = []
    for (const link of links) {
      const fields = { name: link.name, url: link.url, note: link.note, icon: link.icon || null }
      added.push(await upsertSource(tx, actor, undefined, 'link', { bagId, parentId: null }, fields))
    }
    return added
  })
}

export function saveFolder(db: Db, actor: Actor, input: FolderInput) {
  return db.transaction((tx) =>
    upsertSource(tx, actor, input.id, 'folder', { bagId: input.bid, parentId: null }, {
      name: input.name,
      note: input.summary,
      icon: input.icon || null,
    }),
  )
}

/** Dividers (title, align, style, colour) never count towards the 100. */
export function saveDivider(db: Db, actor: Actor, input: DividerInput) {
  return db.transaction((tx) =>
    upsertSource(tx, actor, input.id, 'divider', { bagId: input.bid, parentId: input.parentLinkId ?? null }, {
      name: input.name,
      // The align choice only exists with a title (spec §5).
      formats: { align: input.name ? input.align : 'center', style: input.style, ...(input.color ? { color: input.color } : {}) },
    }),
  )
}

/** A note-type bookmark (create-base): its remark is its name. */
export function createNoteSource(db: Db, actor: Actor, input: NoteSourceInput) {
  return db.transaction((tx) => insertNoteSource(tx, actor, input))
}

/** createNoteSource inside a caller's transaction: the notepad's first note creates its bookmark with it. */
export async function insertNoteSource(tx: Tx, actor: Actor, input: NoteSourceInput) {
  // Managers add links but not notes (spec §6).
  const { bag } = await getBag(tx, actor, input.bid)
  await requireCapability(tx, actor, bag.homepageId, 'add-note', true)
  return upsertSource(tx, actor, undefined, 'note', { bagId: input.bid, parentId: input.parentId ?? null }, { name: input.remark })
}

/**
 * The bookmark of a blog post or a code snippet (writings.server.ts writes its text beside it): a
 * new one in a category or folder (as a link is added), or its title changed (as a link is edited).
 * Answers its id and the homepage's owner, whose the text is.
 */
export async function writeTextSource(tx: Tx, actor: Actor, type: 'post' | 'code', target: { id?: number; bid?: number; parentId?: number }, name: string) {
  if (target.id) {
    const { row } = await editableSource(tx, actor, target.id)
    if (row.type !== type) throw new DomainError(NOT_FOUND)
    if (row.name !== name) {
      const [updated] = await tx.update(sources).set({ name, ...searchColumns({ name, url: row.url, note: row.note }) }).where(eq(sources.id, row.id)).returning()
      await logSource(tx, actor, 'edit', updated!, '')
    }
    return row.id
  }
  if (!target.bid) throw new DomainError(NOT_FOUND)
  return (await upsertSource(tx, actor, undefined, type, { bagId: target.bid, parentId: target.parentId ?? null }, { name })).id
}

/** Each type's name limit (spec §9): folders and divider titles 30, the rest 100. */
const NAME_LIMITS: Partial<Record<Source['type'], [number, string]>> = {
  folder: [30, '名称不能超过30个字'],
  divider: [30, '分割线标题不能超过30个字'],
}

export async function renameSource(db: Db, actor: Actor, id: number, name: string) {
  return db.transaction(async (tx) => {
    const { row, role } = await editableSource(tx, actor, id)
    const [limit, message] = NAME_LIMITS[row.type] ?? [100, '名称不能超过100个字']
    if ([...name].length > limit) throw new DomainError(message)
    const [updated] = await tx
      .update(sources)
      .set({ name, ...searchColumns({ name, url: row.url, note: row.note }) })
      .where(eq(sources.id, row.id))
      .returning()
    await logSource(tx, actor, 'edit', updated!, '')
    return sourceView(updated!, role)
  })
}

/** Only-visible-to-me on / off (隐私设置成功); off drops the private remark, as the link form does. */
export async function togglePrivate(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const { row, role } = await editableSource(tx, actor, id, 'set-private')
    const privacy = privacyAfterWrite(role, { asked: { isPrivate: !row.isPrivate, privateRemark: row.privateRemark }, had: row })
    const [updated] = await tx.update(sources).set(privacy).where(eq(sources.id, row.id)).returning()
    return sourceView(updated!, role)
  })
}

/** Star on / off: starred bookmarks make up the star module (-1); a newly starred one goes last there. */
export async function toggleStar(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const { row, role } = await editableSource(tx, actor, id, 'star-bookmarks')
    const place = row.liked ? {} : { likeSort: await nextStarPosition(tx, row.homepageId) }
    const [updated] = await tx
      .update(sources)
      .set({ liked: !row.liked, ...place })
      .where(eq(sources.id, row.id))
      .returning()
    return sourceView(updated!, role)
  })
}

/**
 * The star list of the homepage `ids` belong to, with its lock held and the actor's right to
 * star checked. Rights come before "is it starred", so the refusal tells a stranger nothing about
 * which bookmarks are starred (only the owner sees stars).
 */
async function lockedStarList(tx: Tx, actor: Actor, ids: number[]) {
  if (!actor) throw new NotSignedInError()
  const rows = ids.length
    ? await tx
        .select({ id: sources.id, homepageId: sources.homepageId })
        .from(sources)
        .where(and(inArray(sources.id, ids), live))
    : []
  const homepageIds = new Set(rows.map((r) => r.homepageId))
  if (!rows.length || rows.length !== ids.length || homepageIds.size !== 1) throw new DomainError(NOT_FOUND)
  const homepageId = rows[0]!.homepageId
  await requireCapability(tx, actor, homepageId, 'star-bookmarks', true)
  const current = await starOrder(tx, homepageId)
  const here = new Set(current)
  if (ids.some((x) => !here.has(x))) throw new DomainError(NOT_FOUND)
  return current
}

/**
 * like-sort {ids}: the star list's new order. The ids (starred live bookmarks of ONE homepage,
 * the owner's) take the given order; starred ones not given keep their relative order after them,
 * so a stale page never loses a star. Anything else: NOT_FOUND (or FORBIDDEN), nothing changes.
 * The star list keeps this order whatever bookmark sort method the viewer picked.
 */
export async function sortStars(db: Db, actor: Actor, ids: number[]) {
  const given = [...new Set(ids)]
  return db.transaction(async (tx) => {
    const next = mergeOrder(await lockedStarList(tx, actor, given), given)
    await writeStarOrder(tx, next)
    return { ids: next }
  })
}

/** The no-JS buttons of the star list: one starred bookmark up, down, first, last or to a position. */
export async function moveStarStep(db: Db, actor: Actor, id: number, step: Step) {
  return db.transaction(async (tx) => {
    const next = moveStep(await lockedStarList(tx, actor, [id]), id, step)
    await writeStarOrder(tx, next)
    return { ids: next }
  })
}

/** Moves bookmarks (a folder with its children) to the trash as one batch; answers the spec's message. */
export async function trashSources(db: Db, actor: Actor, ids: number[]) {
  return db.transaction(async (tx) => {
    const rows = ids.length ? await tx.select().from(sources).where(and(inArray(sources.id, ids), live)) : []
    const homepageIds = new Set(rows.map((r) => r.homepageId))
    if (!rows.length || rows.length !== new Set(ids).size || homepageIds.size !== 1) throw new DomainError(NOT_FOUND)
    await requireCapability(tx, actor, rows[0]!.homepageId, 'edit-children', true)
    const trashed = { deletedAt: new Date(), deletedBatchId: randomUUID() }
    await tx.update(sources).set(trashed).where(and(or(inArray(sources.id, ids), inArray(sources.parentId, ids)), live))
    // The lists they left close up (a trashed folder's own list went with it).
    const left = new Map(rows.filter((r) => !r.parentId || !ids.includes(r.parentId)).map((r) => [`${r.bagId}:${r.parentId ?? 0}`, r]))
    for (const r of left.values()) await renumber(tx, sources, { bagId: r.bagId, parentId: r.parentId })
    const counted = rows.filter((r) => r.type !== 'divider')
    if (counted.length) await logSource(tx, actor, 'delete', counted[0]!, '', counted.length)
    return { msg: rows.every((r) => r.type === 'divider') ? DIVIDER_DELETED_MSG : DELETED_MSG }
  })
}

async function trashedSource(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select()
    .from(sources)
    .where(and(eq(sources.id, id), isNotNull(sources.deletedAt)))
    .limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  // The trash is the owner's (spec §6): managers delete, only the owner restores or destroys.
  await requireCapability(tx, actor, row.homepageId, 'view-trash', true)
  return row
}

/**
 * Restores a trashed bookmark and what was trashed with it (its batch), if its category still
 * exists and has room. The batch's roots go back to their old places in their list, or to the
 * end of the category's top level when their folder is gone; rows under a restored folder keep
 * their order.
 */
export async function restoreSource(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await trashedSource(tx, actor, id)
    const batch = await tx.select().from(sources).where(eq(sources.deletedBatchId, row.deletedBatchId!))
    const bagIds = [...new Set(batch.map((r) => r.bagId))]
    const liveBags = await tx
      .select({ id: bags.id })
      .from(bags)
      .where(and(inArray(bags.id, bagIds), isNull(bags.deletedAt)))
    if (liveBags.length !== bagIds.length) throw new DomainError('所在分类已删除，请先恢复分类')
    const parents = await keptParents(tx, batch)
    const places = await restoredPlaces(tx, batch, parents)
    for (const list of places.lists) {
      // Roots land in a live list: the limit holds there (rows under a restored folder had room before).
      const counted = list.rows.filter((r) => r.type !== 'divider').length
      if (counted && !(list.parentId && parents.inBatch.has(list.parentId))) await assertRoom(tx, list.bagId, list.parentId, counted)
    }
    await setTrashedKeys(tx, sources, places.keys)
    await tx.update(sources).set({ deletedAt: null, deletedBatchId: null }).where(eq(sources.deletedBatchId, row.deletedBatchId!))
    // `batch` was read before the new keys: it holds the keys the roots had in the list they left.
    for (const list of places.lists) {
      if (list.parentId && parents.inBatch.has(list.parentId)) continue
      await putBack(tx, sources, list, list.rows.filter((r) => r.parentId === list.parentId))
    }
    await logSource(tx, actor, 'restore', row, '', batch.length)
  })
}

export async function deleteSourceForever(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await trashedSource(tx, actor, id)
    await tx.delete(sources).where(eq(sources.id, row.id))
    await logSource(tx, actor, 'destroy', row, '')
  })
}

/** A masked bookmark (private to others, or blacklisted) hides its details and its children too. */
export function assertReadable(row: Source, role: Role) {
  if (isMasked(row, role)) throw new DomainError(NOT_FOUND)
}

/** A bookmark for anyone who may see it; the link form's detail (spec "Link detail"). */
export async function sourceDetail(db: Db, actor: Actor, id: number) {
  const [row] = await db.select().from(sources).where(and(eq(sources.id, id), live)).limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  const { role } = await homepageAccess(db, actor, row.homepageId)
  assertReadable(row, role)
  const [bag] = await db.select({ name: bags.name }).from(bags).where(eq(bags.id, row.bagId))
  return {
    info: {
      id: row.id,
      type: row.type,
      name: row.name,
      url: row.url,
      note: row.note,
      iconKey: row.icon ?? '',
      iconSrc: row.icon ?? '',
      formats: row.formats,
      bid: row.bagId,
      parentLinkId: row.parentId ?? 0,
      bagName: bag?.name ?? '',
      isOnlyOwnView: row.isPrivate ? '1' : '',
      liked: row.liked,
      // The private remark is the owner's too (仅自己可见), whatever the flag.
      isOnlyOwnViewRemark: can(role, 'view-private') ? row.privateRemark : '',
    },
  }
}

/** A page of a category's (or a folder's) bookmarks, with search and sort. */
export async function listSources(
  db: Db,
  actor: Actor,
  input: {
    bid: number
    page: number
    size: number
    sort: SortMethod
    wd?: string
    divider?: boolean
    parentId?: number
    /** Only bookmarks of these types (the choose dialog lists links). */
    types?: Source['type'][]
  },
) {
  const { role } = await getBag(db, actor, input.bid)
  if (input.parentId) {
    const [folder] = await db
      .select()
      .from(sources)
      .where(and(eq(sources.id, input.parentId), eq(sources.bagId, input.bid), eq(sources.type, 'folder'), live))
    if (!folder) throw new DomainError(NOT_FOUND)
    assertReadable(folder, role)
  }
  const where = and(
    childrenOf(input.bid, input.parentId ?? null),
    input.divider === false ? ne(sources.type, 'divider') : undefined,
    input.types ? inArray(sources.type, input.types) : undefined,
    input.wd ? sql`(${sources.name} ilike ${containing(input.wd)} or ${sources.url} ilike ${containing(input.wd)})` : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sources)
      .where(where)
      .orderBy(...sourceOrder(input.sort))
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    db.select({ n: sql<number>`count(*)::int` }).from(sources).where(where),
  ])
  return { list: rows.map((r) => sourceView(r, role)), total: total?.n ?? 0, page: input.page, size: input.size }
}

/** The starred bookmarks of a homepage: the star module (-1), in the star list's order (like-sort). */
export async function starList(db: Db, actor: Actor, homepageId: number) {
  const { role } = await homepageAccess(db, actor, homepageId)
  const rows = await db
    .select()
    .from(sources)
    .where(and(eq(sources.homepageId, homepageId), eq(sources.liked, true), live))
    .orderBy(asc(sources.likeSort), asc(sources.id))
  return rows.map((r) => sourceView(r, role))
}

/** The children of a folder, in order. */
export async function folderChildren(db: Db, actor: Actor, folderId: number) {
  const [folder] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.id, folderId), eq(sources.type, 'folder'), live))
    .limit(1)
  if (!folder) throw new DomainError(NOT_FOUND)
  const { role } = await homepageAccess(db, actor, folder.homepageId)
  assertReadable(folder, role)
  const rows = await db.select().from(sources).where(childrenOf(folder.bagId, folder.id)).orderBy(...sourceOrder('custom'))
  return { parentInfo: sourceView(folder, role), list: rows.map((r) => sourceView(r, role)) }
}

/**
 * Counts a visit (the link itself goes straight to the site; this arrives by ping or beacon).
 * The homepage (and its owner) locked first, as every write does (ADR 029): the count's trigger
 * takes them anyway, and after the bookmark's row it could wait for an edit of that bookmark.
 */
export async function recordClick(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(sources).where(and(eq(sources.id, id), live)).limit(1)
    if (!row) throw new DomainError(NOT_FOUND)
    assertReadable(row, (await homepageAccess(tx, actor, row.homepageId, true)).role)
    await tx
      .update(sources)
      .set({ clickAmount: sql`${sources.clickAmount} + 1`, clickTime: new Date() })
      .where(eq(sources.id, id))
  })
}
