import { bigint, integer, serial, timestamp } from 'drizzle-orm/pg-core'

/** Columns every aggregate row carries. */
export const id = () => serial('id').primaryKey()
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true })
/** Position inside the parent list; services keep it dense and unique per parent. */
export const sortKey = () => integer('sort_key').notNull().default(0)
/** A counter that triggers bump on every write that changes a rendered page (drizzle/0009). */
export const renderVersion = () => bigint('render_version', { mode: 'number' }).notNull().default(0)
