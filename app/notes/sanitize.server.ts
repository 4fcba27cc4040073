import { Parser } from 'htmlparser2'
import sanitizeHtml from 'sanitize-html'
import { isUploadPath } from '#app/uploads/upload-path.ts'
import { NOTE_COLOURS } from './colours.ts'

/**
 * The server's word on note HTML (SECURITY.md §4 B): whatever a client posts, a stored note holds
 * only what our Tiptap editor itself produces, so anything else (pasted markup, a hand-made request)
 * is dropped here rather than trusted to the editor or to the page that shows the note.
 */

const LINK_REL = 'noopener noreferrer nofollow'
const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:']
const CODE_CLASS = /^language-[a-z0-9+#-]{1,20}$/
const HEX = /^#[0-9a-f]{6}$/
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/

/** The editor's nodes and marks: StarterKit (headings at level 2 only), Link, Image, TextStyle + Color, TaskList. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'strong',
  'em',
  's',
  'u',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'span',
  'hr',
]

/**
 * Dropped with everything inside them: their content is code, styles, foreign markup or form
 * controls, never note text, and some of them (xmp, noscript, noembed, iframe) hold raw text that a
 * browser would read as markup. `label` and `input` are the checkbox Tiptap draws in a task item.
 */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'iframe',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'option',
  'title',
  'label',
  'input',
]

const PRESETS = new Set(NOTE_COLOURS.map((c) => c.value))

/** The preset a CSS colour names, in hex of any case or the `rgb(r, g, b)` browsers may serialise it as. */
function presetColour(cssValue: string): string | undefined {
  const value = cssValue.trim().toLowerCase()
  const rgb = RGB.exec(value)
  const hex = rgb ? `#${rgb.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}` : value
  return HEX.test(hex) && PRESETS.has(hex) ? hex : undefined
}

/**
 * The preset colour a `style` attribute sets, if any. The result is one of our own constants, never
 * the input, so a loose split of the declarations cannot let anything through; the last `color` wins
 * as in CSS, and every other property is ignored.
 */
function styleColour(style: string | undefined): string | undefined {
  let colour: string | undefined
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':')
    if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === 'color') {
      colour = presetColour(declaration.slice(colon + 1))
    }
  }
  return colour
}

/** Absolute http, https and mailto links only: no other scheme, and nothing relative to our own site. */
function isLinkHref(href: string) {
  const url = URL.parse(href)
  return url !== null && LINK_PROTOCOLS.includes(url.protocol)
}

type Attributes = sanitizeHtml.Attributes

function tag(tagName: string, attribs: Attributes = {}): sanitizeHtml.Tag {
  return { tagName, attribs }
}

/** Each tag's attributes are rebuilt here from the input, so an attribute is kept only in the form we write. */
const transformTags: Record<string, string | sanitizeHtml.Transformer> = {
  // Pasted from other sites: the nearest thing the editor has, so the text is kept.
  h1: 'h2',
  h3: 'h2',
  h4: 'h2',
  h5: 'h2',
  h6: 'h2',
  b: 'strong',
  i: 'em',
  strike: 's',
  del: 's',
  a: (_, { href }) => {
    if (href === undefined || !isLinkHref(href)) return tag('a')
    return tag('a', { href, rel: LINK_REL, target: '_blank' })
  },
  // The upload rule is upload-path.ts's; a resize suffix (`?w=`) is the reader's choice, not part of the note.
  img: (_, { src, alt }) => {
    const path = src?.split(/[?#]/, 1)[0]
    if (path === undefined || !isUploadPath(path)) return tag('img')
    return tag('img', alt === undefined ? { src: path } : { src: path, alt })
  },
  span: (_, { style }) => {
    const colour = styleColour(style)
    return tag('span', colour ? { style: `color:${colour}` } : {})
  },
  ul: (_, attribs) => tag('ul', attribs['data-type'] === 'taskList' ? { 'data-type': 'taskList' } : {}),
  li: (_, attribs) => {
    if (attribs['data-type'] !== 'taskItem') return tag('li')
    const checked = attribs['data-checked']
    if (checked !== 'true' && checked !== 'false') return tag('li', { 'data-type': 'taskItem' })
    return tag('li', { 'data-checked': checked, 'data-type': 'taskItem' })
  },
  code: (_, attribs) => {
    const language = (attribs.class ?? '').split(/\s+/).find((name) => CODE_CLASS.test(name))
    return tag('code', language ? { class: language } : {})
  },
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // The transforms above already did the work; these lists are the second lock on the same door.
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt'],
    span: ['style'],
    ul: ['data-type'],
    li: ['data-checked', 'data-type'],
    code: ['class'],
  },
  allowedClasses: { code: [CODE_CLASS] },
  allowedStyles: { span: { color: [new RegExp(`^(?:${[...PRESETS].join('|')})$`)] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // An empty attribute goes, except `alt` (sanitize-html's default allowedEmptyAttributes).
  nonBooleanAttributes: ['*'],
  selfClosing: ['img', 'br', 'hr'],
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
  transformTags,
  // A foreign image goes entirely; a link or span left with no attributes gives way to its text.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag'
    if (frame.tag === 'span' && !frame.attribs.style) return 'excludeTag'
    return false
  },
}

/**
 * Dropping a tag can change how the parser nests what was around it (`<p>a<button><p>b` nests the
 * second p, `<p>a<p>b` does not), so the output goes through again until it stays the same: stored
 * HTML must read back as it was stored. Two passes settled everything a fuzzer tried.
 */
const MAX_PASSES = 5

function pass(html: string) {
  return sanitizeHtml(html, OPTIONS).replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, '')
}

/** Note HTML as it may be stored and shown to anyone: the allow-list above, '' for a note with nothing in it. */
export function sanitizeNoteHtml(html: string): string {
  let clean = pass(html)
  for (let i = 1; i < MAX_PASSES; i++) {
    const again = pass(clean)
    if (again === clean) break
    clean = again
  }
  // Text in the output is always escaped, so `<img` or `<hr` here is one of our own tags.
  return noteText(clean) === '' && !/<(?:img|hr)\b/.test(clean) ? '' : clean
}

/** Elements that end a line of the plain text. */
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'ul', 'ol', 'div'])
const SKIPPED = new Set(NON_TEXT_TAGS)

/** The plain text of stored note HTML (search, list summaries): one line per block, entities decoded. */
export function noteText(html: string): string {
  let text = ''
  // Stored notes have no such tags; should raw HTML ever come here, their content is still not text.
  let skipping = 0
  const parser = new Parser({
    onopentag(name) {
      if (SKIPPED.has(name)) skipping++
      else if (BLOCK_TAGS.has(name) || name === 'br' || name === 'hr') text += '\n'
    },
    ontext(chunk) {
      if (skipping === 0) text += chunk
    },
    onclosetag(name) {
      if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1)
      else if (BLOCK_TAGS.has(name)) text += '\n'
    },
  })
  parser.end(html)
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n')
    .trim()
}

/** The first `max` characters (code points: an emoji or a 汉字 counts one) of a note's text on one line. */
export function noteExtract(html: string, max = 100): string {
  const line = noteText(html).replace(/\s*\n\s*/g, ' ')
  return Array.from(line).slice(0, Math.max(0, max)).join('').trimEnd()
}
