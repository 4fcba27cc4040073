import { plainText } from '#app/schemas/text.ts'
import { escapeHtml } from '#app/utils/escape-html.ts'
/**
 * Writes the Netscape bookmark file (shared/docs/bookmark-format.md) that Chrome, Edge and
 * Firefox import: the same skeleton and escaping Chrome and Firefox write themselves. Pure and
 * isomorphic: a tree in, a string out.
 *
 * One entry per line, because Chrome's importer reads the file line by line: a name never
 * spans lines, and a description's line breaks are written as `&#10;` (decoded back by every
 * importer that decodes entities).
 */

export type ExportLink = {
  name: string
  url: string
  addDate: Date
  description?: string
}

export type ExportFolder = {
  name: string
  addDate: Date
  description?: string
  children: ExportNode[]
}

export type ExportNode = ExportFolder | ExportLink

export const isExportFolder = (node: ExportNode): node is ExportFolder => 'children' in node


/** A name on one line: line breaks and tabs become single spaces. */
const oneLine = (text: string) => plainText(text).replace(/[\r\n\t]+/g, ' ')
/** URL parsers drop tabs and line breaks anyway (WHATWG URL), so they go. */
const urlText = (url: string) => plainText(url).replace(/[\r\n\t]/g, '').trim()

/** Unix seconds, the unit every browser export uses; nothing for a date that is not one. */
const seconds = (date: Date) => (Number.isNaN(date.getTime()) ? null : String(Math.floor(date.getTime() / 1000)))

const addDate = (date: Date) => {
  const value = seconds(date)
  return value === null ? '' : ` ADD_DATE="${value}"`
}

function descriptionLine(description: string | undefined, indent: string) {
  if (!description) return []
  const text = escapeHtml(plainText(description).replace(/\r\n?/g, '\n')).replace(/\n/g, '&#10;')
  return [`${indent}<DD>${text}`]
}

function writeList(nodes: readonly ExportNode[], depth: number, lines: string[]) {
  const indent = '    '.repeat(depth)
  lines.push(`${indent.slice(4)}<DL><p>`)
  for (const node of nodes) {
    if (isExportFolder(node)) {
      lines.push(`${indent}<DT><H3${addDate(node.addDate)}>${escapeHtml(oneLine(node.name))}</H3>`)
      // Firefox's order for a described folder: H3, DD, then the folder's list.
      lines.push(...descriptionLine(node.description, indent))
      writeList(node.children, depth + 1, lines)
    } else {
      lines.push(`${indent}<DT><A HREF="${escapeHtml(urlText(node.url))}"${addDate(node.addDate)}>${escapeHtml(oneLine(node.name))}</A>`)
      lines.push(...descriptionLine(node.description, indent))
    }
  }
  lines.push(`${indent.slice(4)}</DL><p>`)
}

/**
 * The whole file: doctype, charset, a CSP that keeps scripts off when the file is opened in a
 * browser (as Firefox writes it), TITLE and H1, then the tree. LF line endings.
 */
export function writeBookmarksHtml({ title, children }: { title: string; children: readonly ExportNode[] }) {
  const heading = escapeHtml(oneLine(title))
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file.',
    '     It will be read and overwritten.',
    '     DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>`,
    `<TITLE>${heading}</TITLE>`,
    `<H1>${heading}</H1>`,
  ]
  writeList(children, 1, lines)
  return `${lines.join('\n')}\n`
}
