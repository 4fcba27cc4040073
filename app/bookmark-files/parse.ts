import { Tokenizer } from 'htmlparser2'

/**
 * Reads a Netscape bookmark file (what every browser exports) into flat lists of folders and
 * links. Pure and isomorphic: bytes in, plain data out, no DOM. The format and its quirks are
 * in shared/docs/bookmark-format.md; the rule that matters is that a folder's contents are the
 * <DL> that comes *after* its <H3>, wherever a DOM would nest it.
 */

export const MAX_FILE_BYTES = 2 * 1024 * 1024
/** Folders + links (flattened folders included); one more stops the parse. */
export const MAX_ENTRIES = 100_000
/** Folders deeper than this are not created: their contents go into the depth-16 ancestor. */
export const MAX_DEPTH = 16

const CHUNK_CHARS = 64 * 1024
const META_SCAN_BYTES = 2048

export class BookmarkFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BookmarkFileError'
  }
}

export const FILE_TOO_LARGE = '文件大小不能超过2M'
export const TOO_MANY_ENTRIES = `书签数量过多，最多导入${MAX_ENTRIES}个`
export const NO_BOOKMARKS = '文件中没有找到书签'

export type ParsedFolder = {
  /** Position in `folders`; parents always come before their children. */
  index: number
  /** Index of the parent folder, null = root. */
  parent: number | null
  name: string
  description: string
  addDate: Date | null
  toolbar: boolean
  /** 1 for a top-level folder. */
  depth: number
  /** Document order among all folders and links (how a folder's links and sub-folders interleave). */
  order: number
}

export type ParsedLink = {
  /** Innermost folder index, null = root. */
  folder: number | null
  name: string
  /** HREF as written (entities decoded once), trimmed; not validated. */
  url: string
  description: string
  addDate: Date | null
  tags: string
  /** Document order among all folders and links. */
  order: number
}

export type ParsedFile = { encoding: string; folders: ParsedFolder[]; links: ParsedLink[]; flattened: number }

/** BOM, then strict UTF-8, then the <meta charset>, then GB18030 (Chinese Windows), then Windows-1252. */
export function decodeBookmarkBytes(bytes: Uint8Array): { text: string; encoding: string } {
  const [b0, b1, b2] = bytes
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return decodeWith('utf-8', bytes)
  if (b0 === 0xff && b1 === 0xfe) return decodeWith('utf-16le', bytes)
  if (b0 === 0xfe && b1 === 0xff) return decodeWith('utf-16be', bytes)

  const utf8 = tryDecode('utf-8', bytes)
  if (utf8) return utf8

  const declared = declaredCharset(bytes)
  if (declared) {
    // A file that says UTF-8 but has a bad byte (360 cuts titles at 255 bytes) is still UTF-8.
    if (declared.encoding === 'utf-8') return decodeWith('utf-8', bytes)
    const result = tryDecode(declared.encoding, bytes)
    if (result) return result
  }

  return tryDecode('gb18030', bytes) ?? decodeWith('windows-1252', bytes)
}

function decodeWith(label: string, bytes: Uint8Array) {
  const decoder = new TextDecoder(label)
  return { text: decoder.decode(bytes), encoding: decoder.encoding }
}

function tryDecode(label: string, bytes: Uint8Array) {
  try {
    const decoder = new TextDecoder(label, { fatal: true })
    return { text: decoder.decode(bytes), encoding: decoder.encoding }
  } catch {
    return null
  }
}

/** The charset of a <meta> in the first 2 KB, read as Latin-1 (any ASCII-compatible encoding). */
function declaredCharset(bytes: Uint8Array): TextDecoder | null {
  const head = String.fromCharCode(...bytes.subarray(0, META_SCAN_BYTES))
  const label = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1]
  if (!label) return null
  try {
    const decoder = new TextDecoder(label)
    // A UTF-16 declaration in an ASCII-readable file is wrong by definition (as in the HTML spec).
    return decoder.encoding.startsWith('utf-16') ? null : decoder
  } catch {
    return null
  }
}

/** ≤ 0 or empty → unknown; > 10^14 → µs; > 10^11 → ms; else seconds (bookmark-format.md). */
function parseDate(value: string | undefined): Date | null {
  const text = value?.trim()
  if (!text || !/^-?\d+(\.\d+)?$/.test(text)) return null
  const n = Number(text)
  if (!(n > 0)) return null
  const ms = n > 1e14 ? n / 1000 : n > 1e11 ? n : n * 1000
  // Past year 9999 is junk, and PostgreSQL's timestamps and ISO strings have no room for it.
  return ms < LAST_DATE_MS ? new Date(ms) : null
}

const LAST_DATE_MS = Date.UTC(10000, 0, 1)

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Tags that end a pending name or description: the next entry or list begins. */
const STRUCTURAL = new Set(['a', 'dd', 'dl', 'dt', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr'])
/** The only attributes read; the rest (ICON's data: URIs above all) are never copied. */
const WANTED = new Set(['href', 'add_date', 'tags', 'personal_toolbar_folder'])

type Item = ParsedFolder | ParsedLink
type TextTarget = { kind: 'name'; item: Item } | { kind: 'description'; item: Item } | { kind: 'sink' }

export function parseBookmarkFile(bytes: Uint8Array): ParsedFile {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new BookmarkFileError(FILE_TOO_LARGE)
  const { text, encoding } = decodeBookmarkBytes(bytes)

  const folders: ParsedFolder[] = []
  const links: ParsedLink[] = []
  let flattened = 0
  // One level per open <DL>: the innermost *created* folder it belongs to (null = root).
  // Anonymous <DL>s and those of flattened folders repeat their parent's entry.
  const stack: (number | null)[] = [null]
  // The folder whose <H3> was seen and whose <DL> has not come yet.
  let pending: number | null = null
  // What a following <DD> describes.
  let lastItem: Item | null = null
  let target: TextTarget | null = null
  let buffer = ''

  const current = () => stack[stack.length - 1] ?? null
  const countEntry = () => {
    if (folders.length + links.length + flattened >= MAX_ENTRIES) throw new BookmarkFileError(TOO_MANY_ENTRIES)
  }
  const finishText = () => {
    if (target?.kind === 'name') target.item.name = collapse(buffer)
    else if (target?.kind === 'description') {
      const description = buffer.replace(/\r\n?/g, '\n').trim()
      if (description) target.item.description = target.item.description ? `${target.item.description}\n${description}` : description
    }
    target = null
    buffer = ''
  }

  function openTag(name: string, attribs: Record<string, string>) {
    if (STRUCTURAL.has(name)) finishText()
    if (name === 'a') {
      countEntry()
      const link: ParsedLink = {
        folder: current(),
        name: '',
        url: (attribs.href ?? '').trim(),
        description: '',
        addDate: parseDate(attribs.add_date),
        tags: (attribs.tags ?? '').trim(),
        order: folders.length + links.length,
      }
      links.push(link)
      pending = null
      lastItem = link
      target = { kind: 'name', item: link }
    } else if (name === 'h3') {
      countEntry()
      const parent = current()
      const depth = parent === null ? 1 : (folders[parent]?.depth ?? 0) + 1
      if (depth > MAX_DEPTH) {
        // No pending folder: its <DL> repeats the parent's level, so its links land in the depth-16 folder.
        flattened++
        pending = null
        lastItem = null
        target = { kind: 'sink' }
        return
      }
      const folder: ParsedFolder = {
        index: folders.length,
        parent,
        name: '',
        description: '',
        addDate: parseDate(attribs.add_date),
        toolbar: attribs.personal_toolbar_folder?.trim().toLowerCase() === 'true',
        depth,
        order: folders.length + links.length,
      }
      folders.push(folder)
      pending = folder.index
      lastItem = folder
      target = { kind: 'name', item: folder }
    } else if (name === 'dl') {
      stack.push(pending ?? current())
      pending = null
      lastItem = null
    } else if (name === 'dd') {
      target = lastItem ? { kind: 'description', item: lastItem } : null
    }
  }

  function closeTag(name: string) {
    if (name === 'dl') {
      finishText()
      if (stack.length > 1) stack.pop() // a stray </DL> never pops the root
      pending = null
      lastItem = null
    } else if (name === 'a' || name === 'h3') {
      if (target?.kind !== 'description') finishText()
    } else if (name === 'dd' || name === 'dt') {
      finishText()
    }
  }

  // htmlparser2's Tokenizer, not its Parser: the Parser keeps an element stack with O(depth)
  // unshift per tag, quadratic on a file of nested <DL>s. Positions are offsets into `text`.
  let tagName = ''
  let attribs: Record<string, string> = {}
  let attribName = ''
  let attribValue = ''
  const slice = (start: number, end: number) => text.slice(start, end)
  const endOpenTag = () => {
    const name = tagName
    tagName = ''
    if (name) openTag(name, attribs)
  }
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tagName = slice(start, end).toLowerCase()
        attribs = {}
      },
      onattribname(start, end) {
        attribName = slice(start, end).toLowerCase()
        attribValue = ''
      },
      onattribdata(start, end) {
        if (WANTED.has(attribName)) attribValue += slice(start, end)
      },
      onattribentity(codepoint) {
        if (WANTED.has(attribName)) attribValue += String.fromCodePoint(codepoint)
      },
      onattribend() {
        // The first of repeated attributes wins, as in browsers.
        if (WANTED.has(attribName) && !Object.hasOwn(attribs, attribName)) attribs[attribName] = attribValue
        attribValue = ''
      },
      onopentagend: endOpenTag,
      onselfclosingtag: endOpenTag,
      onclosetag(start, end) {
        closeTag(slice(start, end).toLowerCase())
      },
      ontext(start, end) {
        if (target) buffer += slice(start, end)
      },
      ontextentity(codepoint) {
        if (target) buffer += String.fromCodePoint(codepoint)
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  )

  // Fed in chunks like a stream; the tokenizer carries partial tags and entities across them.
  for (let start = 0; start < text.length; start += CHUNK_CHARS) {
    tokenizer.write(text.slice(start, start + CHUNK_CHARS))
  }
  tokenizer.end()
  finishText()

  if (folders.length === 0 && links.length === 0) throw new BookmarkFileError(NO_BOOKMARKS)
  return { encoding, folders, links, flattened }
}
