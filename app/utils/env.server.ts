import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** postgres://… selects a PostgreSQL server; otherwise PGlite in PGLITE_DIR. */
  DATABASE_URL: z.string().optional(),
  PGLITE_DIR: z.string().default('./data/pglite'),
  /** Where uploaded images are kept (content-hash names, see app/uploads/storage.server.ts), unless S3_BUCKET is set. */
  UPLOAD_DIR: z.string().default('./data/uploads'),
  /**
   * Uploads in an S3-compatible object store instead (several app processes share it; ADR 035):
   * set S3_BUCKET with its endpoint and credentials, all or none (checked below). Images are still
   * served through our origin (/uploads/…), never from the store's address.
   */
  S3_ENDPOINT: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  S3_BUCKET: z.string().default(''),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** `<endpoint>/<bucket>/<key>` addresses (self-hosted stores); false: `<bucket>.<host>` (AWS's virtual-hosted style). */
  S3_FORCE_PATH_STYLE: z.stringbool().default(true),
  /** Keys start with this (`qiye/` keeps them apart from other data in the bucket). */
  S3_PREFIX: z.string().default(''),
  /** The public origin (https://qiye.example). Empty: the origin the request arrived on. */
  APP_ORIGIN: z.union([z.literal(''), z.url()]).default(''),
  /** Set when a reverse proxy in front sets X-Forwarded-For / -Proto (Express "trust proxy"). */
  TRUST_PROXY: z.string().default(''),
  /** Password of the seeded demo account; set your own outside local use. */
  DEMO_PASSWORD: z.string().min(6).default('qiye-demo-2026'),
  /** Personal domain of the homepage guests see on `/`. */
  OFFICIAL_HOMEPAGE_CODE: z.string().default('demo'),
  /**
   * Key of the server's HMACs (invite links). Unset: a random one is made on first start and kept in
   * SECRET_FILE, so links survive restarts. Set it (≥ 32 characters) when several servers share a database.
   */
  APP_SECRET: z.union([z.literal(''), z.string().min(32)]).default(''),
  SECRET_FILE: z.string().default('./data/app-secret'),
  /** Multiplies every rate limit (the e2e suite raises it; 1 in production). */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /**
   * The SMTP server forgotten-password mails go through (smtp://user:pass@host:587, smtps://… for
   * TLS from the start). Empty: no mail is sent and the forgotten-password page says so.
   */
  SMTP_URL: z.union([z.literal(''), z.url()]).default(''),
  /** The From of our mails. */
  MAIL_FROM: z.string().default('起页 <no-reply@localhost>'),
  /** How long a password-reset link works. */
  PASSWORD_RESET_MINUTES: z.coerce.number().positive().max(24 * 60).default(30),
  /**
   * Social sign-in (app/auth/oauth.server.ts): a provider's button appears only when both its id
   * and secret are set. Register the callback `{APP_ORIGIN}/oauth/{provider}/callback` with it.
   */
  GITHUB_CLIENT_ID: z.string().default(''),
  GITHUB_CLIENT_SECRET: z.string().default(''),
  QQ_CLIENT_ID: z.string().default(''),
  QQ_CLIENT_SECRET: z.string().default(''),
  WEIBO_CLIENT_ID: z.string().default(''),
  WEIBO_CLIENT_SECRET: z.string().default(''),
  /**
   * Tests only: every provider endpoint is asked at `{OAUTH_TEST_BASE_URL}/{its host}{its path}`
   * instead of its real https address (tests/sites/oauth-provider.ts). Empty in production.
   */
  OAUTH_TEST_BASE_URL: z.union([z.literal(''), z.url()]).default(''),
  /** `off` renders every page afresh (the bench's uncached figures); see app/page-cache/. */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * The page cache's budget per process (server/page-cache.ts), in MB of 1,000,000 bytes: the
   * pages kept with their gzip and brotli copies, least recently used out.
   */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).default(48),
  /**
   * WeChat QR sign-in through an official account (服务号): its AppID, AppSecret and the Token set
   * for the server push (消息推送) to /api/wx/callback. All three empty: no WeChat sign-in is offered.
   */
  WECHAT_APPID: z.string().default(''),
  WECHAT_SECRET: z.string().default(''),
  WECHAT_TOKEN: z.string().default(''),
  /** The official-account API (tests point it at tests/sites/wechat-server.ts). */
  WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),

  /**
   * Connections each app process keeps to a PostgreSQL server: processes × this must stay under
   * the server's max_connections, less what admin tools and backups need.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  /** On SIGTERM, how long requests under way may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
}).superRefine((config, ctx) => {
  // The object store is all or nothing: half a configuration would silently use the local directory.
  const needed = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  if (config.S3_BUCKET) {
    for (const key of needed) {
      if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is needed with S3_BUCKET (uploads in an object store)` })
    }
  } else {
    for (const key of needed) {
      if (config[key]) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `S3_BUCKET is needed with ${key} (uploads in an object store); unset ${key} to keep them in UPLOAD_DIR` })
    }
  }
})

export type Env = z.infer<typeof EnvSchema>

/** The environment as the server reads it: the parsed settings or the one message a bad one stops the boot with. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`)
  return parsed.data
}

let cached: Env | undefined
/** process.env parsed once; a bad value stops the boot with a clear message. */
export function env(): Env {
  return (cached ??= parseEnv(process.env))
}
