import { expect, test } from 'vitest'
import {
  KEYMAP_CHAR_MSG,
  KEYMAP_KEY_MSG,
  KEYMAP_RESERVED_MSG,
  KEYMAP_SAME_MSG,
  KeymapFormSchema,
  KeymapValue,
  SaveKeymapSchema,
  shortcutLabel,
} from './keymap.ts'

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

test.each([
  ['k', 'k'],
  ['K', 'k'],
  [' j ', 'j'],
  ['7', '7'],
  ['/', '/'],
  [';', ';'],
  ['', ''],
  [undefined, ''],
])('%j is a key, stored as %j (empty: the shortcut is off)', (input, stored) => {
  expect(KeymapValue.parse(input)).toBe(stored)
})

test.each([['kk'], ['中'], ['é'], ['\x7f'], ['ab'], ['😀']])('%j is not one letter, digit or symbol', (input) => {
  expect(message(KeymapValue.safeParse(input))).toBe(KEYMAP_CHAR_MSG)
})

test.each([['c'], ['V'], ['x'], ['a'], ['z'], ['n'], ['t'], ['W']])('Ctrl+%s is the browser\'s or the text field\'s', (input) => {
  expect(message(KeymapValue.safeParse(input))).toBe(KEYMAP_RESERVED_MSG)
})

test('save-keymap names one of the two keys', () => {
  expect(SaveKeymapSchema.parse({ key: 'noteKeymap', value: 'M' })).toEqual({ key: 'noteKeymap', value: 'm' })
  expect(message(SaveKeymapSchema.safeParse({ key: 'themeKeymap', value: 'm' }))).toBe(KEYMAP_KEY_MSG)
  expect(message(SaveKeymapSchema.safeParse({ value: 'm' }))).toBe(KEYMAP_KEY_MSG)
})

test('the popover form refuses the same key for search and notes, on the notes field', () => {
  const same = KeymapFormSchema.safeParse({ searchKeymap: 'k', noteKeymap: 'K' })
  expect(same.success).toBe(false)
  expect(same.error?.issues[0]).toMatchObject({ message: KEYMAP_SAME_MSG, path: ['noteKeymap'] })
  // Two shortcuts turned off are not "the same key".
  expect(KeymapFormSchema.parse({ searchKeymap: '', noteKeymap: '' })).toEqual({ searchKeymap: '', noteKeymap: '' })
  expect(KeymapFormSchema.parse({ searchKeymap: 'J', noteKeymap: 'b' })).toEqual({ searchKeymap: 'j', noteKeymap: 'b' })
})

test('a key is shown with its modifier: Ctrl, or Command on a Mac', () => {
  expect(shortcutLabel('k')).toBe('Ctrl + K')
  expect(shortcutLabel('b', true)).toBe('⌘ + B')
  expect(shortcutLabel('')).toBe('未设置')
})
