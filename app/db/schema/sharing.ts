import { date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core'
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
