import { Parser } from 'htmlparser2'
import { escapeHtml } from '#app/utils/escape-html.ts'

/**
 * The plain-text form of a note, for the editor without JavaScript (a `<textarea>`): a note that is
 * only paragraphs of text is edited as text, one line per paragraph; any other note is edited as
 * its HTML, so that a save from the plain form never drops formatting. docs/decisions/031.
 */

/** The lines of a note that is nothing but `<p>` paragraphs of text, else null. */
export function plainLines(html: string): string[] | null {
  const lines: string[] = []
  let inParagraph = false
  let plain = true
  const parser = new Parser({
    onopentag(name) {
      if (name !== 'p' || inParagraph) plain = false
      inParagraph = true
      lines.push('')
    },
    ontext(text) {
      if (!inParagraph) {
        if (text.trim()) plain = false
        return
      }
      lines[lines.length - 1] += text
    },
    onclosetag() {
      inParagraph = false
    },
  })
  parser.end(html)
  return plain && lines.every((line) => !line.includes('\n')) ? lines : null
}

/** A note's text for the plain form, or null when it must be edited as HTML. */
export function plainTextOf(html: string): string | null {
  const lines = plainLines(html)
  return lines === null ? null : lines.join('\n')
}

/** Text typed into the plain form as note HTML: one paragraph per line. */
export function textToNoteHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  while (lines.length && !lines.at(-1)!.trim()) lines.pop()
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')
}
