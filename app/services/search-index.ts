import { pinyin } from 'pinyin-pro'
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

const HAN = /\p{Script=Han}/u

/** NFKC (full-width letters and digits become ASCII), lower case, no control characters. */
function fold(text: string) {
  return text.normalize('NFKC').toLowerCase().replace(/[\u0000-\u001f\u007f]/g, ' ')
}

/** A search box's keyword as it is compared with `searchText`: folded and trimmed, at most 100 characters. */
export function normaliseKeyword(raw: string) {
  return [...fold(raw).trim()].slice(0, SEARCH_KEYWORD_MAX).join('').trim()
}

/** The distinct 2-character grams (by code point) of `text`, in order of first appearance. */
export function bigrams(text: string) {
  const chars = [...text]
  const grams = new Set<string>()
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!)
  return [...grams]
}

/** Full pinyin without tones ('baidu') and initials ('bd') of a name with Chinese in it; letters and digits stay as they are. */
function pinyinOf(name: string): [string, string] {
  if (!HAN.test(name)) return ['', '']
  const options = { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true } as const
  return [pinyin(name, options).join(''), pinyin(name, { ...options, pattern: 'first' }).join('')]
}

export function searchColumns({ name, url, note }: { name: string; url?: string | null; note?: string | null }): SearchColumns {
  const folded = fold(name)
  const [full, initials] = pinyinOf(folded)
  const fields = [folded, fold(full), fold(initials), fold((url ?? '').slice(0, URL_INDEXED)), fold(note ?? '')]
  if (fields.every((f) => f.trim() === '')) return { searchText: '', searchGrams: [] }
  return { searchText: fields.join(FIELD_SEPARATOR), searchGrams: [...new Set(fields.flatMap(bigrams))] }
}
