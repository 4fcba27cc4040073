import { desc, sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../columns.ts'
import { users } from './users.ts'

/**
 * What a notice is about (data-model §4.10): `homepage` (someone joined, followed or added a link
 * to your homepage), `system` (your import finished), `group` (once groups exist).
 */
export const NOTICE_KINDS = ['system', 'group', 'homepage'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

/**
 * The user's notices (/user/notice, `noticeAmount`): written by the services in the transaction of
 * the event itself (never by routes), one row per recipient. Texts are copied in, so a notice
 * outlives what it is about; `link` is an internal path only.
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    /** The recipient. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<NoticeKind>().notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    /** Plain text: shown as text, never as HTML. */
    content: text('content').notNull().default(''),
    /** An internal path (`/abc`, `/preview?id=1&run=2`), never another site. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notices_user_idx').on(t.userId, desc(t.id)),
    // The unread count (header dot, noticeAmount) reads only this.
    index('notices_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
)

export type Notice = typeof notices.$inferSelect
