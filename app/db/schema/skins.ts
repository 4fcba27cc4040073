import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { id } from '../columns.ts'
import { users } from './users.ts'

/** A user's uploaded skin pictures (spec §3 Custom history: id, key, url; §5 custom skin upload). */
export const skinHistory = pgTable(
  'skin_history',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The picture's upload path (what a custom skin's `image` holds). */
    key: text('key').notNull(),
    /** Its 503×198 thumbnail's upload path. */
    thumb: text('thumb').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('skin_history_user_key').on(t.userId, t.key), index('skin_history_created_idx').on(t.userId, t.createdAt)],
)

export type SkinHistory = typeof skinHistory.$inferSelect
