import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { env } from './env.server.ts'

let cached: string | undefined

/** The server's HMAC key: APP_SECRET, else the one kept in SECRET_FILE (made on first use, owner-only). */
export function appSecret() {
  if (cached) return cached
  const { APP_SECRET, SECRET_FILE } = env()
  return (cached = APP_SECRET || readOrCreateSecret(SECRET_FILE))
}

/**
 * The secret kept in `file`, made if there is none. Processes starting together on one machine
 * share it: the new secret is written whole to a file of this process's own, then linked to
 * `file`, which fails if another process linked theirs first; the loser reads the winner's. (A
 * file opened with 'wx' and then written could be read half-written.)
 */
export function readOrCreateSecret(file: string) {
  let secret: string
  try {
    secret = readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    mkdirSync(dirname(file), { recursive: true })
    const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(own, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
    try {
      linkSync(own, file)
    } catch (linkError) {
      if ((linkError as NodeJS.ErrnoException).code !== 'EEXIST') throw linkError
    } finally {
      unlinkSync(own)
    }
    secret = readFileSync(file, 'utf8').trim()
  }
  if (secret.length < 32) throw new Error(`${file} holds no usable secret`)
  return secret
}
