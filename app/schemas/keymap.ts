import { KEYMAP_CHAR_MSG, KEYMAP_KEY_MSG, KEYMAP_KEYS, KEYMAP_RESERVED_MSG, KEYMAP_SAME_MSG, RESERVED_KEYS } from './keymap-keys.ts'
import { z } from './zod.ts'

export * from './keymap-keys.ts'

/** The stored form of a key: one printable ASCII character, letters lower-case; '' for off. */
export const KeymapValue = z
  .string({ error: KEYMAP_CHAR_MSG })
  .optional()
  .transform((value) => (value ?? '').trim().toLowerCase())
  .refine((value) => value === '' || /^[\x21-\x7e]$/.test(value), KEYMAP_CHAR_MSG)
  .refine((value) => !RESERVED_KEYS.has(value), KEYMAP_RESERVED_MSG)

/** POST /api/site/save-keymap {key, value}: one of the two keys. */
export const SaveKeymapSchema = z.object({
  key: z.enum(KEYMAP_KEYS, { error: KEYMAP_KEY_MSG }),
  value: KeymapValue,
})

/** The keymap popover's form: both keys at once, and not the same one twice. */
export const KeymapFormSchema = z
  .object({ searchKeymap: KeymapValue, noteKeymap: KeymapValue })
  .refine((keymap) => !keymap.searchKeymap || keymap.searchKeymap !== keymap.noteKeymap, { message: KEYMAP_SAME_MSG, path: ['noteKeymap'] })
