import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../columns.ts'
import { users } from './users.ts'

/**
 * Discover (发现, spec §7 /api/cool/*; issue 25; ADR 034): sites recommended by users, shown once an
 * administrator (users.is_admin) approves them, in a few fixed categories, with tags.
 */

/** The discover area's categories (cool/category): seeded by drizzle/0026, in `sort` order. */
export const discoverCategories = pgTable('discover_categories', {
  id: id(),
  name: varchar('name', { length: 20 }).notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
})

/** pending: waiting for an administrator; approved: shown to everyone; rejected: seen by its submitter only. */
export const DISCOVER_STATUSES = ['pending', 'approved', 'rejected'] as const
export type DiscoverStatus = (typeof DISCOVER_STATUSES)[number]

export const discoverSites = pgTable(
  'discover_sites',
  {
    id: id(),
    /** Who recommended it; null once their account is gone (an approved site stays). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => discoverCategories.id),
    name: varchar('name', { length: 100 }).notNull(),
    url: text('url').notNull(),
    /** The address compared for duplicates (discoverAddress): host lower-cased without www. and default port, no trailing slash, no fragment. */
    address: text('address').notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    icon: text('icon').notNull().default(''),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    status: varchar('status', { length: 10 }).$type<DiscoverStatus>().notNull().default('pending'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One recommendation per address, but a turned-down one may be recommended again.
    uniqueIndex('discover_sites_address_key').on(t.address).where(sql`${t.status} <> 'rejected'`),
    index('discover_sites_category_idx').on(t.categoryId, t.status, t.reviewedAt),
    // The header's 'new' badge: approved sites newer than the viewer's last visit.
    index('discover_sites_approved_idx').on(t.reviewedAt).where(sql`${t.status} = 'approved'`),
    index('discover_sites_user_idx').on(t.userId),
    index('discover_sites_reviewed_by_idx').on(t.reviewedBy),
    index('discover_sites_status_idx').on(t.status, t.id),
  ],
)

/** A tag's name as stored: trimmed, at most 10 characters; one row per name, whatever its case. */
export const discoverTags = pgTable(
  'discover_tags',
  {
    id: id(),
    name: varchar('name', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('discover_tags_name_key').on(sql`lower(${t.name})`)],
)

export const discoverSiteTags = pgTable(
  'discover_site_tags',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => discoverSites.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => discoverTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.tagId] }), index('discover_site_tags_tag_idx').on(t.tagId)],
)

export type DiscoverSite = typeof discoverSites.$inferSelect
export type DiscoverCategory = typeof discoverCategories.$inferSelect
