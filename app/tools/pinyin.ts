import { pinyin } from 'pinyin-pro'
import { fail, type ToolFields, type ToolResult } from './result.ts'

/**
 * 汉字转拼音 with pinyin-pro (its dictionary picks the reading of a word: 重庆 chóng, 银行 háng).
 * Letters, digits and punctuation stay as they are.
 */

export type PinyinStyle = 'tone' | 'number' | 'plain' | 'initials'

export function toPinyin(text: string, style: PinyinStyle = 'tone'): string {
  if (style === 'initials') return pinyin(text, { pattern: 'first', toneType: 'none', separator: '', nonZh: 'consecutive' })
  const toneType = style === 'tone' ? 'symbol' : style === 'number' ? 'num' : 'none'
  return pinyin(text, { toneType, nonZh: 'consecutive' })
}

const STYLES: Array<[PinyinStyle, string]> = [
  ['tone', '带声调'],
  ['number', '数字声调'],
  ['plain', '不带声调'],
  ['initials', '首字母'],
]

export function run(fields: ToolFields): ToolResult {
  const text = fields.input ?? ''
  if (!text.trim()) return fail('input', '请输入要转换的汉字')
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0
  return {
    ok: true,
    status: han ? `已转换 ${han} 个汉字` : '没有找到汉字，原样保留',
    outputs: STYLES.map(([style, label]) => ({ label, value: toPinyin(text, style), kind: 'multiline' as const })),
  }
}
