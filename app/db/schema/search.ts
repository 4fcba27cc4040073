import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * A signed-in user's Ctrl+K search history: one row per distinct keyword, the newest 8 kept
 * (spec §9), written by app/services/search.server.ts only. Guests keep theirs in a cookie.
 */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: varchar('word', { length: 100 }).notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] })],
)
