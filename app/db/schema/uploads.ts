import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * Every stored upload (`/uploads/<name>`): what the periodic clean-up checks. A file no row of the
 * app refers to is removed once it has been unused for the grace period after its last upload.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** `<32 hex>.<ext>` (upload-path.ts); its resized variants go with it. */
    name: varchar('name', { length: 40 }).primaryKey(),
    /** The image kind it was stored as (icon, homepage-icon, notepad, …). */
    kind: varchar('kind', { length: 20 }).notNull(),
    bytes: integer('bytes').notNull(),
    /** The last uploader (the same bytes uploaded again are the same file). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set again by every upload of the same bytes, so a fresh upload is never cleaned up under its uploader. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_uploaded_at_idx').on(t.uploadedAt), index('uploads_user_idx').on(t.userId)],
)

export type Upload = typeof uploads.$inferSelect
