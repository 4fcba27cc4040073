import { createRequire } from 'node:module'
import { SEARCH_KEYWORD_MAX } from '#app/schemas/search.ts'

/**
 * What Ctrl+K search reads, computed once when a bookmark is written (never per query): every
 * write of a source's name, URL or note stores `searchColumns` of the new values
 * (tests/search-columns: a forgotten write path fails there).
 *
 * - `searchText`: the name, the name's full pinyin and its initials, the URL and the note, each
 *   NFKC-normalised and lower-cased, joined by a separator no keyword contains, so a match never
 *   spans two fields. The name comes first, so `name = q` and `name LIKE 'q%'` can rank hits.
 * - `searchGrams`: the distinct 2-character grams of those fields, for a plain GIN index: a
 *   keyword of 2 or more characters is looked up as `search_grams @> grams(q)`, then checked with
 *   `search_text LIKE '%q%'` (../shared/docs/perf-baseline.md §6.1: a trigram index cannot serve
 *   2-character Chinese).
 *
 * Polyphones: pinyin-pro reads each character in the context of its word (重庆 → chongqing,
 * 银行 → yinhang, 音乐 → yinyue); one reading per name, the one a reader would say.
 */

/** Separates the fields of `searchText`: a control character, which normaliseKeyword removes. */
export const FIELD_SEPARATOR = '\u001f'
/** Longer URLs are indexed by their first 500 characters (host and path are at the start). */
const URL_INDEXED = 500

export type SearchColumns = { searchText: string; searchGrams: string[] }

const HAN_RUNS = /(\p{Script=Han}+)/u

let pinyinPro: typeof import('pinyin-pro') | undefined
/**
 * The syllables of runs already read: a run's reading depends on that run only, so a repeat (a
 * file's 10,000 bookmarks share a few words) is looked up, not segmented again. Bounded: emptied
 * when full, so it never holds more than a few hundred kB.
 */
const readings = new Map<string, string[]>()
const READINGS_KEPT = 5_000
/**
 * The syllables of a run of Chinese, toneless, ü as v. pinyin-pro and its dictionary (several MB
 * of heap) are loaded on the first Chinese name written, not at start (ADR 012: idle memory);
 * synchronously, with require, because searchColumns is called inside the write transactions of
 * seven services and stays a plain function.
 */
function syllablesOf(run: string): string[] {
  let syllables = readings.get(run)
  if (syllables) return syllables
  pinyinPro ??= createRequire(import.meta.url)('pinyin-pro') as typeof import('pinyin-pro')
  syllables = pinyinPro.pinyin(run, { toneType: 'none', type: 'array', v: true })
  if (readings.size >= READINGS_KEPT) readings.clear()
  readings.set(run, syllables)
  return syllables
}
/** The scheme and a leading www. say nothing about a site and are in every address: not indexed, not searched. */
const URL_PREFIX = /^[a-z][a-z0-9+.-]*:\/\/(www\.)?/

/** NFKC (full-width letters and digits become ASCII), lower case, no control characters. */
function fold(text: string) {
  return text.normalize('NFKC').toLowerCase().replace(/[\u0000-\u001f\u007f]/g, ' ')
}

/**
 * A search box's keyword as it is compared with `searchText`: folded and trimmed, at most 100
 * characters, an address without its scheme and www. (as addresses are indexed).
 */
export function normaliseKeyword(raw: string) {
  return [...fold(raw).trim()].slice(0, SEARCH_KEYWORD_MAX).join('').trim().replace(KEYWORD_PREFIX, '')
}

/** A keyword may leave out the scheme and still start with www. ('www.zhihu'): both go, as in the index. */
const KEYWORD_PREFIX = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?/

/** The distinct 2-character grams (by code point) of `text`, in order of first appearance. */
export function bigrams(text: string) {
  const grams = new Set<string>()
  addBigrams(text, grams)
  return [...grams]
}

/**
 * Adds the 2-character grams of `text` to `grams`, by code point as `[...text]` counts them (a
 * surrogate pair is one character, a lone surrogate too), without making an array of characters:
 * searchColumns runs 10,000 times in an import.
 */
function addBigrams(text: string, grams: Set<string>) {
  let start = -1
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i)
    const next = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? i + 2 : i + 1
    if (start >= 0) grams.add(text.slice(start, next))
    start = i
    i = next
  }
}

/**
 * Full pinyin without tones ('baidu') and initials ('bd') of a name with Chinese in it; the rest
 * (letters, digits) stays as it is. One pinyin call per run of Chinese characters: a word never
 * spans anything else, and the initials are the syllables' first letters.
 */
export function pinyinOf(name: string): [string, string] {
  const runs = name.split(HAN_RUNS)
  if (runs.length === 1) return ['', '']
  let full = ''
  let initials = ''
  runs.forEach((run, i) => {
    // split() with a capture group: the odd entries are the Chinese runs.
    if (i % 2 === 0) {
      full += run
      initials += run
      return
    }
    const syllables = syllablesOf(run)
    full += syllables.join('')
    initials += syllables.map((s) => s[0] ?? '').join('')
  })
  return [full, initials]
}

export function searchColumns({ name, url, note }: { name: string; url?: string | null; note?: string | null }): SearchColumns {
  const folded = fold(name)
  const [full, initials] = pinyinOf(folded)
  const address = fold(url ?? '').replace(URL_PREFIX, '').slice(0, URL_INDEXED)
  const fields = [folded, fold(full), fold(initials), address, fold(note ?? '')]
  if (fields.every((f) => f.trim() === '')) return { searchText: '', searchGrams: [] }
  // One set over the fields in order: each field's grams, none across two fields.
  const grams = new Set<string>()
  for (const field of fields) addBigrams(field, grams)
  return { searchText: fields.join(FIELD_SEPARATOR), searchGrams: [...grams] }
}
