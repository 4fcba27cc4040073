import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../columns.ts'
import { homepages } from './homepages.ts'
import { users } from './users.ts'

/** What a bookmark log entry says happened (the user centre's 书签日志). */
export const BOOKMARK_LOG_ACTIONS = ['add', 'edit', 'move', 'copy', 'import', 'undo-import', 'delete', 'restore', 'destroy'] as const
export type BookmarkLogAction = (typeof BOOKMARK_LOG_ACTIONS)[number]

/**
 * The audit trail of a user's bookmarks: written by the services in the transaction of the change
 * itself (never by routes), read by /user/bookmark-log. Names are copied in, so an entry outlives
 * what it is about.
 */
export const bookmarkLog = pgTable(
  'bookmark_log',
  {
    id: id(),
    /** Who did it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    homepageId: integer('homepage_id').references(() => homepages.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 12 }).$type<BookmarkLogAction>().notNull(),
    /** The first bookmark's name (of several: `count` says how many). */
    name: varchar('name', { length: 100 }).notNull().default(''),
    url: text('url'),
    count: integer('count').notNull().default(1),
    /** Where: the category (and folder) it was in or went to, or the imported file's name. */
    place: varchar('place', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('bookmark_log_user_idx').on(t.userId, t.createdAt), index('bookmark_log_homepage_idx').on(t.homepageId)],
)

export type BookmarkLogEntry = typeof bookmarkLog.$inferSelect
