import { expect, test } from 'vitest'
import { countWords, run } from './word-count.ts'

test('counts Chinese characters, English words, numbers, punctuation, characters and lines', () => {
  expect(countWords('起页是一个书签工具。\nIt\'s a start-page, version 2.5 (2026)!')).toEqual({
    total: 9 + 4 + 2,
    han: 9,
    words: 4,
    numbers: 2,
    punctuation: 8,
    chars: 10 + 38,
    charsNoSpaces: 10 + 33,
    lines: 2,
  })
})

test('an emoji with modifiers is one character; line breaks are not characters', () => {
  expect(countWords('👨‍👩‍👧 好\r\n\r\nok')).toMatchObject({ chars: 5, charsNoSpaces: 4, han: 1, words: 1, lines: 3 })
  expect(countWords('')).toEqual({ total: 0, han: 0, words: 0, numbers: 0, punctuation: 0, chars: 0, charsNoSpaces: 0, lines: 0 })
  expect(countWords('a\n')).toMatchObject({ lines: 2, chars: 1 })
})

test('the form adapter: figures without copy buttons', () => {
  const result = run({ input: '你好 world' })
  expect(result).toMatchObject({ ok: true, status: '共 3 字，8 个字符' })
  if (result.ok) {
    expect(result.outputs[0]).toEqual({ label: '字数（汉字 + 英文单词 + 数字）', value: '3', kind: 'stat' })
    expect(result.outputs.every((o) => o.kind === 'stat')).toBe(true)
  }
})
