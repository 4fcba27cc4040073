import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Links sent by mail (password reset, e-mail change): `{selector}.{verifier}`, 128 random bits to
 * find the row and 256 to prove the link. Only the verifier's SHA-256 is stored, and compared in
 * constant time, so a copy of the table opens nothing.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest()
const TOKEN = /^([\w-]{22})\.([\w-]{43})$/

export function newLinkToken() {
  const selector = randomBytes(16).toString('base64url')
  const verifier = randomBytes(32).toString('base64url')
  return { selector, verifierHash: sha256(verifier).toString('hex'), token: `${selector}.${verifier}` }
}

/** The two halves of a token, or null for anything else. */
export function parseLinkToken(token: string): { selector: string; verifier: string } | null {
  const match = TOKEN.exec(token)
  return match ? { selector: match[1]!, verifier: match[2]! } : null
}

/** Whether the verifier matches the stored hash (also compared when no row was found: same time). */
export function verifierMatches(verifier: string, storedHash: string | undefined) {
  const expected = storedHash ? Buffer.from(storedHash, 'hex') : sha256('')
  return timingSafeEqual(sha256(verifier), expected.length === 32 ? expected : sha256('')) && storedHash !== undefined
}
