import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { env } from './env.server.ts'

let cached: string | undefined

/** The server's HMAC key: APP_SECRET, else the one kept in SECRET_FILE (made on first use, owner-only). */
export function appSecret() {
  if (cached) return cached
  const { APP_SECRET, SECRET_FILE } = env()
  if (APP_SECRET) return (cached = APP_SECRET)
  try {
    cached = readFileSync(SECRET_FILE, 'utf8').trim()
  } catch {
    mkdirSync(dirname(SECRET_FILE), { recursive: true })
    // 'wx': if another process made the file meanwhile, read theirs instead of replacing it.
    try {
      writeFileSync(SECRET_FILE, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    cached = readFileSync(SECRET_FILE, 'utf8').trim()
  }
  if (cached.length < 32) throw new Error(`${SECRET_FILE} holds no usable secret`)
  return cached
}
