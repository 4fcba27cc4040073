import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id } from '../columns.ts'
import { users } from './users.ts'

/** The last icons a user picked (the icon selector shows 10). */
export const iconHistory = pgTable(
  'icon_history',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The icon key as stored on modules and categories (e.g. a library icon name). */
    key: text('key').notNull(),
    /** 'font' (library icon) or 'image'. */
    type: varchar('type', { length: 10 }).notNull().default('font'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('icon_history_user_key').on(t.userId, t.key), index('icon_history_used_idx').on(t.userId, t.usedAt)],
)

export type IconHistory = typeof iconHistory.$inferSelect
