import { and, isNull, like, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { homepages, type User } from '#app/db/schema/index.ts'
import { homepageLabel, RESERVED_CODES } from '#app/schemas/homepage.ts'
import { isUniqueViolation } from '#app/utils/errors.ts'
import { createStarterHomepage } from './homepage.server.ts'
import { pinyinOf } from './search-index.ts'

/**
 * What a new default homepage is born with, so that 编辑 → 保存 works untouched and 分享 → 公开主页
 * has an address to offer (issue 22): the name it used to show only by fallback, the icon the
 * lists already drew for "no icon", and a free personal-domain suggestion. drizzle/0021 fills
 * existing homepages the same way (its codes from the e-mail or an ASCII nickname only: SQL has
 * no pinyin).
 */

export const DEFAULT_HOMEPAGE_ICON = 'tabler:home'
const TITLE_MAX = 20
const CODE_MAX = 20
/** A code shorter than 4 gets this ending ('ab' → 'ab-home'); no usable seed at all gives 'home'. */
const CODE_FILLER = 'home'

/** 小王的主页, with the nickname shortened so the whole title fits the 20 characters of a title. */
export function defaultHomepageTitle(nickname: string) {
  const suffix = homepageLabel('', '')
  let kept = ''
  for (const char of nickname.trim()) {
    if (kept.length + char.length + suffix.length > TITLE_MAX) break
    kept += char
  }
  return homepageLabel('', kept)
}

/** Letters, digits and single hyphens, lower case, starting with a letter; '' when nothing is left. */
function codeCharacters(text: string) {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
}

/**
 * The wished-for code of a user's homepage: the e-mail's local part, else the nickname in pinyin
 * (小王 → xiaowang), padded to the 4 characters a code needs. Not yet checked for being free.
 */
export function codeSeed(user: Pick<User, 'email' | 'nickname'>) {
  const local = user.email ? codeCharacters(user.email.split('@')[0] ?? '') : ''
  const seed = (local || codeCharacters(pinyinOf(user.nickname)[0] || user.nickname)).slice(0, CODE_MAX).replace(/-+$/, '')
  if (seed.length >= 4) return seed
  return seed ? `${seed}-${CODE_FILLER}` : CODE_FILLER
}

/** Whether another live homepage has this personal domain, in any letter case. */
export async function codeTaken(db: Db | Tx, code: string, exceptId = 0) {
  const [row] = await db
    .select({ id: homepages.id })
    .from(homepages)
    .where(and(sql`lower(${homepages.code}) = ${code.toLowerCase()}`, isNull(homepages.deletedAt), ne(homepages.id, exceptId)))
    .limit(1)
  return Boolean(row)
}

/**
 * A personal domain nobody has, from a seed: the seed itself, else the seed with the first free
 * number (xiaowang2, xiaowang3 …), shortened so the number fits. One query: the live codes that
 * start with the seed.
 */
export async function freeCode(db: Db | Tx, seed: string) {
  const rows = await db
    .select({ code: sql<string>`lower(${homepages.code})` })
    .from(homepages)
    .where(and(like(sql`lower(${homepages.code})`, `${seed.slice(0, CODE_MAX - 1).replace(/[%_\\]/g, '')}%`), isNull(homepages.deletedAt)))
  const taken = new Set(rows.map((row) => row.code))
  const free = (code: string) => !taken.has(code) && !RESERVED_CODES.has(code)
  if (free(seed)) return seed
  for (let n = 2; ; n++) {
    const number = String(n)
    const code = seed.slice(0, CODE_MAX - number.length).replace(/-+$/, '') + number
    if (free(code)) return code
  }
}

/**
 * A new account's default homepage with its title, icon and a free code, inside the caller's
 * transaction. Two sign-ups racing for the same code: the loser's savepoint rolls back and it
 * takes the next free one, so a registration never fails on a suggestion it did not ask for.
 */
export async function createDefaultHomepage(tx: Tx, user: Pick<User, 'id' | 'email' | 'nickname'>) {
  const seed = codeSeed(user)
  for (let attempt = 1; ; attempt++) {
    const code = await freeCode(tx, seed)
    try {
      return await tx.transaction((savepoint) =>
        createStarterHomepage(savepoint, user.id, { title: defaultHomepageTitle(user.nickname), icon: DEFAULT_HOMEPAGE_ICON, code, isDefault: true }),
      )
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error
    }
  }
}
