/** `text` as a literal inside a LIKE / ILIKE pattern: `\`, `%` and `_` escaped (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** The pattern of "contains `text`", literally. */
export const containing = (text: string) => `%${escapeLike(text)}%`
