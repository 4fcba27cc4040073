import { sql } from 'drizzle-orm'
import { date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns.ts'
import { bags, homepages } from './homepages.ts'
import { users } from './users.ts'

export const MEMBER_PERMISSIONS = ['member', 'manager'] as const
export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number]

/** People who joined a homepage by invite link (spec §4 Member permission). The creator is not a row. */
export const homepageMembers = pgTable(
  'homepage_members',
  {
    homepageId: integer('homepage_id')
      .notNull()
      .references(() => homepages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 10 }).$type<MemberPermission>().notNull().default('member'),
    /** Pin order in the member's "joined" list (set-top type join): 0 = not pinned. */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.homepageId, t.userId] }), index('homepage_members_user_idx').on(t.userId)],
)

/** Followers of public homepages. */
export const homepageFollows = pgTable(
  'homepage_follows',
  {
    homepageId: integer('homepage_id')
      .notNull()
      .references(() => homepages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Pin order in the follower's "followed" list (set-top type follow): 0 = not pinned. */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.homepageId, t.userId] }), index('homepage_follows_user_idx').on(t.userId)],
)

/**
 * Invite links. The token is never stored: it is HMAC(APP_SECRET, nonce), so the owner can be shown
 * the same link again while a copy of the database yields none; redemption looks it up by its
 * SHA-256. A link expires, has a number of uses, and is revoked by reset or close (SECURITY G52).
 */
export const homepageInvites = pgTable(
  'homepage_invites',
  {
    id: serial('id').primaryKey(),
    homepageId: integer('homepage_id')
      .notNull()
      .references(() => homepages.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 32 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    maxUses: integer('max_uses').notNull(),
    useCount: integer('use_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('homepage_invites_token_key').on(t.tokenHash),
    // At most one live link per homepage.
    uniqueIndex('homepage_invites_live_key').on(t.homepageId).where(sql`${t.revokedAt} is null`),
    // For the foreign key: the key above is partial (live invites only).
    index('homepage_invites_homepage_idx').on(t.homepageId),
  ],
)

/** Visits per homepage per day (UTC+8 calendar day): today, yesterday and total come from here. */
export const homepageVisits = pgTable(
  'homepage_visits',
  {
    homepageId: integer('homepage_id')
      .notNull()
      .references(() => homepages.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.homepageId, t.day] })],
)

/** A category shared at /collection/{bid}; no row means private. */
export const bagShares = pgTable('bag_shares', {
  bagId: integer('bag_id')
    .primaryKey()
    .references(() => bags.id, { onDelete: 'cascade' }),
  remark: varchar('remark', { length: 30 }).notNull().default(''),
  createdAt: createdAt(),
})

/** Followers of shared categories. */
export const bagFollows = pgTable(
  'bag_follows',
  {
    bagId: integer('bag_id')
      .notNull()
      .references(() => bags.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bagId, t.userId] }), index('bag_follows_user_idx').on(t.userId)],
)

export type HomepageMember = typeof homepageMembers.$inferSelect
