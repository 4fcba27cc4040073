import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { createdAt, id, renderVersion, updatedAt } from '../columns.ts'

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored trimmed and lower-cased (see normaliseEmail); null for an account made by a social sign-in that gave none. */
    email: text('email'),
    nickname: varchar('nickname', { length: 20 }).notNull(),
    /** Null for an account made by a social sign-in until a password is set. */
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    status: smallint('status').notNull().default(1),
    searchKeymap: varchar('search_keymap', { length: 1 }).notNull().default('k'),
    noteKeymap: varchar('note_keymap', { length: 1 }).notNull().default('b'),
    currentHomepageId: integer('current_homepage_id'),
    /** How the user's start pages order bookmarks (spec §9 sort methods; switch-sort-method). */
    bookmarkSort: varchar('bookmark_sort', { length: 20 }).notNull().default('custom'),
    /** The last category picked in a move / copy / collect selector (remember-selected). */
    rememberedSelection: jsonb('remembered_selection').$type<{ homepageId: number; moduleId: number; bid: number }>(),
    /** The area whose weather the header shows (6-digit division code; weather save-city). */
    weatherCityId: integer('weather_city_id'),
    /** Whether /user/browser-history records the pages the user opens (the user turns it off there). */
    historyRecording: boolean('history_recording').notNull().default(true),
    /** An administrator of the site (reviews discover recommendations): set by `npm run admin -- grant <e-mail>`. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** When the user last opened /discover: the header's 'new' badge shows approved sites newer than this. */
    discoverSeenAt: timestamp('discover_seen_at', { withTimezone: true }),
    /** Bumped by triggers when what the user's own pages show changes (profile, homepages, notices). */
    renderVersion: renderVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
)

export const sessions = pgTable(
  'sessions',
  {
    /** Hex SHA-256 of the cookie token: a leaked table does not yield live sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

/**
 * Social ways in (GitHub, QQ, Weibo, WeChat): an identity is found by the provider's stable id,
 * never by e-mail. A user has at most one of each provider.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'github' | 'qq' | 'weibo' | 'wechat' */
    provider: varchar('provider', { length: 20 }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    /** The provider's display name or login, shown in the account page. */
    displayName: text('display_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_key').on(t.provider, t.providerUserId),
    uniqueIndex('user_identities_user_provider_key').on(t.userId, t.provider),
  ],
)

/**
 * Forgotten-password links (app/services/password-reset.server.ts). The link carries
 * `{selector}.{verifier}`: the row is found by the selector and the verifier compared, in constant
 * time, with its stored SHA-256; the row is deleted when used, so a link works once.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    selector: text('selector').primaryKey(),
    verifierHash: text('verifier_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
)

/**
 * E-mail changes waiting for the new address to confirm (app/services/email-change.server.ts):
 * a `{selector}.{verifier}` link as in password resets, single use, expiring.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    selector: text('selector').primaryKey(),
    verifierHash: text('verifier_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalised (trimmed, lower-cased) like users.email. */
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_changes_user_id_idx').on(t.userId)],
)

/**
 * The pages of 起页 a user opened recently (/user/browser-history): one row per page, its time
 * moved on by each visit; written in batches (browser-history.server.ts), capped per user.
 */
export const browserHistory = pgTable(
  'browser_history',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 300 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('browser_history_user_path_key').on(t.userId, t.path), index('browser_history_user_time_idx').on(t.userId, t.visitedAt)],
)

/**
 * Social sign-ins under way (app/services/oauth.server.ts): one row per `state`, stored as its
 * SHA-256 (the browser holds the state itself in an httpOnly cookie). Deleted when the callback
 * uses it, so a state works once; it names its provider, its PKCE verifier, where to go after,
 * and the user it links to when the flow began signed in.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectTo: text('redirect_to').notNull(),
    linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt), index('oauth_states_link_user_idx').on(t.linkUserId)],
)

/** Counters of rate-limiter-flexible's RateLimiterDrizzle: shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
})

/**
 * Keys of operations already done (a form's one-time token): a double-submitted copy or import
 * is done once. Old keys can be dropped after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

export type User = typeof users.$inferSelect
export type Session = typeof sessions.$inferSelect
