import { containing, escapeLike } from '#app/db/like.ts'
import { recordset } from '#app/db/recordset.ts'
import { and, asc, desc, eq, gt, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { createCookie } from 'react-router'
import type { Db } from '#app/db/client.server.ts'
import { bags, homepages, modules, searchHistory, sources } from '#app/db/schema/index.ts'
import { EMPTY_KEYWORD_MSG, SEARCH_HISTORY_KEPT, SEARCH_KEYWORD_MAX, SEARCH_PAGE_SIZE } from '#app/schemas/search.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import type { Actor } from './access.server.ts'
import { detailHref } from '#app/notes/writing-href.ts'
import { bigrams, FIELD_SEPARATOR, normaliseKeyword, searchColumns } from './search-index.ts'
import { hostOf } from './source.server.ts'

/**
 * Ctrl+K bookmark search (spec §2 search dialog, §5 Search, §9): the signed-in user's own live
 * links on their homepages that are not in the trash, by name, URL, note and the name's pinyin,
 * over the columns searchColumns stored on write (search-index.ts). Folders, notes and dividers
 * are not results: a hit is something to open, and a link inside a folder names its folder.
 */

export type SearchHit = {
  id: number
  name: string
  url: string
  host: string
  note: string
  /** Send the Referer (rel without noreferrer), as on the homepage. */
  referral: boolean
  clickAmount: number
  homepage: { id: number; name: string; code: string | null }
  module: { id: number; name: string }
  category: { bid: number; name: string }
  /** The folder the link sits in, if any. */
  folder: { id: number; name: string } | null
}

export type SearchPage = { wd: string; list: SearchHit[]; total: number; page: number; size: number; hasMore: boolean }

const textArray = (items: string[]) => sql`array[${sql.join(items.map((g) => sql`${g}`), sql`, `)}]::text[]`
const field = (n: number) => sql`split_part(${sources.searchText}, ${FIELD_SEPARATOR}, ${n})`

/**
 * The keyword's condition: ≥ 2 characters through the gram index (every gram of the keyword is
 * a gram of the row), then the exact substring; 1 character by LIKE alone over the user's rows.
 */
function matching(keyword: string): SQL {
  const like = sql`${sources.searchText} like ${containing(keyword)}`
  const grams = bigrams(keyword)
  return grams.length ? sql`${sources.searchGrams} @> ${textArray(grams)} and ${like}` : like
}

/** 0: the name is the keyword; 1: it starts with it; 2: the name contains it or its pinyin starts with it; 3: URL, note, the rest. */
function rankOf(keyword: string): SQL<number> {
  const escaped = escapeLike(keyword)
  return sql<number>`case
    when ${sources.searchText} like ${`${escaped}${FIELD_SEPARATOR}%`} then 0
    when ${sources.searchText} like ${`${escaped}%`} then 1
    when ${field(1)} like ${`%${escaped}%`} or ${field(2)} like ${`${escaped}%`} or ${field(3)} like ${`${escaped}%`} then 2
    else 3 end`
}

const folders = alias(sources, 'folder')

/**
 * Live links, posts and code snippets on the user's own homepages that are not in the trash. A
 * trashed category's bookmarks are trashed with it (bag.server.ts trashBag), so
 * `sources.deleted_at` covers both.
 */
const ownLinks = (db: Db, userId: number) =>
  and(
    inArray(
      sources.homepageId,
      db.select({ id: homepages.id }).from(homepages).where(and(eq(homepages.userId, userId), isNull(homepages.deletedAt))),
    ),
    isNull(sources.deletedAt),
    inArray(sources.type, ['link', 'post', 'code']),
    // Blacklisted links read 违规链接 even to their owner: their name is no match.
    eq(sources.blacklist, false),
  )

export async function searchBookmarks(
  db: Db,
  actor: Actor,
  { wd, page = 1, size = SEARCH_PAGE_SIZE }: { wd: string; page?: number; size?: number },
): Promise<SearchPage> {
  if (!actor) throw new NotSignedInError()
  const keyword = normaliseKeyword(wd)
  if (!keyword) throw new DomainError(EMPTY_KEYWORD_MSG)
  const where = and(ownLinks(db, actor.id), matching(keyword))
  // Step 1 over the bookmarks alone: the page's ids and the whole count, in one pass over the
  // matches. Step 2 joins homepage, module, category and folder for those few rows only.
  const hits = db.$with('hits').as(
    db
      .select({
        id: sources.id,
        rank: rankOf(keyword).as('hit_rank'),
        clicks: sources.clickAmount,
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(sources)
      .where(where)
      .orderBy(sql`hit_rank`, desc(sources.clickAmount), desc(sources.id))
      .limit(size)
      .offset((page - 1) * size),
  )
  const rows = await db
    .with(hits)
    .select({
      id: sources.id,
      name: sources.name,
      type: sources.type,
      url: sources.url,
      note: sources.note,
      referral: sources.referral,
      clickAmount: sources.clickAmount,
      homepageId: homepages.id,
      homepageName: homepages.title,
      code: homepages.code,
      moduleId: modules.id,
      moduleName: modules.name,
      bid: bags.id,
      bagName: bags.name,
      folderId: folders.id,
      folderName: folders.name,
      total: sql<number>`${hits.total}`.mapWith(Number),
    })
    .from(hits)
    .innerJoin(sources, eq(sources.id, hits.id))
    .innerJoin(homepages, eq(homepages.id, sources.homepageId))
    .innerJoin(bags, eq(bags.id, sources.bagId))
    .innerJoin(modules, eq(modules.id, bags.moduleId))
    .leftJoin(folders, eq(folders.id, sources.parentId))
    .orderBy(hits.rank, desc(hits.clicks), desc(hits.id))
  // Past the last page no row carries the count: it takes a query of its own.
  const total = rows[0]?.total ?? (page > 1 ? ((await db.select({ n: sql<number>`count(*)::int` }).from(sources).where(where))[0]?.n ?? 0) : 0)
  const list = rows.map(
    (r): SearchHit => ({
      id: r.id,
      name: r.name,
      // A post or snippet opens its page (its bookmark has no address of its own).
      url: r.type === 'link' ? (r.url ?? '') : detailHref(r.id),
      host: hostOf(r.url),
      note: r.note,
      referral: r.referral,
      clickAmount: r.clickAmount,
      homepage: { id: r.homepageId, name: r.homepageName, code: r.code },
      module: { id: r.moduleId, name: r.moduleName },
      category: { bid: r.bid, name: r.bagName },
      folder: r.folderId !== null ? { id: r.folderId, name: r.folderName ?? '' } : null,
    }),
  )
  return { wd: keyword, list, total, page, size, hasMore: page * size < total }
}

// ---------------------------------------------------------------------------------------------
// History: 8 keywords, newest first, no repeats (spec §9); the dialog and the page show 3.

/** A keyword as history keeps it: as typed (trimmed, no control characters), at most 100 characters. */
function historyWord(wd: string) {
  return [...wd.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()].slice(0, SEARCH_KEYWORD_MAX).join('').trim()
}

export async function searchHistoryOf(db: Db, actor: Actor): Promise<string[]> {
  if (!actor) throw new NotSignedInError()
  const rows = await db
    .select({ word: searchHistory.word })
    .from(searchHistory)
    .where(eq(searchHistory.userId, actor.id))
    .orderBy(desc(searchHistory.searchedAt), asc(searchHistory.word))
    .limit(SEARCH_HISTORY_KEPT)
  return rows.map((r) => r.word)
}

export async function rememberSearch(db: Db, actor: Actor, wd: string) {
  if (!actor) throw new NotSignedInError()
  const word = historyWord(wd)
  if (!word) throw new DomainError(EMPTY_KEYWORD_MSG)
  // The clock, but always after the user's newest search: two searches in one tick of the clock
  // (PGlite's is coarser than PostgreSQL's microseconds) keep their order.
  const searchedAt = sql`greatest(clock_timestamp(), (select max(${searchHistory.searchedAt}) from ${searchHistory} where ${searchHistory.userId} = ${actor.id}) + interval '1 microsecond')`
  await db.transaction(async (tx) => {
    await tx
      .insert(searchHistory)
      .values({ userId: actor.id, word, searchedAt })
      .onConflictDoUpdate({ target: [searchHistory.userId, searchHistory.word], set: { searchedAt } })
    const kept = tx
      .select({ word: searchHistory.word })
      .from(searchHistory)
      .where(eq(searchHistory.userId, actor.id))
      .orderBy(desc(searchHistory.searchedAt), asc(searchHistory.word))
      .limit(SEARCH_HISTORY_KEPT)
    await tx.delete(searchHistory).where(and(eq(searchHistory.userId, actor.id), notInArray(searchHistory.word, kept)))
  })
}

export async function clearSearchHistory(db: Db, actor: Actor) {
  if (!actor) throw new NotSignedInError()
  await db.delete(searchHistory).where(eq(searchHistory.userId, actor.id))
}

/** A guest's history: the same 8 keywords, in a cookie for a year (spec §9 cookies 365 days). */
export const guestHistoryCookie = createCookie('qy_search_history', {
  maxAge: 365 * 24 * 60 * 60,
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
})

export async function guestHistory(request: Request): Promise<string[]> {
  const value: unknown = await guestHistoryCookie.parse(request.headers.get('Cookie'))
  return Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string' && historyWord(w) === w && w !== '').slice(0, SEARCH_HISTORY_KEPT) : []
}

/**
 * The Set-Cookie header of a guest's history with `wd` put first, or null when `wd` is no keyword;
 * `wd` null clears the history.
 */
export async function guestHistoryHeader(request: Request, wd: string | null, { secure }: { secure: boolean }) {
  if (wd === null) return guestHistoryCookie.serialize([], { secure, maxAge: 0 })
  const word = historyWord(wd)
  if (!word) return null
  const words = [word, ...(await guestHistory(request)).filter((w) => w !== word)].slice(0, SEARCH_HISTORY_KEPT)
  return guestHistoryCookie.serialize(words, { secure })
}

// ---------------------------------------------------------------------------------------------
// Rows written before the search columns existed (migration 0008): filled once, at start-up.

/**
 * Fills the search columns of rows that have a name, URL or note but no search text, in batches
 * of `batchSize` in id order (each row is visited once per call). Returns how many it filled.
 */
export async function backfillSearchColumns(db: Db, batchSize = 1_000) {
  let after = 0
  let filled = 0
  for (;;) {
    const rows = await db
      .select({ id: sources.id, name: sources.name, url: sources.url, note: sources.note })
      .from(sources)
      .where(and(gt(sources.id, after), eq(sources.searchText, ''), or(ne(sources.name, ''), ne(sources.note, ''), ne(sources.url, ''))))
      .orderBy(asc(sources.id))
      .limit(batchSize)
    if (!rows.length) return filled
    const values = rows.map((r) => {
      const { searchText, searchGrams } = searchColumns(r)
      return { id: r.id, t: searchText, g: searchGrams }
    })
    // One statement per batch (PERFORMANCE.md: batch writes).
    await db.execute(sql`
      update ${sources} set search_text = v.t, search_grams = v.g
      from ${recordset(values, { id: 'integer', t: 'text', g: 'text[]' }, 'v')}
      where ${sources.id} = v.id`)
    filled += rows.length
    after = rows.at(-1)!.id
  }
}
