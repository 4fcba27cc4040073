import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { CATEGORY_NAMES, ICON_WORDS } from './zh-names.ts'
import { ICON_PREFIX, iconUrl, parseIconKey } from './icon-url.ts'

/**
 * The icon library for modules and categories: Tabler Icons (MIT, @tabler/icons), outline style.
 * The package's icons.json gives each icon a category and English tags; tabler-nodes-outline.json
 * gives its drawing. Both are read once, on first use, and indexed; nothing is read per request.
 */

export type IconCategory = { id: string; name: string; type: 'font' }
export type LibraryIcon = { id: string; key: string; icon: string; name: string; type: 'font' }

/** The curated category of the icons with Chinese words (zh-names.ts), shown first. */
export const COMMON_CATEGORY_ID = 'common'

type Entry = {
  name: string
  key: string
  category: string
  /** Name split at '-': `shopping-cart` → ['shopping', 'cart']. */
  tokens: string[]
  tags: string[]
  words: readonly string[]
  /** The `<svg>` children, built once from the set's own data. */
  body: string
  view: LibraryIcon
}

type Library = {
  byName: Map<string, Entry>
  /** Alphabetical, as the set lists them. */
  all: Entry[]
  categories: IconCategory[]
  byCategory: Map<string, Entry[]>
  categoryWords: Map<string, string>
}

type RawIcon = { name: string; category?: string; tags?: unknown[]; styles?: { outline?: unknown } }
type RawNode = [string, Record<string, unknown>]

/** Elements and attributes an icon may carry; values must look like geometry or a colour. */
const SVG_ELEMENTS = new Set(['path', 'circle', 'ellipse', 'line', 'polygon', 'polyline', 'rect'])
const SVG_ATTRIBUTES = new Set([
  'd', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'width', 'height', 'points',
  'fill', 'stroke', 'stroke-width', 'opacity', 'fill-rule', 'clip-rule', 'transform',
])
const SAFE_VALUE = /^[\w .,#%()+-]*$/

function packageDir() {
  // The package's `exports` maps only `./*` → `./icons/*`, so its root is found through an icon file.
  const require = createRequire(import.meta.url)
  return path.resolve(path.dirname(require.resolve('@tabler/icons/outline/star.svg')), '..', '..')
}

function svgBody(nodes: RawNode[]) {
  let body = ''
  for (const [element, attributes] of nodes) {
    if (!SVG_ELEMENTS.has(element)) continue
    let attrs = ''
    for (const [attribute, value] of Object.entries(attributes)) {
      if (!SVG_ATTRIBUTES.has(attribute) || (typeof value !== 'string' && typeof value !== 'number')) continue
      const text = String(value)
      if (SAFE_VALUE.test(text)) attrs += ` ${attribute}="${text}"`
    }
    body += `<${element}${attrs}/>`
  }
  return body
}

/** Its first Chinese word, else its English name in words (`brand-github` → `github`). */
function displayName(name: string) {
  return ICON_WORDS[name]?.[0] ?? name.replace(/^brand-(?=.)/, '').replaceAll('-', ' ')
}

function load(): Library {
  const dir = packageDir()
  const icons = JSON.parse(readFileSync(path.join(dir, 'icons.json'), 'utf8')) as Record<string, RawIcon>
  const nodes = JSON.parse(readFileSync(path.join(dir, 'tabler-nodes-outline.json'), 'utf8')) as Record<string, RawNode[]>
  const categoryIds = new Map(CATEGORY_NAMES.map(([tabler, id, name]) => [tabler, { id, name }]))

  const byName = new Map<string, Entry>()
  const byCategory = new Map<string, Entry[]>()
  const extraCategories: IconCategory[] = []
  for (const [name, raw] of Object.entries(icons)) {
    const drawing = nodes[name]
    if (!raw.styles?.outline || !Array.isArray(drawing) || !parseIconKey(name)) continue
    const tablerCategory = raw.category || 'Other'
    let category = categoryIds.get(tablerCategory)
    if (!category) {
      // A category a newer version of the set added: shown under its English name.
      category = { id: tablerCategory.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name: tablerCategory }
      categoryIds.set(tablerCategory, category)
      extraCategories.push({ ...category, type: 'font' })
    }
    const key = `${ICON_PREFIX}:${name}`
    const entry: Entry = {
      name,
      key,
      category: category.id,
      tokens: name.split('-'),
      tags: (raw.tags ?? []).map((tag) => String(tag).toLowerCase()),
      words: (ICON_WORDS[name] ?? []).map((word) => word.toLowerCase()),
      body: svgBody(drawing),
      view: { id: key, key, icon: iconUrl(key)!, name: displayName(name), type: 'font' },
    }
    byName.set(name, entry)
    const list = byCategory.get(category.id)
    if (list) list.push(entry)
    else byCategory.set(category.id, [entry])
  }
  const common = Object.keys(ICON_WORDS).flatMap((name) => byName.get(name) ?? [])
  byCategory.set(COMMON_CATEGORY_ID, common)
  const categories: IconCategory[] = [
    { id: COMMON_CATEGORY_ID, name: '常用', type: 'font' },
    ...CATEGORY_NAMES.filter(([, id]) => byCategory.has(id)).map(([, id, name]) => ({ id, name, type: 'font' as const })),
    ...extraCategories,
  ]
  const all = [...byName.values()]
  const categoryWords = new Map(categories.map((c) => [c.id, c.name.toLowerCase()]))
  return { byName, all, categories, byCategory, categoryWords }
}

let library: Library | undefined
/** The indexed set, loaded on first use (a few tens of milliseconds, once per process). */
function lib() {
  library ??= load()
  return library
}

function entryOf(key: string) {
  const parsed = parseIconKey(key)
  if (!parsed || parsed.prefix !== ICON_PREFIX) return undefined
  return lib().byName.get(parsed.name)
}

/** The categories of the library, 常用 first, each with its Chinese name. */
export function iconCategories(): IconCategory[] {
  return lib().categories
}

export function hasIconCategory(id: string) {
  return lib().byCategory.has(id)
}

/** Whether a key (`tabler:star`, or a bare `star`) names an icon of the library. */
export function hasIcon(key: string) {
  return entryOf(key) !== undefined
}

/** The library's view of an icon (canonical key, URL, display name), or null. */
export function libraryIcon(key: string): LibraryIcon | null {
  return entryOf(key)?.view ?? null
}

/** Every icon the curated Chinese words list (the sizes the docs quote, and a test). */
export function iconWordNames() {
  return Object.keys(ICON_WORDS)
}

/**
 * A complete SVG document for a library icon, or null for an unknown key. Built only from the
 * set's own data, filtered through an element and attribute allow-list.
 */
export function iconSvg(key: string) {
  const entry = entryOf(key)
  if (!entry) return null
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
    'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
    `${entry.body}</svg>`
  )
}

const isLatin = (text: string) => /^[\x20-\x7e]*$/.test(text)

/** How well an icon matches a Latin keyword (lower is better), or -1. */
function latinRank(entry: Entry, q: string) {
  if (entry.name === q) return 0
  if (entry.tokens.includes(q) || entry.name.startsWith(`${q}-`)) return 1
  if (entry.name.startsWith(q)) return 2
  if (entry.name.includes(q)) return 3
  if (entry.tags.includes(q) || entry.words.includes(q)) return 4
  if (entry.tags.some((tag) => tag.startsWith(q)) || entry.words.some((word) => word.startsWith(q))) return 5
  return -1
}

/**
 * How well an icon matches a Chinese keyword: its own words first, then the icons that share the
 * English name of a matching curated icon (星 → star → star-off, stars…), then its category.
 */
function chineseRank(entry: Entry, q: string, related: Set<string>, categories: Set<string>) {
  if (entry.words.includes(q)) return 0
  if (entry.words.some((word) => word.includes(q))) return 1
  if (related.has(entry.name)) return 2
  if (entry.tokens.some((token) => related.has(token)) || [...related].some((name) => entry.name.startsWith(`${name}-`))) return 3
  if (entry.tags.some((tag) => related.has(tag))) return 4
  if (categories.has(entry.category)) return 5
  return -1
}

function search(entries: Entry[], q: string) {
  let rank: (entry: Entry) => number
  if (isLatin(q)) {
    rank = (entry) => latinRank(entry, q)
  } else {
    const related = new Set(lib().all.filter((e) => e.words.some((word) => word.includes(q))).map((e) => e.name))
    const categories = new Set([...lib().categoryWords].filter(([, name]) => name.includes(q)).map(([id]) => id))
    rank = (entry) => chineseRank(entry, q, related, categories)
  }
  const hits: { entry: Entry; rank: number }[] = []
  for (const entry of entries) {
    const r = rank(entry)
    if (r >= 0) hits.push({ entry, rank: r })
  }
  hits.sort((a, b) => a.rank - b.rank || a.entry.name.length - b.entry.name.length || (a.entry.name < b.entry.name ? -1 : 1))
  return hits.map((hit) => hit.entry)
}

/** Recent searches (paging through one re-uses it): category + keyword → matches. */
const searches = new Map<string, Entry[]>()
const SEARCHES_KEPT = 200

function cachedSearch(categoryId: string, entries: Entry[], keyword: string) {
  const q = keyword.trim().slice(0, 50).toLowerCase().replace(/\s+/g, '-')
  if (!q) return entries
  const cacheKey = `${categoryId}\u0000${q}`
  let found = searches.get(cacheKey)
  if (found) searches.delete(cacheKey)
  else found = search(entries, q)
  searches.set(cacheKey, found)
  if (searches.size > SEARCHES_KEPT) searches.delete(searches.keys().next().value!)
  return found
}

/**
 * One page of icons: of a category (all icons without one), filtered by a keyword that matches
 * the English name and tags or the Chinese words. Unknown category → null.
 */
export function listIcons({
  categoryId,
  keyword = '',
  page = 1,
  size = 60,
}: {
  categoryId?: string
  keyword?: string
  page?: number
  size?: number
}): { list: LibraryIcon[]; total: number; page: number; size: number } | null {
  const entries = categoryId ? lib().byCategory.get(categoryId) : lib().all
  if (!entries) return null
  const found = cachedSearch(categoryId ?? '', entries, keyword)
  const start = (page - 1) * size
  return { list: found.slice(start, start + size).map((entry) => entry.view), total: found.length, page, size }
}
