import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { bagShares, bags, homepages, users } from '#app/db/schema/index.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { collectionHref } from './category-share.server.ts'

/**
 * The sitemap (/sitemap.html, /sitemap.xml): what anyone may read and a search engine may list —
 * public homepages (open, not in the trash, with their personal domain) and shared categories
 * (as /collection/{bid} shows them: shared, neither they nor their homepage trashed). Private
 * or trashed ones never. Homepages first, then categories, each by id: a stable order to page.
 */
export type SitemapEntry = { kind: 'homepage' | 'category'; path: string; title: string; updatedAt: Date }

const publicHomepage = and(eq(homepages.isOpen, true), isNull(homepages.deletedAt), isNotNull(homepages.code))
const sharedCategory = and(isNull(bags.deletedAt), isNull(homepages.deletedAt))

/** How many entries there are, all pages together. */
export async function sitemapSize(db: Db) {
  const [[pages], [categories]] = await Promise.all([
    db.select({ n: count() }).from(homepages).where(publicHomepage),
    db
      .select({ n: count() })
      .from(bagShares)
      .innerJoin(bags, eq(bags.id, bagShares.bagId))
      .innerJoin(homepages, eq(homepages.id, bags.homepageId))
      .where(sharedCategory),
  ])
  return { homepages: pages!.n, categories: categories!.n, total: pages!.n + categories!.n }
}

/** Entries `offset` to `offset + limit` of the whole list (homepages, then categories). */
export async function sitemapEntries(db: Db, offset: number, limit: number): Promise<SitemapEntry[]> {
  const size = await sitemapSize(db)
  const entries: SitemapEntry[] = []
  if (offset < size.homepages) {
    const rows = await db
      .select({ code: homepages.code, title: homepages.title, nickname: users.nickname, updatedAt: homepages.updatedAt })
      .from(homepages)
      .innerJoin(users, eq(users.id, homepages.userId))
      .where(publicHomepage)
      .orderBy(asc(homepages.id))
      .offset(offset)
      .limit(limit)
    for (const row of rows) entries.push({ kind: 'homepage', path: `/${row.code}`, title: homepageLabel(row.title, row.nickname), updatedAt: row.updatedAt })
  }
  const left = limit - entries.length
  if (left > 0) {
    const rows = await db
      .select({ bid: bags.id, name: bags.name, remark: bagShares.remark, updatedAt: bags.updatedAt })
      .from(bagShares)
      .innerJoin(bags, eq(bags.id, bagShares.bagId))
      .innerJoin(homepages, eq(homepages.id, bags.homepageId))
      .where(sharedCategory)
      .orderBy(asc(bags.id))
      .offset(Math.max(0, offset - size.homepages))
      .limit(left)
    for (const row of rows) entries.push({ kind: 'category', path: collectionHref(row.bid), title: row.name, updatedAt: row.updatedAt })
  }
  return entries
}

/** URLs a page of /sitemap.xml (the protocol allows 50,000; smaller pages answer fast). */
export const SITEMAP_XML_PAGE = 1000
/** Entries a page of /sitemap.html. */
export const SITEMAP_HTML_PAGE = 100

/** A `page` query value: a whole number from 1, else null. */
export function pageNumber(value: string | null) {
  if (value === null) return 1
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null
}
