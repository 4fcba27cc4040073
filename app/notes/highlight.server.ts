import { createHighlighter, type Highlighter } from 'shiki'
import { CODE_LANGUAGES, type CodeLanguage } from '#app/schemas/notes.ts'

/**
 * Code snippets are highlighted here, on the server, once per save (issue 23): the page shows the
 * stored HTML and no highlighter reaches the browser. Shiki with the two GitHub themes as CSS
 * variables, so the night theme recolours the same HTML (notes.css). Shiki escapes the code.
 */

let highlighter: Promise<Highlighter> | undefined

function load() {
  // The languages of the editor's list only: each grammar is loaded once, on the first snippet.
  highlighter ??= createHighlighter({ themes: ['github-light', 'github-dark'], langs: CODE_LANGUAGES.map((l) => l.id).filter((id) => id !== 'text') })
  return highlighter
}

/** The snippet as highlighted HTML (`<pre class="shiki">…</pre>`); plain text is escaped only. */
export async function highlightCode(code: string, language: CodeLanguage): Promise<string> {
  const shiki = await load()
  return shiki.codeToHtml(code, { lang: language === 'text' ? 'plaintext' : language, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: 'light' })
}
