import { expect, test } from 'vitest'
import { plainText } from './text.ts'

test('plainText drops NUL, C0 controls, DEL and bidi overrides; keeps tabs, line breaks and all text', () => {
  expect(plainText('a\u0000b\u0007c\u007fd')).toBe('abcd')
  expect(plainText('evil\u202Etxt.exe\u2066x\u2069')).toBe('eviltxt.exex')
  const kept = '一\t二\n三\r\n四 😀 ＡＢ'
  expect(plainText(kept)).toBe(kept)
})
