import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../columns.ts'
import { homepages, sources } from './homepages.ts'
import { users } from './users.ts'

/**
 * Reports of links by the people who see them (/api/source/feedback), kept for the site operator.
 * The link's name and address are copied in, so a report outlives the bookmark it was about.
 */
export const sourceReports = pgTable(
  'source_reports',
  {
    id: id(),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    homepageId: integer('homepage_id').references(() => homepages.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull().default(''),
    url: text('url').notNull().default(''),
    /** Who reported: a signed-in user, else only the address it came from. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    /** The reason picked from the list, and the words typed for 'other'. */
    type: varchar('type', { length: 20 }).notNull(),
    other: varchar('other', { length: 200 }).notNull().default(''),
    /** open until the operator handles it. */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('source_reports_status_idx').on(t.status, t.createdAt),
    // For the foreign keys (the open-report key above is partial: it finds only open ones).
    index('source_reports_source_idx').on(t.sourceId),
    index('source_reports_homepage_idx').on(t.homepageId),
    index('source_reports_user_idx').on(t.userId),
    // One open report per user and link: reporting again changes the reason, not the count.
    uniqueIndex('source_reports_open_key')
      .on(t.sourceId, t.userId)
      .where(sql`${t.status} = 'open' and ${t.userId} is not null`),
  ],
)

export type SourceReport = typeof sourceReports.$inferSelect
