import type { ToolFields, ToolResult } from './result.ts'

/**
 * 字数统计. Characters are what a reader sees as one (an emoji with its modifiers is one), line
 * breaks are not characters, and 字数 counts each 汉字 plus each English word and number, as word
 * processors do for Chinese text.
 */

export type WordCounts = {
  total: number
  han: number
  words: number
  numbers: number
  punctuation: number
  chars: number
  charsNoSpaces: number
  lines: number
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0
const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'grapheme' })

export function countWords(text: string): WordCounts {
  let chars = 0
  let charsNoSpaces = 0
  for (const { segment } of segmenter.segment(text)) {
    if (/^[\r\n]+$/.test(segment)) continue
    chars++
    if (!/^\s+$/u.test(segment)) charsNoSpaces++
  }
  const han = count(text, /\p{Script=Han}/gu)
  const words = count(text, /\p{Script=Latin}+(?:['’-]\p{Script=Latin}+)*/gu)
  const numbers = count(text, /\d+(?:[.,]\d+)*/g)
  return {
    total: han + words + numbers,
    han,
    words,
    numbers,
    punctuation: count(text, /\p{P}/gu),
    chars,
    charsNoSpaces,
    lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
  }
}

const LABELS: Array<[keyof WordCounts, string]> = [
  ['total', '字数（汉字 + 英文单词 + 数字）'],
  ['han', '汉字'],
  ['words', '英文单词'],
  ['numbers', '数字'],
  ['punctuation', '标点符号'],
  ['chars', '字符数（含空格）'],
  ['charsNoSpaces', '字符数（不含空格）'],
  ['lines', '行数'],
]

export function run(fields: ToolFields): ToolResult {
  const counts = countWords(fields.input ?? '')
  return {
    ok: true,
    status: `共 ${counts.total} 字，${counts.chars} 个字符`,
    outputs: LABELS.map(([key, label]) => ({ label, value: String(counts[key]), kind: 'stat' as const })),
  }
}
