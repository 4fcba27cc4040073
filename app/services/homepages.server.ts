import { containing } from '#app/db/like.ts'
import { and, count, desc, eq, ilike, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { homepageFollows, homepageMembers, homepages, sources, users, type Homepage, type User } from '#app/db/schema/index.ts'
import { deleteInSteps } from '#app/db/steps.server.ts'
import { CODE_REQUIRED_MSG, CODE_TAKEN_MSG, homepageLabel, type HomepageInput, type PublishHomepageInput } from '#app/schemas/homepage.ts'
import { DomainError, isUniqueViolation, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, lockUser, NOT_FOUND, requireCapability } from './access.server.ts'
import { codeTaken } from './homepage-defaults.server.ts'
import { createStarterHomepage, homepageInfo, resolveHomepageById } from './homepage.server.ts'
import { homepageStats } from './visits.server.ts'

/**
 * A user's own homepages (spec §4 Homepage, Pinning): create, edit, switch, default, pin, share
 * toggle, trash, restore, delete; and the lists of the homepage popover (created, joined, followed).
 */

export const MAX_PINNED = 3
export const TOO_MANY_PINNED = '最多置顶3个主页'
export const DEFAULT_NOT_DELETABLE = '当前默认主页不可删除'
export const SET_CODE_FIRST = '请先点击【编辑】选项，设置个性域名'
export const OPENED_MSG = '主页已公开！'
export const CLOSED_MSG = '主页已经取消分享！'
export const RESTORED_MSG = '主页已恢复'
export const RESTORED_WITHOUT_CODE = '主页已恢复，原个性域名已被占用，请重新设置'
export const HOMEPAGE_PAGE_SIZE = 10
export const SWITCHED_MSG = '已切换主页'
export const PINNED_MSG = '已置顶'
export const UNPINNED_MSG = '已取消置顶'
/** Issue 21, ADR 024: homepages one user may have, those in the trash included. */
export const MAX_HOMEPAGES = 100
export const TOO_MANY_HOMEPAGES = `最多创建${MAX_HOMEPAGES}个主页（含回收站中的）`
export const HOMEPAGE_DELETED_MSG = '删除成功！您可以在回收站中恢复'

function signedIn(actor: Actor): User {
  if (!actor) throw new NotSignedInError()
  return actor
}

/** Runs a write that sets a code; the unique index settles a race the check above lost. */
async function withCode<T>(write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(CODE_TAKEN_MSG, { field: 'code' })
    throw error
  }
}

/** One of the user's homepages in the trash, locked; NOT_FOUND for anything else. */
async function trashedOwn(tx: Tx, user: User, homepageId: number) {
  await lockUser(tx, user.id)
  const [row] = await tx
    .select()
    .from(homepages)
    .where(and(eq(homepages.id, homepageId), eq(homepages.userId, user.id), isNotNull(homepages.deletedAt)))
    .for('update')
  if (!row) throw new DomainError(NOT_FOUND)
  return row
}

export async function createHomepage(db: Db, actor: Actor, input: HomepageInput) {
  const user = signedIn(actor)
  return withCode(() =>
    db.transaction(async (tx) => {
      // The user's row lock: two creations at once cannot both pass the count.
      await lockUser(tx, user.id)
      const [own] = await tx.select({ n: count() }).from(homepages).where(eq(homepages.userId, user.id))
      if (own!.n >= MAX_HOMEPAGES) throw new DomainError(TOO_MANY_HOMEPAGES)
      if (input.code && (await codeTaken(tx, input.code))) throw new DomainError(CODE_TAKEN_MSG, { field: 'code' })
      const { title, summary, icon, code } = input
      return createStarterHomepage(tx, user.id, { title, summary, icon, code: code ?? null, isDefault: false })
    }),
  )
}

/** Edits title, summary, icon and code. A homepage left without a code cannot stay public (spec §4). */
export async function updateHomepage(db: Db, actor: Actor, input: HomepageInput & { homepageId: number }) {
  return withCode(() =>
    db.transaction(async (tx) => {
      const { homepage } = await requireCapability(tx, actor, input.homepageId, 'edit-settings', true)
      if (input.code && (await codeTaken(tx, input.code, homepage.id))) throw new DomainError(CODE_TAKEN_MSG, { field: 'code' })
      const [row] = await tx
        .update(homepages)
        .set({
          title: input.title,
          summary: input.summary,
          icon: input.icon,
          code: input.code ?? null,
          isOpen: input.code ? homepage.isOpen : false,
        })
        .where(eq(homepages.id, homepage.id))
        .returning()
      return row!
    }),
  )
}

/** The add / edit dialog and POST /api/homepage/add: edits when homepageId is given. */
export function saveHomepage(db: Db, actor: Actor, input: HomepageInput) {
  const { homepageId } = input
  return homepageId ? updateHomepage(db, actor, { ...input, homepageId }) : createHomepage(db, actor, input)
}

/** Makes one of the user's homepages the one `/` shows them (simple-usually). */
export async function switchHomepage(db: Db, actor: Actor, homepageId: number) {
  const user = signedIn(actor)
  await db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, user, homepageId, 'edit-settings')
    await tx.update(users).set({ currentHomepageId: homepage.id }).where(eq(users.id, user.id))
  })
}

export async function setDefaultHomepage(db: Db, actor: Actor, homepageId: number) {
  const user = signedIn(actor)
  await db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    const { homepage } = await requireCapability(tx, user, homepageId, 'edit-settings', true)
    await tx
      .update(homepages)
      .set({ isDefault: sql`${homepages.id} = ${homepage.id}` })
      .where(eq(homepages.userId, user.id))
  })
}

/** The sort after a pin toggle: unpinned is 0, a new pin goes on top; refused past three pins. */
function nextPin(current: number, pinned: { n: number; top: number } | undefined) {
  if (current > 0) return 0
  if ((pinned?.n ?? 0) >= MAX_PINNED) throw new DomainError(TOO_MANY_PINNED)
  return (pinned?.top ?? 0) + 1
}

/** Pins (sort = highest + 1) or unpins (0); at most three pinned. Answers the new sort. */
export async function toggleHomepagePin(db: Db, actor: Actor, homepageId: number) {
  const user = signedIn(actor)
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    const { homepage } = await requireCapability(tx, user, homepageId, 'edit-settings', true)
    const [pinned] = await tx
      .select({ n: count(), top: sql<number>`coalesce(max(${homepages.sort}), 0)::int` })
      .from(homepages)
      .where(and(eq(homepages.userId, user.id), isNull(homepages.deletedAt), sql`${homepages.sort} > 0`))
    const sort = nextPin(homepage.sort, pinned)
    await tx.update(homepages).set({ sort }).where(eq(homepages.id, homepage.id))
    return { sort }
  })
}

/** The owner's share switch (set-open-status): opening needs a personal domain. */
export async function toggleHomepageOpen(db: Db, actor: Actor, homepageId: number) {
  return db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, actor, homepageId, 'share', true)
    const isOpen = !homepage.isOpen
    if (isOpen && !homepage.code) throw new DomainError(SET_CODE_FIRST)
    await tx.update(homepages).set({ isOpen }).where(eq(homepages.id, homepage.id))
    return { isOpen, msg: isOpen ? OPENED_MSG : CLOSED_MSG }
  })
}

/**
 * 分享 → 公开主页 (issue 22): opens the homepage, first giving it `code` when it has none, in one
 * transaction, so a fresh homepage is public in one submit. Opening an open one changes nothing.
 */
export async function publishHomepage(db: Db, actor: Actor, input: PublishHomepageInput) {
  return withCode(() =>
    db.transaction(async (tx) => {
      const { homepage } = await requireCapability(tx, actor, input.homepageId, 'share', true)
      let code = homepage.code
      if (!code) {
        if (!input.code) throw new DomainError(CODE_REQUIRED_MSG, { field: 'code' })
        if (await codeTaken(tx, input.code, homepage.id)) throw new DomainError(CODE_TAKEN_MSG, { field: 'code' })
        code = input.code
      }
      await tx.update(homepages).set({ code, isOpen: true }).where(eq(homepages.id, homepage.id))
      return { code, msg: OPENED_MSG }
    }),
  )
}

/** To the trash; never the default one. If it was the user's current homepage, `/` falls back to the default. */
export async function trashHomepage(db: Db, actor: Actor, homepageId: number) {
  const user = signedIn(actor)
  await db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    const { homepage } = await requireCapability(tx, user, homepageId, 'delete-homepage', true)
    if (homepage.isDefault) throw new DomainError(DEFAULT_NOT_DELETABLE)
    await tx.update(homepages).set({ deletedAt: sql`now()`, sort: 0 }).where(eq(homepages.id, homepage.id))
    await tx
      .update(users)
      .set({ currentHomepageId: null })
      .where(and(eq(users.id, user.id), eq(users.currentHomepageId, homepage.id)))
  })
}

/**
 * Back from the trash. Its personal domain may have been taken meanwhile: then it comes back
 * without one (and private), and the message says to set a new one.
 */
export async function restoreHomepage(db: Db, actor: Actor, homepageId: number) {
  const user = signedIn(actor)
  return withCode(() =>
    db.transaction(async (tx) => {
      const homepage = await trashedOwn(tx, user, homepageId)
      const lost = homepage.code !== null && (await codeTaken(tx, homepage.code))
      await tx
        .update(homepages)
        .set({ deletedAt: null, ...(lost ? { code: null, isOpen: false } : {}) })
        .where(eq(homepages.id, homepage.id))
      return { msg: lost ? RESTORED_WITHOUT_CODE : RESTORED_MSG, codeCleared: lost }
    }),
  )
}

/** Deletes a trashed homepage for good, with everything on it: its bookmarks first, in steps (ADR 024). */
export async function hardDeleteHomepage(db: Db, actor: Actor, homepageId: number) {
  const user = signedIn(actor)
  await deleteInSteps(db, sources, eq(sources.homepageId, homepageId), { guard: (tx) => trashedOwn(tx, user, homepageId) })
  await db.transaction(async (tx) => {
    const homepage = await trashedOwn(tx, user, homepageId)
    await tx.delete(homepages).where(eq(homepages.id, homepage.id))
  })
}

// ---------------------------------------------------------------------------------------------
// Lists

export type HomepageListItem = {
  id: number
  name: string
  title: string
  icon: string
  code: string
  routeDomain: string
  isOpen: boolean
  isDefault: boolean
  sort: number
  /** created: the user's current homepage; joined: 'member' | 'manager'; followed: 'follower'. */
  current?: boolean
  memberRole?: string
  /** False for a followed homepage no longer shared (对方已取消分享，无法访问) or trashed. */
  accessible: boolean
  nickname: string
}

function listItem(row: Homepage, nickname: string, extra: Partial<HomepageListItem> = {}): HomepageListItem {
  return {
    id: row.id,
    name: homepageLabel(row.title, nickname),
    title: row.title,
    icon: row.icon,
    code: row.code ?? '',
    routeDomain: row.code ? `/${row.code}` : '',
    isOpen: row.isOpen,
    isDefault: row.isDefault,
    sort: row.sort,
    accessible: true,
    nickname,
    ...extra,
  }
}

const searchable = (wd: string | undefined): SQL | undefined => (wd?.trim() ? ilike(homepages.title, containing(wd.trim())) : undefined)
const paging = (page: number, size = HOMEPAGE_PAGE_SIZE) => ({ limit: size, offset: (Math.max(page, 1) - 1) * size })

/** The created tab: pinned first by sort descending, then the rest newest first. */
export async function listCreatedHomepages(db: Db, actor: Actor, { word }: { word?: string } = {}) {
  const user = signedIn(actor)
  const rows = await db
    .select()
    .from(homepages)
    .where(and(eq(homepages.userId, user.id), isNull(homepages.deletedAt), searchable(word)))
    .orderBy(desc(homepages.sort), desc(homepages.id))
  const [me] = await db.select({ current: users.currentHomepageId }).from(users).where(eq(users.id, user.id))
  return rows.map((row) => listItem(row, user.nickname, { current: row.id === me?.current, memberRole: 'owner' }))
}

export async function listTrashedHomepages(db: Db, actor: Actor, { page }: { page: number }) {
  const user = signedIn(actor)
  const where = and(eq(homepages.userId, user.id), isNotNull(homepages.deletedAt))
  const { limit, offset } = paging(page)
  const rows = await db.select().from(homepages).where(where).orderBy(desc(homepages.deletedAt), desc(homepages.id)).limit(limit).offset(offset)
  const [total] = await db.select({ n: count() }).from(homepages).where(where)
  const n = total?.n ?? 0
  return {
    list: rows.map((row) => ({ ...listItem(row, user.nickname), deletedAt: row.deletedAt!.toISOString() })),
    total: n,
    next: offset + rows.length < n,
  }
}

/**
 * Homepages the user joined by invite (joined tab) or follows (followed tab): pinned first, then
 * newest. A followed homepage stays listed once unshared or trashed, marked not accessible, so
 * the follower learns why it is gone (对方已取消分享，无法访问); a trashed one leaves the joined tab.
 */
export async function listRelatedHomepages(
  db: Db,
  actor: Actor,
  kind: 'joined' | 'followed',
  { page, wd }: { page: number; wd?: string },
) {
  const user = signedIn(actor)
  const link = kind === 'joined' ? homepageMembers : homepageFollows
  const where = and(eq(link.userId, user.id), kind === 'joined' ? isNull(homepages.deletedAt) : undefined, searchable(wd))
  const rows = await db
    .select({
      homepage: homepages,
      nickname: users.nickname,
      sort: link.sort,
      permission: kind === 'joined' ? homepageMembers.permission : sql<string>`'follower'`,
    })
    .from(link)
    .innerJoin(homepages, eq(homepages.id, link.homepageId))
    .innerJoin(users, eq(users.id, homepages.userId))
    .where(where)
    .orderBy(desc(link.sort), desc(link.createdAt))
    .limit(paging(page).limit)
    .offset(paging(page).offset)
  const [total] = await db
    .select({ n: count() })
    .from(link)
    .innerJoin(homepages, eq(homepages.id, link.homepageId))
    .where(where)
  const list = rows.map(({ homepage, nickname, sort, permission }) =>
    listItem(homepage, nickname, {
      sort,
      memberRole: permission,
      accessible: kind === 'joined' || (homepage.isOpen && !homepage.deletedAt),
      // A trashed homepage's code may belong to someone else by now.
      ...(homepage.deletedAt ? { code: '', routeDomain: '' } : {}),
    }),
  )
  return { list, total: total?.n ?? 0, next: paging(page).offset + list.length < (total?.n ?? 0) }
}

/** Pins or unpins a joined or followed homepage in the user's own list (set-top type join / follow). */
export async function toggleRelatedPin(db: Db, actor: Actor, kind: 'joined' | 'followed', homepageId: number) {
  const user = signedIn(actor)
  const link = kind === 'joined' ? homepageMembers : homepageFollows
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    const [row] = await tx
      .select({ sort: link.sort })
      .from(link)
      .where(and(eq(link.userId, user.id), eq(link.homepageId, homepageId)))
    if (!row) throw new DomainError(NOT_FOUND)
    const [pinned] = await tx
      .select({ n: count(), top: sql<number>`coalesce(max(${link.sort}), 0)::int` })
      .from(link)
      .where(and(eq(link.userId, user.id), sql`${link.sort} > 0`))
    const sort = nextPin(row.sort, pinned)
    await tx
      .update(link)
      .set({ sort })
      .where(and(eq(link.userId, user.id), eq(link.homepageId, homepageId)))
    return { sort }
  })
}

/** get-detail: the Homepage entity of spec §3; the owner also gets the visit stats. */
export async function homepageDetail(db: Db, actor: Actor, homepageId: number) {
  const resolved = await resolveHomepageById(db, actor, homepageId)
  if (!resolved) throw new DomainError(NOT_FOUND)
  const info = homepageInfo(resolved)
  return resolved.role === 'owner' ? { ...info, number: await homepageStats(db, homepageId) } : info
}
