import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns.ts'
import { users } from './users.ts'

/**
 * WeChat QR sign-ins under way (app/services/wechat-login.server.ts). A row is one temporary QR
 * code: its scene (what WeChat sends back when it is scanned) belongs to the browser that asked
 * for it, which proves it with a cookie whose SHA-256 is `browser_hash`. WeChat's scan event
 * writes `openid`; the row is deleted when it is used (single use) and is worthless after
 * `expires_at`.
 */
export const wechatLogins = pgTable(
  'wechat_logins',
  {
    scene: varchar('scene', { length: 64 }).primaryKey(),
    browserHash: text('browser_hash').notNull(),
    /** 'login' (the login dialog) or 'bind' (the account page, for `user_id`). */
    type: varchar('type', { length: 10 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** WeChat's ticket: the QR code's content is `url`. */
    ticket: text('ticket').notNull(),
    url: text('url').notNull(),
    openid: text('openid'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('wechat_logins_expires_at_idx').on(t.expiresAt), index('wechat_logins_user_idx').on(t.userId)],
)

export type WechatLogin = typeof wechatLogins.$inferSelect
