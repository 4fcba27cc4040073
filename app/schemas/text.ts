import { z } from './zod.ts'

/**
 * The one invisible-character rule for names and notes (CONVENTIONS.md; SECURITY.md battery 4).
 * A stored text never keeps what cannot be seen: NUL and the other C0/C1 controls but tab and
 * line breaks (PostgreSQL refuses NUL in text: it would be a 500), format characters (zero-width
 * space, joiners, word joiner, BOM, soft hyphen, tags, bidi marks, overrides and isolates, which
 * make a name show other than it reads), variation selectors, other default-ignorable code points
 * (Hangul fillers …), and halves of a surrogate pair with no other half.
 *
 * Kept: an emoji's own sequence, where the invisible parts are what draws it: ZWJ between two
 * pictographs (👨‍👩‍👧), VS15/VS16 and skin tones after one (❤️), tag characters of a subdivision
 * flag (🏴󠁧󠁢󠁥󠁮󠁧󠁿), a keycap (1️⃣). A ZWJ or selector anywhere else goes. A name is then still
 * refused if nothing visible is left (`nameText`).
 */
const PICTOGRAPH = String.raw`\p{Extended_Pictographic}(?:[\uFE0E\uFE0F]|\p{Emoji_Modifier}|[\u{E0020}-\u{E007E}]+\u{E007F})*`
const EMOJI = String.raw`${PICTOGRAPH}(?:\u200D${PICTOGRAPH})*|[#*0-9]\uFE0F?\u20E3`
const INVISIBLE = String.raw`(?![\t\n\r])[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]`
const STRIPPED = new RegExp(`(${EMOJI})|${INVISIBLE}`, 'gu')
const ANY_INVISIBLE = new RegExp(INVISIBLE, 'u')

export function plainText(text: string) {
  // Most texts hold none: one plain scan (a 2 MB bookmark file in milliseconds), then the real work.
  return ANY_INVISIBLE.test(text) ? text.replace(STRIPPED, (_, emoji: string | undefined) => emoji ?? '') : text
}

/**
 * A name or a text field as every write path stores it: plain text (above), trimmed, at most
 * `max` characters; with `required`, one that is empty (or was only invisible characters) is
 * refused with the field's own message, which a value of the wrong type gets too.
 */
export function nameText({ max, tooLong, required }: { max: number; tooLong: string; required?: string }) {
  const stored = z.string().trim().max(max, tooLong)
  return z.string(required ? { error: required } : undefined).transform(plainText).pipe(required ? stored.min(1, required) : stored)
}
