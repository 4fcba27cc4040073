import { hash, verify } from '@node-rs/argon2'

/** OWASP's argon2id row: 19 MiB, 2 passes, 1 lane (SECURITY.md §2.4). */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/** Each hash holds 19 MiB: a login flood queues here instead of exhausting memory. */
const MAX_CONCURRENT = 4
let running = 0
const waiting: Array<() => void> = []

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

export function hashPassword(password: string) {
  return limited(() => hash(password, ARGON2ID))
}

/** A hash of a random password, verified against when the e-mail is unknown, so both take as long. */
let decoyHash: Promise<string> | undefined

export async function verifyPassword(password: string, passwordHash: string | null) {
  decoyHash ??= hashPassword(crypto.randomUUID())
  const target = passwordHash ?? (await decoyHash)
  const ok = await limited(() => verify(target, password).catch(() => false))
  return ok && passwordHash !== null
}
