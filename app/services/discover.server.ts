import { and, asc, count, desc, eq, exists, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { containing } from '#app/db/like.ts'
import { discoverCategories, discoverSites, discoverSiteTags, discoverTags, users, type DiscoverSite, type DiscoverStatus, type User } from '#app/db/schema/index.ts'
import { hostNameOf } from '#app/schemas/content.ts'
import { PICK_CATEGORY, type RecommendInput, type SiteListInput } from '#app/schemas/discover.ts'
import { DomainError, isUniqueViolation, NotSignedInError } from '#app/utils/errors.ts'
import { NOT_FOUND, type Actor } from './access.server.ts'
import { addLinks } from './source.server.ts'

/**
 * Discover (发现; spec §7 /api/cool/*; issue 25; ADR 034): sites users recommend, shown once an
 * administrator approves them. The one visibility rule: a site that is not approved (pending or
 * rejected) shows to nobody but its submitter and the administrators — lists, tags, search,
 * check-repeat and collect all go through `visibleTo`.
 */

export const RECOMMENDED_MSG = '推荐成功，管理员审核通过后显示'
export const RECOMMENDED_ADMIN_MSG = '推荐成功，已直接通过'
export const REPEATED_MSG = '该网站已被推荐过'
export const NOT_REPEATED_MSG = '该网站还没有被推荐过'
export const RECOMMEND_BUSY = '推荐过于频繁，请稍后再试'
export const COLLECTED_MSG = '收藏成功'
export const APPROVED_MSG = '已通过'
export const REJECTED_MSG = '已拒绝'
export const ALREADY_REVIEWED = '该推荐已处理'
export const ADMIN_ONLY = '只有管理员可以审核'

/**
 * The address compared for duplicates (ADR 034): the scheme does not count (http and https are one
 * site), the host is lower-cased without a leading `www.` and without the scheme's default port,
 * the path loses its trailing slashes, the fragment goes; the query stays (it may name another page).
 * `https://WWW.Example.com:443/a/` and `http://example.com/a` are one address: `example.com/a`.
 */
export function discoverAddress(href: string) {
  const url = new URL(href)
  const host = url.hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '')
  const port = url.port && !(url.protocol === 'http:' && url.port === '80') && !(url.protocol === 'https:' && url.port === '443') ? `:${url.port}` : ''
  const path = url.pathname.replace(/\/+$/, '')
  return `${host}${port}${path}${url.search}`
}

const isAdmin = (actor: Actor): boolean => Boolean(actor?.isAdmin)

/** What the actor may see: approved sites, and (not approved) their own, or every one to an administrator. */
function visibleTo(actor: Actor): SQL | undefined {
  if (isAdmin(actor)) return undefined
  const approved = eq(discoverSites.status, 'approved')
  return actor ? or(approved, eq(discoverSites.userId, actor.id)) : approved
}

/** Shown in the lists: approved, plus the pending ones the actor may see (their own, or all to an administrator); rejected ones only in 我的推荐. */
function listedFor(actor: Actor): SQL | undefined {
  return and(visibleTo(actor), or(eq(discoverSites.status, 'approved'), eq(discoverSites.status, 'pending')))
}

const tagNames = sql<string[]>`coalesce((select array_agg(t.name order by t.name) from ${discoverSiteTags} st join ${discoverTags} t on t.id = st.tag_id where st.site_id = ${discoverSites.id}), '{}')`

const SITE = { row: discoverSites, tags: tagNames, submitter: users.nickname, category: discoverCategories.name }
type SiteRow = { row: DiscoverSite; tags: string[]; submitter: string | null; category: string }

/** A site as lists and calls show it; the submitter's name only, never their account. */
export function siteView({ row, tags, submitter, category }: SiteRow) {
  return {
    id: row.id,
    cid: row.categoryId,
    category,
    name: row.name,
    url: row.url,
    host: row.host,
    icon: row.icon,
    summary: row.summary,
    tags,
    status: row.status,
    submitter: submitter ?? '',
    createTime: row.createdAt.toISOString(),
    ...(row.reviewedAt ? { reviewTime: row.reviewedAt.toISOString() } : {}),
  }
}
export type SiteView = ReturnType<typeof siteView>

async function sitePage(db: Db, where: SQL | undefined, order: SQL[], { page, size }: { page: number; size: number }) {
  const rows = await db
    .select(SITE)
    .from(discoverSites)
    .innerJoin(discoverCategories, eq(discoverCategories.id, discoverSites.categoryId))
    .leftJoin(users, eq(users.id, discoverSites.userId))
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(discoverSites).where(where)
  return { list: rows.map(siteView), total: total?.n ?? 0, page, size }
}

const newestFirst = [desc(sql`coalesce(${discoverSites.reviewedAt}, ${discoverSites.createdAt})`), desc(discoverSites.id)]

/** cool/category: the categories, in order. */
export function listDiscoverCategories(db: Db) {
  return db.select({ id: discoverCategories.id, name: discoverCategories.name, sort: discoverCategories.sort }).from(discoverCategories).orderBy(asc(discoverCategories.sort), asc(discoverCategories.id))
}

/** The sites of a category, of a tag, or matching words (name, summary, address), newest first, as the actor may see them. */
export async function listSites(db: Db, actor: Actor, input: SiteListInput) {
  const filters: Array<SQL | undefined> = [listedFor(actor)]
  if (input.cid) filters.push(eq(discoverSites.categoryId, input.cid))
  if (input.tag) {
    const tagged = db
      .select({ id: discoverSiteTags.siteId })
      .from(discoverSiteTags)
      .innerJoin(discoverTags, eq(discoverTags.id, discoverSiteTags.tagId))
      .where(sql`lower(${discoverTags.name}) = lower(${input.tag})`)
    filters.push(inArray(discoverSites.id, tagged))
  }
  if (input.wd) {
    const words = containing(input.wd)
    filters.push(or(ilike(discoverSites.name, words), ilike(discoverSites.summary, words), ilike(discoverSites.url, words)))
  }
  return sitePage(db, and(...filters), newestFirst, input)
}

/** The most used tags of approved sites (the tag cloud of /discover). */
export async function popularTags(db: Db, limit = 30) {
  return db
    .select({ name: discoverTags.name, amount: count() })
    .from(discoverTags)
    .innerJoin(discoverSiteTags, eq(discoverSiteTags.tagId, discoverTags.id))
    .innerJoin(discoverSites, eq(discoverSites.id, discoverSiteTags.siteId))
    .where(eq(discoverSites.status, 'approved'))
    .groupBy(discoverTags.id, discoverTags.name)
    .orderBy(desc(count()), asc(discoverTags.name))
    .limit(limit)
}

/** check-repeat: whether the address was recommended already. Details only of a site the actor may see. */
export async function checkRepeat(db: Db | Tx, actor: Actor, url: string) {
  const address = discoverAddress(url)
  const [found] = await db
    .select({ id: discoverSites.id, status: discoverSites.status, userId: discoverSites.userId, name: discoverSites.name })
    .from(discoverSites)
    .where(and(eq(discoverSites.address, address), sql`${discoverSites.status} <> 'rejected'`))
    .limit(1)
  if (!found) return { repeat: false as const, msg: NOT_REPEATED_MSG, site: null }
  const sees = found.status === 'approved' || isAdmin(actor) || (actor !== null && found.userId === actor.id)
  return { repeat: true as const, msg: REPEATED_MSG, site: sees ? { id: found.id, name: found.name, status: found.status } : null }
}

async function tagIds(tx: Tx, names: string[]) {
  if (!names.length) return []
  await tx.insert(discoverTags).values(names.map((name) => ({ name }))).onConflictDoNothing()
  const rows = await tx
    .select({ id: discoverTags.id })
    .from(discoverTags)
    .where(inArray(sql`lower(${discoverTags.name})`, names.map((n) => n.toLowerCase())))
  return rows.map((r) => r.id)
}

/**
 * recommend: a signed-in user recommends a site; it waits for an administrator (an
 * administrator's own shows at once). An address recommended already (and not turned down) is
 * refused: checked first, and by the unique index when two arrive together.
 */
export async function recommendSite(db: Db, actor: Actor, input: RecommendInput) {
  if (!actor) throw new NotSignedInError()
  await consumeOrThrow(db, 'discoverRecommend', `user:${actor.id}`, RECOMMEND_BUSY)
  const address = discoverAddress(input.url)
  try {
    return await db.transaction(async (tx) => {
      const [category] = await tx.select({ id: discoverCategories.id }).from(discoverCategories).where(eq(discoverCategories.id, input.cid))
      if (!category) throw new DomainError(PICK_CATEGORY, { field: 'cid' })
      if ((await checkRepeat(tx, actor, input.url)).repeat) throw new DomainError(REPEATED_MSG, { field: 'url' })
      const admin = isAdmin(actor)
      const [created] = await tx
        .insert(discoverSites)
        .values({
          userId: actor.id,
          categoryId: input.cid,
          name: input.name,
          url: input.url,
          address,
          host: hostNameOf(input.url),
          icon: input.icon,
          summary: input.summary,
          status: admin ? 'approved' : 'pending',
          ...(admin ? { reviewedBy: actor.id, reviewedAt: sql`now()` } : {}),
        })
        .returning({ id: discoverSites.id })
      const ids = await tagIds(tx, input.tags)
      if (ids.length) await tx.insert(discoverSiteTags).values(ids.map((tagId) => ({ siteId: created!.id, tagId })))
      return { id: created!.id, status: (admin ? 'approved' : 'pending') as DiscoverStatus, msg: admin ? RECOMMENDED_ADMIN_MSG : RECOMMENDED_MSG }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(REPEATED_MSG, { field: 'url' })
    throw error
  }
}

/** One site as the actor may see it, else NOT_FOUND (so ids reveal nothing). */
export async function siteDetail(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select(SITE)
    .from(discoverSites)
    .innerJoin(discoverCategories, eq(discoverCategories.id, discoverSites.categoryId))
    .leftJoin(users, eq(users.id, discoverSites.userId))
    .where(and(eq(discoverSites.id, id), visibleTo(actor)))
  if (!row) throw new DomainError(NOT_FOUND)
  return siteView(row)
}

/**
 * collect {ids, bid}: approved sites into one category of the actor's own, in the order given:
 * all or none (addLinks: past the category's 100 children, nothing is written).
 */
export async function collectSites(db: Db, actor: Actor, input: { ids: number[]; bid: number }) {
  if (!actor) throw new NotSignedInError()
  const rows = await db
    .select()
    .from(discoverSites)
    .where(and(inArray(discoverSites.id, input.ids), eq(discoverSites.status, 'approved')))
  if (rows.length !== input.ids.length) throw new DomainError(NOT_FOUND)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const links = input.ids.map((id) => {
    const site = byId.get(id)!
    // A bookmark's note holds 100 characters; a site's summary up to 200.
    return { name: site.name, url: site.url, note: [...site.summary].slice(0, 100).join(''), icon: site.icon }
  })
  const added = await addLinks(db, actor, input.bid, links)
  return { list: added, msg: COLLECTED_MSG }
}

/**
 * review {id, status}: an administrator approves a pending site (it shows to everyone) or turns it
 * down (only its submitter sees it, and the address may be recommended again). Decided once: a
 * second submit, or two administrators at once, find it decided (the row's lock serialises them).
 */
export async function reviewSite(db: Db, actor: Actor, input: { id: number; status: 'approved' | 'rejected' }) {
  if (!actor) throw new NotSignedInError()
  if (!isAdmin(actor)) throw new DomainError(ADMIN_ONLY)
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(discoverSites).where(eq(discoverSites.id, input.id)).for('update')
    if (!row) throw new DomainError(NOT_FOUND)
    if (row.status !== 'pending') throw new DomainError(ALREADY_REVIEWED)
    await tx.update(discoverSites).set({ status: input.status, reviewedBy: actor!.id, reviewedAt: sql`now()` }).where(eq(discoverSites.id, row.id))
    return { id: row.id, status: input.status, msg: input.status === 'approved' ? APPROVED_MSG : REJECTED_MSG }
  })
}

/** The administrators' review list: pending sites, oldest first. */
export async function pendingSites(db: Db, actor: Actor, paging: { page: number; size: number }) {
  if (!actor) throw new NotSignedInError()
  if (!isAdmin(actor)) throw new DomainError(ADMIN_ONLY)
  return sitePage(db, eq(discoverSites.status, 'pending'), [asc(discoverSites.id)], paging)
}

/** 我的推荐: the actor's own recommendations in every state, newest first. */
export async function mySites(db: Db, actor: Actor, paging: { page: number; size: number }) {
  if (!actor) throw new NotSignedInError()
  return sitePage(db, eq(discoverSites.userId, actor.id), [desc(discoverSites.id)], paging)
}

/** The header's 'new' badge: an approved site newer than the user's last visit of /discover (one indexed probe). */
export async function hasNewSites(db: Db, user: User) {
  const [row] = await db
    .select({ id: discoverSites.id })
    .from(discoverSites)
    .where(and(eq(discoverSites.status, 'approved'), user.discoverSeenAt ? gt(discoverSites.reviewedAt, user.discoverSeenAt) : undefined))
    .limit(1)
  return Boolean(row)
}

/**
 * The user has seen /discover now (the badge goes until another site is approved). Written only
 * when there was something new: the write bumps the user's page version (their kept start page
 * loses its badge), which every later visit, page or tag of /discover need not do again.
 */
export async function markDiscoverSeen(db: Db, user: User) {
  const unseen = db
    .select({ id: discoverSites.id })
    .from(discoverSites)
    .where(and(eq(discoverSites.status, 'approved'), or(isNull(users.discoverSeenAt), gt(discoverSites.reviewedAt, users.discoverSeenAt))))
  await db.update(users).set({ discoverSeenAt: sql`now()` }).where(and(eq(users.id, user.id), exists(unseen)))
}

