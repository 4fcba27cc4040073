import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, renderVersion, updatedAt } from '../columns.ts'
import { users } from './users.ts'

/**
 * Groups (小组, spec §3, ADR 032): shared bookmark collections. The creator owns the group (not a
 * member row); members are `member` or `admin`. A member's bookmark is a contribution that waits
 * for an administrator; an administrator's shows at once.
 */
export const GROUP_PERMISSIONS = ['member', 'admin'] as const
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number]

/** What the group's page opens on (change-index-mode): its categories one at a time, or every bookmark. */
export const GROUP_INDEX_MODES = ['category', 'all'] as const
export type GroupIndexMode = (typeof GROUP_INDEX_MODES)[number]

export const groups = pgTable(
  'groups',
  {
    id: id(),
    /** The owner: the creator, or whom the group passed to when the creator left (account deletion). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    icon: text('icon').notNull().default(''),
    /** Open: anyone sees it and joins at once. Closed: only members see its bookmarks; others apply. */
    isOpen: boolean('is_open').notNull().default(true),
    indexMode: varchar('index_mode', { length: 10 }).$type<GroupIndexMode>().notNull().default('category'),
    /** The banner's parameters (save-banner-params): a few known keys, plain text values. */
    banner: jsonb('banner').$type<Record<string, string>>().notNull().default({}),
    /** Bumped by triggers on every write to what the group's page shows (drizzle/0025): the page cache's key. */
    renderVersion: renderVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('groups_user_idx').on(t.userId),
    // Explore: the open groups, newest first.
    index('groups_open_idx').on(t.createdAt).where(sql`${t.isOpen} and ${t.deletedAt} is null`),
  ],
)

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 10 }).$type<GroupPermission>().notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
)

/** Groups a user keeps in 我的收藏 (mark-star): any group they may see. */
export const groupStars = pgTable(
  'group_stars',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_stars_user_idx').on(t.userId)],
)

export const groupCategories = pgTable(
  'group_categories',
  {
    id: id(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 20 }).notNull(),
    icon: text('icon').notNull().default(''),
    /** 1…n over the group's live categories (sort-category). */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('group_categories_group_idx').on(t.groupId, t.sort)],
)

/** pending: a member's contribution waiting for review; approved: shown; rejected: kept for the contributor's notice only. */
export const GROUP_BOOKMARK_STATUSES = ['pending', 'approved', 'rejected'] as const
export type GroupBookmarkStatus = (typeof GROUP_BOOKMARK_STATUSES)[number]

export const groupBookmarks = pgTable(
  'group_bookmarks',
  {
    id: id(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => groupCategories.id, { onDelete: 'cascade' }),
    /** Who added it; null once their account is gone (the bookmark stays the group's). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    url: text('url').notNull(),
    note: varchar('note', { length: 100 }).notNull().default(''),
    icon: text('icon').notNull().default(''),
    status: varchar('status', { length: 10 }).$type<GroupBookmarkStatus>().notNull().default('approved'),
    /** 1…n over the category's live bookmarks (pending and approved): no gaps, no repeats. */
    sort: integer('sort').notNull().default(0),
    /** An appeal of its removal by the contributor: pending until an administrator restores it or turns it down. */
    appeal: varchar('appeal', { length: 10 }).$type<'pending' | 'rejected'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('group_bookmarks_category_idx').on(t.categoryId, t.sort),
    index('group_bookmarks_group_idx').on(t.groupId, t.status),
    index('group_bookmarks_user_idx').on(t.userId),
  ],
)

/**
 * A group's invite code: one per group. Like homepage invite links (SECURITY G52) the code is
 * never stored: it is HMAC(APP_SECRET, nonce), looked up by its SHA-256. Switched off (set-invite-state)
 * or expired, it is refused.
 */
export const groupInvites = pgTable(
  'group_invites',
  {
    groupId: integer('group_id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 32 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('group_invites_token_key').on(t.tokenHash)],
)

export const GROUP_APPLY_STATUSES = ['pending', 'approved', 'rejected'] as const
export type GroupApplyStatus = (typeof GROUP_APPLY_STATUSES)[number]

/** Applications to join a closed group (apply-join), reviewed by an administrator (review-apply). */
export const groupApplies = pgTable(
  'group_applies',
  {
    id: id(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).$type<GroupApplyStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    // One open application per person and group.
    uniqueIndex('group_applies_pending_key').on(t.groupId, t.userId).where(sql`${t.status} = 'pending'`),
    // apply-list and the foreign key.
    index('group_applies_group_idx').on(t.groupId, t.status),
    index('group_applies_user_idx').on(t.userId),
  ],
)

/** The group log (group-log-list): every change, with the names copied in so it outlives what it names. */
export const groupLogs = pgTable(
  'group_logs',
  {
    id: id(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's nickname when it happened. */
    actorName: varchar('actor_name', { length: 50 }).notNull().default(''),
    action: varchar('action', { length: 30 }).notNull(),
    /** What it was done to: a bookmark's or category's name, a person's nickname. Plain text. */
    subject: varchar('subject', { length: 120 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('group_logs_group_idx').on(t.groupId, t.id), index('group_logs_actor_idx').on(t.actorId)],
)

export type Group = typeof groups.$inferSelect
export type GroupCategory = typeof groupCategories.$inferSelect
export type GroupBookmark = typeof groupBookmarks.$inferSelect
