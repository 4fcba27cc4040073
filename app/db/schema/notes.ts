import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, updatedAt } from '../columns.ts'
import { sources } from './homepages.ts'
import { users } from './users.ts'

export const NOTE_KINDS = ['notepad', 'notebook', 'post', 'code'] as const
export type NoteKind = (typeof NOTE_KINDS)[number]

/**
 * Written text: the notepad of a note bookmark (kind notepad, `sourceId` set), the user's global
 * notebook (kind notebook), and the body of a post or code bookmark (kinds post and code, one row
 * each). One table, so one sanitiser, one versioned save and one trash rule serve all (ADR 031).
 */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    /** Whose note: the notebook's writer, the notepad's homepage owner. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<NoteKind>().notNull(),
    /** The note bookmark a notepad note belongs to; its hard delete takes the notes with it. */
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 50 }).notNull().default(''),
    /** Sanitised HTML (app/notes/sanitize.server.ts): what is stored is what is rendered. A code snippet's own text. */
    content: text('content').notNull().default(''),
    /** A code snippet's language, and its highlighted HTML, made once per save (app/notes/highlight.server.ts). */
    language: varchar('language', { length: 20 }),
    rendered: text('rendered'),
    /** The content's first words as plain text: the list's summary, computed on save. */
    extract: varchar('extract', { length: 100 }).notNull().default(''),
    /** The notebook: the page it was written from (http or https only). */
    url: text('url').notNull().default(''),
    /** Bumped by every save; a save based on another version is refused (no lost edit). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('notes_user_idx').on(t.userId, t.kind, t.updatedAt),
    // For the foreign key too (a bookmark's hard delete finds its notes).
    index('notes_source_idx').on(t.sourceId),
    // A post or a code snippet has one body.
    uniqueIndex('notes_body_key').on(t.sourceId).where(sql`${t.kind} in ('post', 'code')`),
  ],
)

export type Note = typeof notes.$inferSelect
