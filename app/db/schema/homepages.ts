import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, renderVersion, sortKey, updatedAt } from '../columns.ts'
import { users } from './users.ts'

export type Formats = { color?: string; style?: string; align?: string; weight?: string; size?: string }
export type CardConfig = { column?: number; linkStyle?: string; linkColumn?: number }

export const homepages = pgTable(
  'homepages',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 20 }).notNull().default(''),
    summary: varchar('summary', { length: 100 }).notNull().default(''),
    icon: text('icon').notNull().default(''),
    /** Personal domain (个性域名); unique among homepages that are not in the trash. */
    code: varchar('code', { length: 20 }),
    isOpen: boolean('is_open').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    /** Pin order: 0 = not pinned. */
    sort: integer('sort').notNull().default(0),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    layout: jsonb('layout').$type<Record<string, unknown>>().notNull().default({}),
    skin: jsonb('skin').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Bumped by database triggers on every write that changes how the homepage renders (itself,
     * its modules, categories, bookmarks, members, follows, shares): the page cache's key.
     */
    renderVersion: renderVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('homepages_code_key')
      .on(sql`lower(${t.code})`)
      .where(sql`${t.deletedAt} is null and ${t.code} is not null`),
    index('homepages_user_id_idx').on(t.userId),
  ],
)

export const modules = pgTable(
  'modules',
  {
    id: id(),
    homepageId: integer('homepage_id')
      .notNull()
      .references(() => homepages.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    icon: text('icon').notNull().default(''),
    /** 0 common categories, 1 navigation (single level), 2 image / multi-category. */
    moduleType: smallint('module_type').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** Shared through a link (module share, change-status). */
    isOpen: boolean('is_open').notNull().default(false),
    /** What the module share page shows (save-share-params key → value). */
    shareParams: jsonb('share_params').$type<Record<string, unknown>>().notNull().default({}),
    /** The import that created it (import_runs.id): "undo this import" removes exactly these rows. */
    importRunId: integer('import_run_id'),
    sortKey: sortKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One place per module: ordering can neither lose nor duplicate a position (SECURITY.md §0.10).
  (t) => [
    uniqueIndex('modules_order_key').on(t.homepageId, t.sortKey),
    index('modules_import_run_idx').on(t.importRunId).where(sql`${t.importRunId} is not null`),
  ],
)

export const bags = pgTable(
  'bags',
  {
    id: id(),
    homepageId: integer('homepage_id')
      .notNull()
      .references(() => homepages.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => bags.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    icon: text('icon').notNull().default(''),
    color: text('color'),
    formats: jsonb('formats').$type<Formats>().notNull().default({}),
    cardConfig: jsonb('card_config').$type<CardConfig>().notNull().default({}),
    /** The import that created it (import_runs.id): "undo this import" removes exactly these rows. */
    importRunId: integer('import_run_id'),
    sortKey: sortKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    /** Rows trashed together (a category with its bookmarks) restore together. */
    deletedBatchId: text('deleted_batch_id'),
  },
  (t) => [
    uniqueIndex('bags_order_key')
      .on(t.moduleId, sql`coalesce(${t.parentId}, 0)`, t.sortKey)
      .where(sql`${t.deletedAt} is null`),
    index('bags_homepage_idx').on(t.homepageId),
    // For the foreign keys (a delete finds the rows that point at it), in the trash or not.
    index('bags_module_idx').on(t.moduleId),
    index('bags_parent_idx').on(t.parentId),
    index('bags_import_run_idx').on(t.importRunId).where(sql`${t.importRunId} is not null`),
  ],
)

export const SOURCE_TYPES = ['link', 'folder', 'note', 'post', 'code', 'divider'] as const
export type SourceType = (typeof SOURCE_TYPES)[number]

export const sources = pgTable(
  'sources',
  {
    id: id(),
    homepageId: integer('homepage_id')
      .notNull()
      .references(() => homepages.id, { onDelete: 'cascade' }),
    bagId: integer('bag_id')
      .notNull()
      .references(() => bags.id, { onDelete: 'cascade' }),
    /** A folder's children point at the folder. */
    parentId: integer('parent_id').references((): AnyPgColumn => sources.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10 }).$type<SourceType>().notNull().default('link'),
    name: varchar('name', { length: 100 }).notNull(),
    url: text('url'),
    note: varchar('note', { length: 100 }).notNull().default(''),
    icon: text('icon'),
    formats: jsonb('formats').$type<Formats>().notNull().default({}),
    isPrivate: boolean('is_private').notNull().default(false),
    privateRemark: text('private_remark').notNull().default(''),
    blacklist: boolean('blacklist').notNull().default(false),
    clickAmount: integer('click_amount').notNull().default(0),
    clickTime: timestamp('click_time', { withTimezone: true }),
    /** Starred (liked): listed by the star module (-1). */
    liked: boolean('liked').notNull().default(false),
    /** Place in the star list (like-sort); starred ones with equal values keep their id order. */
    likeSort: integer('like_sort').notNull().default(0),
    /** Send the Referer to the site (rel without noreferrer). */
    referral: boolean('referral').notNull().default(false),
    /** The import that created it (import_runs.id): "undo this import" removes exactly these rows. */
    importRunId: integer('import_run_id'),
    sortKey: sortKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    deletedBatchId: text('deleted_batch_id'),
    /**
     * Ctrl+K search, computed on write by searchColumns (app/services/search-index.ts): the
     * name, URL, note and the name's pinyin, lower-cased, and the distinct 2-character grams of
     * that text, which a plain GIN index serves for Chinese queries of two characters and more.
     */
    searchText: text('search_text').notNull().default(''),
    searchGrams: text('search_grams').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('sources_order_key')
      .on(t.bagId, sql`coalesce(${t.parentId}, 0)`, t.sortKey)
      .where(sql`${t.deletedAt} is null`),
    index('sources_homepage_idx').on(t.homepageId),
    // For the foreign keys (a delete finds the rows that point at it), in the trash or not.
    index('sources_bag_idx').on(t.bagId),
    index('sources_parent_idx').on(t.parentId),
    index('sources_import_run_idx').on(t.importRunId).where(sql`${t.importRunId} is not null`),
    // New entries wait in a pending list that every search reads until it is merged; PGlite has
    // no autovacuum to merge it, so it is kept small (256 kB, not 4 MB): merged as inserts fill it.
    index('sources_search_grams_idx').using('gin', t.searchGrams).with({ gin_pending_list_limit: 256 }),
  ],
)

export type Homepage = typeof homepages.$inferSelect
export type Module = typeof modules.$inferSelect
export type Bag = typeof bags.$inferSelect
export type Source = typeof sources.$inferSelect

/**
 * The version of a category's bookmarks (drizzle/0028, ADR 036): bumped by the bookmarks' own
 * triggers, so that a write to one category re-renders that category's fragment of a start page
 * and not the page. A category without a row is at version 0; its own row (name, icon, order) is
 * in the fragment's key as it is, and its changes bump the homepage as before.
 */
export const bagVersions = pgTable('bag_versions', {
  bagId: integer('bag_id')
    .primaryKey()
    .references(() => bags.id, { onDelete: 'cascade' }),
  renderVersion: renderVersion(),
})
