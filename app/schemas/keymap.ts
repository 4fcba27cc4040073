import { z } from './zod.ts'

/**
 * Shortcut keys (spec §5 Keymap): at most one character, a letter, digit or symbol, pressed with
 * Ctrl (Command on a Mac); defaults k (search) and b (notes). Empty turns the shortcut off.
 */
export const KEYMAP_KEYS = ['searchKeymap', 'noteKeymap'] as const
export type KeymapKey = (typeof KEYMAP_KEYS)[number]
export type Keymap = Record<KeymapKey, string>
export const DEFAULT_KEYMAP: Keymap = { searchKeymap: 'k', noteKeymap: 'b' }
export const KEYMAP_LABELS: Record<KeymapKey, string> = { searchKeymap: '搜索', noteKeymap: '便签' }

export const KEYMAP_CHAR_MSG = '快捷键只能是一个字母、数字或符号'
export const KEYMAP_RESERVED_MSG = '这个组合键被浏览器或编辑占用，请换一个'
export const KEYMAP_SAME_MSG = '搜索和便签不能使用同一个快捷键'
export const KEYMAP_KEY_MSG = '快捷键类型不正确'

/**
 * Ctrl+N, T and W never reach a page (the browser keeps them); Ctrl+A, C, V, X and Z are select
 * all, copy, paste, cut and undo, which a shortcut would take away in every text field.
 */
export const RESERVED_KEYS = new Set(['a', 'c', 'n', 't', 'v', 'w', 'x', 'z'])

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

/** How a key is shown: Ctrl + K (⌘ + K on a Mac). */
export function shortcutLabel(key: string, mac = false) {
  return key ? `${mac ? '⌘' : 'Ctrl'} + ${key.toUpperCase()}` : '未设置'
}
