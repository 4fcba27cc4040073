/**
 * What a stored name or note never keeps (SECURITY.md battery 4): NUL and the other C0 controls
 * but tab and line breaks (PostgreSQL refuses NUL in text: it would be a 500), DEL, and the
 * bidirectional overrides and isolates that make a name show other than it reads.
 */
const STRIPPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g

export function plainText(text: string) {
  return text.replace(STRIPPED, '')
}
