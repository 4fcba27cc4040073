import { expect, test } from 'vitest'
import { decodeBase64, encodeBase64, run } from './base64.ts'

test('encodes text as UTF-8 Base64, standard and URL-safe', () => {
  expect(encodeBase64('hello')).toBe('aGVsbG8=')
  expect(encodeBase64('中文')).toBe('5Lit5paH')
  expect(encodeBase64('起页 😀')).toBe('6LW36aG1IPCfmIA=')
  // + and / in the standard alphabet, - and _ in the URL-safe one.
  expect(encodeBase64('~~~')).toBe('fn5+')
  expect(encodeBase64('~~~', true)).toBe('fn5-')
  expect(encodeBase64('\u0bbf\u00ff')).toBe('4K6/w78=')
  expect(encodeBase64('\u0bbf\u00ff', true)).toBe('4K6_w78')
  expect(encodeBase64('')).toBe('')
})

test('encodes a large text (more than one slice of bytes)', () => {
  const text = '汉'.repeat(50_000)
  expect(decodeBase64(encodeBase64(text))).toEqual({ ok: true, value: text })
})

test('decodes both alphabets, with or without padding, ignoring whitespace', () => {
  expect(decodeBase64('5Lit5paH')).toEqual({ ok: true, value: '中文' })
  expect(decodeBase64('aGVs\nbG8=')).toEqual({ ok: true, value: 'hello' })
  expect(decodeBase64('aGVsbG8')).toEqual({ ok: true, value: 'hello' })
  expect(decodeBase64('4K6_w78')).toEqual({ ok: true, value: '\u0bbf\u00ff' })
  expect(decodeBase64('4K6/w78=')).toEqual({ ok: true, value: '\u0bbf\u00ff' })
})

test('invalid Base64: a Chinese message', () => {
  expect(decodeBase64('aGV*bG8=')).toEqual({ ok: false, error: '不是有效的 Base64：第 4 个字符 “*” 不属于 Base64 字符' })
  expect(decodeBase64('aG=Vs')).toEqual({ ok: false, error: '不是有效的 Base64：“=” 只能出现在末尾' })
  expect(decodeBase64('aGVsb')).toEqual({ ok: false, error: '不是有效的 Base64：长度不正确，可能缺少或多出字符' })
  expect(decodeBase64('aGVsbG8===')).toEqual({ ok: false, error: '不是有效的 Base64：长度不正确，可能缺少或多出字符' })
  expect(decodeBase64('/w==')).toEqual({ ok: false, error: '解码结果不是 UTF-8 文本（可能是图片等二进制数据）' })
  expect(decodeBase64('  ')).toEqual({ ok: false, error: '请输入要解码的 Base64 文本' })
})

test('the form adapter', () => {
  expect(run({ input: '中文', mode: 'encode', variant: 'standard' })).toEqual({
    ok: true,
    status: '已编码',
    outputs: [{ label: '编码结果', value: '5Lit5paH', kind: 'multiline' }],
  })
  expect(run({ input: '5Lit5paH', mode: 'decode' })).toMatchObject({ ok: true, outputs: [{ label: '解码结果', value: '中文' }] })
  expect(run({ input: '', mode: 'encode' })).toEqual({ ok: false, field: 'input', error: '请输入要编码的文本' })
  expect(run({ input: '%%', mode: 'decode' })).toMatchObject({ ok: false, field: 'input' })
})
