import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import type { Db } from '#app/db/client.server.ts'
import { rateLimits } from '#app/db/schema/index.ts'
import { env } from '#app/utils/env.server.ts'
import { DomainError } from '#app/utils/errors.ts'

const HOUR = 3600
const DAY = 24 * HOUR

/** Counters live in PostgreSQL, so every app process shares them (ARCHITECTURE.md §7). */
const LIMITS = {
  /** Consecutive failed sign-ins for one e-mail from one IP (reset on success). */
  loginEmailIp: { points: 10, duration: HOUR, blockDuration: HOUR },
  /** Failed sign-ins from one IP, whatever the e-mail (credential stuffing). */
  loginIp: { points: 100, duration: DAY, blockDuration: DAY },
  register: { points: 10, duration: HOUR },
  checkEmail: { points: 60, duration: 60 },
  /** Forgotten-password mails asked for one address, whoever asks (mail bombing a victim). */
  passwordResetEmail: { points: 5, duration: HOUR },
  /** Forgotten-password mails asked from one IP, whatever the address. */
  passwordResetIp: { points: 20, duration: HOUR },
  /** Wrong current passwords typed into the password change (a stolen session guessing it). */
  passwordChange: { points: 10, duration: HOUR, blockDuration: HOUR },
  /** E-mail change confirmations mailed, per user (mail bombing an address through the form). */
  emailChange: { points: 5, duration: HOUR },
  /** Server-side fetches of other sites (site name and icon, remote icons) per user. */
  outboundFetch: { points: 30, duration: 60 },
  /** Image uploads per user. */
  upload: { points: 60, duration: HOUR },
  /** Bookmark files uploaded per user (each up to 100,000 rows to store; ADR 024). */
  bookmarkUpload: { points: 20, duration: DAY },
  /** Invite links looked up or redeemed, per user and per IP: guessing a token gets nowhere. */
  invite: { points: 30, duration: HOUR, blockDuration: HOUR },
  /** Applications to join groups, per user: each one notifies the group's reviewers. */
  groupApply: { points: 20, duration: HOUR },
  /** New group bookmarks (contributions and administrators' own), per user: each contribution notifies the reviewers. */
  groupContribute: { points: 300, duration: HOUR },
  /** Sites recommended to discover, per user: each one waits in the administrators' review list. */
  discoverRecommend: { points: 30, duration: HOUR },
  /** Link reports (source/feedback), per user, or per IP for guests. */
  report: { points: 20, duration: HOUR },
  /** Social sign-ins started per IP: each start stores a state row until it is used or expires. */
  oauthStart: { points: 60, duration: HOUR },
  /** Weather asked (get-info), per address: the widget asks every 30 minutes, a page a few times. */
  weather: { points: 120, duration: HOUR },
  /** WeChat QR codes asked for, per IP: each one is a call to WeChat's API. */
  wechatQr: { points: 30, duration: 600 },
  /** WeChat scan-status polls per IP: one browser polls every 1.5 s, at most 400 times. */
  wechatPoll: { points: 2000, duration: 600 },
} as const

type LimitName = keyof typeof LIMITS
const byDb = new WeakMap<Db, Map<LimitName, RateLimiterDrizzle>>()

function limiter(db: Db, name: LimitName) {
  let map = byDb.get(db)
  if (!map) byDb.set(db, (map = new Map()))
  let found = map.get(name)
  if (!found) {
    const { points, ...rest } = LIMITS[name]
    found = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: name,
      points: Math.ceil(points * env().RATE_LIMIT_FACTOR),
      clearExpiredByTimeout: false,
      ...rest,
    })
    map.set(name, found)
  }
  return found
}

/** Takes one point; past the limit it throws the given message. */
export async function consumeOrThrow(db: Db, name: LimitName, key: string, message: string) {
  try {
    await limiter(db, name).consume(key)
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new DomainError(message)
    throw error
  }
}

/** Whether the key has used up its points (without taking one). */
export async function isLimited(db: Db, name: LimitName, key: string) {
  const res = await limiter(db, name).get(key)
  return res !== null && res.consumedPoints >= Math.ceil(LIMITS[name].points * env().RATE_LIMIT_FACTOR)
}

/** Records a failure without throwing (the caller reports its own message). */
export async function recordFailure(db: Db, name: LimitName, key: string) {
  await limiter(db, name).consume(key).catch((error: unknown) => {
    if (!(error instanceof RateLimiterRes)) throw error
  })
}

export async function resetLimit(db: Db, name: LimitName, key: string) {
  await limiter(db, name).delete(key)
}
