import { expect, test } from 'vitest'
import { run, toPinyin } from './pinyin.ts'

test('with tone marks, tone numbers, without tones, and initials', () => {
  expect(toPinyin('百度一下')).toBe('bǎi dù yí xià')
  expect(toPinyin('百度一下', 'number')).toBe('bai3 du4 yi2 xia4')
  expect(toPinyin('百度一下', 'plain')).toBe('bai du yi xia')
  expect(toPinyin('百度', 'initials')).toBe('bd')
})

test('words pick their reading; other characters stay', () => {
  expect(toPinyin('重庆银行', 'plain')).toBe('chong qing yin hang')
  expect(toPinyin('绿色', 'plain')).toBe('lü se')
  expect(toPinyin('起页 ABC 123', 'initials')).toBe('qy ABC 123')
})

test('the form adapter: four spellings at once', () => {
  expect(run({ input: '起页' })).toEqual({
    ok: true,
    status: '已转换 2 个汉字',
    outputs: [
      { label: '带声调', value: 'qǐ yè', kind: 'multiline' },
      { label: '数字声调', value: 'qi3 ye4', kind: 'multiline' },
      { label: '不带声调', value: 'qi ye', kind: 'multiline' },
      { label: '首字母', value: 'qy', kind: 'multiline' },
    ],
  })
  expect(run({ input: 'abc' })).toMatchObject({ ok: true, status: '没有找到汉字，原样保留' })
  expect(run({ input: ' ' })).toEqual({ ok: false, field: 'input', error: '请输入要转换的汉字' })
})
