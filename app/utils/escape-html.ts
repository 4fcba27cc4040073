const SPECIAL = /[&<>"']/
const SPECIALS = /[&<>"']/g

/** Escapes `& < > " '` once, the apostrophe as `apostrophe`; text without any is returned as it is. */
function escaper(apostrophe: string) {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": apostrophe }
  return (text: string) => (SPECIAL.test(text) ? text.replace(SPECIALS, (c) => entities[c]!) : text)
}

/** Text and attributes of HTML we write by hand: exported bookmarks (as browsers write them), mails. */
export const escapeHtml = escaper('&#39;')

/**
 * The same as React writes it (`'` as `&#x27;`): the start page's list drawn by hand
 * (app/page-cache/category-html.server.ts) must equal React's, byte for byte.
 */
export const escapeAsReact = escaper('&#x27;')
