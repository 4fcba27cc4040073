// The keys and their words without zod: the header and the search launcher read them on every
// page (ADR 015); keymap.ts builds its schemas on them.

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

/** How a key is shown: Ctrl + K (⌘ + K on a Mac). */
export function shortcutLabel(key: string, mac = false) {
  return key ? `${mac ? '⌘' : 'Ctrl'} + ${key.toUpperCase()}` : '未设置'
}
