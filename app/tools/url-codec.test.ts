import { expect, test } from 'vitest'
import { decodeUrl, encodeUrl, run } from './url-codec.ts'

test('encodes a component (separators too) or a full address (separators kept)', () => {
  expect(encodeUrl('起页 a&b=c/d?')).toEqual({ ok: true, value: '%E8%B5%B7%E9%A1%B5%20a%26b%3Dc%2Fd%3F' })
  expect(encodeUrl('https://example.com/搜索?q=起页&x=1 2', 'full')).toEqual({
    ok: true,
    value: 'https://example.com/%E6%90%9C%E7%B4%A2?q=%E8%B5%B7%E9%A1%B5&x=1%202',
  })
  expect(encodeUrl('\uD800')).toEqual({ ok: false, error: '文本中有无法编码的字符（不成对的代理项）' })
})

test('decodes a component, or a full address (its encoded separators stay)', () => {
  expect(decodeUrl('%E8%B5%B7%E9%A1%B5%20a%26b%3Dc')).toEqual({ ok: true, value: '起页 a&b=c' })
  expect(decodeUrl('a%2Fb%E4%B8%AD', 'full')).toEqual({ ok: true, value: 'a%2Fb中' })
  expect(decodeUrl('a+b')).toEqual({ ok: true, value: 'a+b' })
})

test('invalid escapes: where, in Chinese', () => {
  expect(decodeUrl('abc%zz')).toEqual({
    ok: false,
    error: '不是有效的 URL 编码：第 4 个字符 “%zz” 不是有效的百分号编码（% 后应为两位十六进制数字）',
  })
  expect(decodeUrl('100%')).toMatchObject({ ok: false, error: expect.stringContaining('第 4 个字符 “%”') })
  expect(decodeUrl('ok %E4%B8 end')).toEqual({ ok: false, error: '不是有效的 URL 编码：第 4 个字符起的 “%E4%B8” 不是完整的 UTF-8 编码' })
  expect(decodeUrl('%E4%B8', 'full')).toMatchObject({ ok: false })
})

test('the form adapter', () => {
  expect(run({ input: '中 文', mode: 'encode', scope: 'component' })).toEqual({
    ok: true,
    status: '已编码',
    outputs: [{ label: '编码结果', value: '%E4%B8%AD%20%E6%96%87', kind: 'multiline' }],
  })
  expect(run({ input: '%E4%B8%AD', mode: 'decode', scope: 'full' })).toMatchObject({ ok: true, outputs: [{ label: '解码结果', value: '中' }] })
  expect(run({ input: '', mode: 'decode' })).toEqual({ ok: false, field: 'input', error: '请输入要解码的文本' })
  expect(run({ input: '%', mode: 'decode' })).toMatchObject({ ok: false, field: 'input' })
})
