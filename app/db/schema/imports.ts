import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../columns.ts'
import { homepages } from './homepages.ts'
import { users } from './users.ts'

/**
 * An uploaded bookmark file, stored parsed (folders and links) so the preview and the import never
 * parse it again. A user keeps the last five (spec §9); deleting one removes its rows, never what
 * was imported from it.
 */
export const bookmarkImports = pgTable(
  'bookmark_imports',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The uploaded file's name. */
    title: varchar('title', { length: 100 }).notNull(),
    encoding: varchar('encoding', { length: 20 }).notNull(),
    folderCount: integer('folder_count').notNull(),
    linkCount: integer('link_count').notNull(),
    /**
     * False while an upload is stored in steps (ADR 024): such a file is nobody's to see yet, and
     * one a crash left half-stored is removed by its user's next upload.
     */
    stored: boolean('stored').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('bookmark_imports_user_idx').on(t.userId, t.createdAt)],
)

export const importFolders = pgTable(
  'import_folders',
  {
    id: id(),
    importId: integer('import_id')
      .notNull()
      .references(() => bookmarkImports.id, { onDelete: 'cascade' }),
    /** null: a top-level folder of the file. */
    parentId: integer('parent_id').references((): AnyPgColumn => importFolders.id, { onDelete: 'cascade' }),
    /** Document order within the file. */
    position: integer('position').notNull(),
    depth: smallint('depth').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    toolbar: boolean('toolbar').notNull().default(false),
    addDate: timestamp('add_date', { withTimezone: true }),
  },
  (t) => [index('import_folders_import_idx').on(t.importId, t.position), index('import_folders_parent_idx').on(t.parentId)],
)

/** Why a link of a file is not imported: not a web address (javascript:, place:, file: …) or not a valid one. */
export type ImportSkip = 'scheme' | 'invalid'

export const importLinks = pgTable(
  'import_links',
  {
    id: id(),
    importId: integer('import_id')
      .notNull()
      .references(() => bookmarkImports.id, { onDelete: 'cascade' }),
    /** null: a link at the file's top level. */
    folderId: integer('folder_id').references(() => importFolders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** The address as written in the file (for the preview), and as imported (null when skipped). */
    rawUrl: text('raw_url').notNull(),
    url: text('url'),
    skip: varchar('skip', { length: 10 }).$type<ImportSkip>(),
    description: text('description').notNull().default(''),
    addDate: timestamp('add_date', { withTimezone: true }),
  },
  (t) => [index('import_links_import_idx').on(t.importId, t.folderId, t.position), index('import_links_folder_idx').on(t.folderId)],
)

/** What one import added, counted for its report; `undoneAt` once "undo this import" removed it. */
export type ImportReport = {
  modules: number
  categories: number
  folders: number
  links: number
  /** Picked links left out: not web addresses, invalid, or already bookmarked (when asked). */
  skipped: { scheme: number; invalid: number; duplicate: number }
  /** Picked folders left out because nothing below them was imported (absent in runs made before it was counted). */
  empty?: number
  /** Names and notes cut to the product's limits. */
  trimmed: number
  /** Folders deeper than the target allows, whose links went into their nearest kept ancestor. */
  flattened: number
  /** 继续 categories and folders made because a list would pass 100 bookmarks. */
  continued: number
}

/**
 * One import into a homepage. Every module, category and bookmark it created carries its id
 * (`import_run_id`), so undoing it removes exactly those rows and nothing else.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    importId: integer('import_id').references(() => bookmarkImports.id, { onDelete: 'set null' }),
    homepageId: integer('homepage_id')
      .notNull()
      .references(() => homepages.id, { onDelete: 'cascade' }),
    report: jsonb('report').$type<ImportReport>().notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('import_runs_user_idx').on(t.userId, t.createdAt),
    index('import_runs_import_idx').on(t.importId),
    index('import_runs_homepage_idx').on(t.homepageId),
  ],
)

export type BookmarkImport = typeof bookmarkImports.$inferSelect
export type ImportFolder = typeof importFolders.$inferSelect
export type ImportLink = typeof importLinks.$inferSelect
export type ImportRun = typeof importRuns.$inferSelect
