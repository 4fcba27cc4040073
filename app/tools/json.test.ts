import { expect, test } from 'vitest'
import { formatJson, lineColumn, minifyJson, run } from './json.ts'

test('formats with two spaces by default, four or a tab on request', () => {
  expect(formatJson('{"a":1,"b":[true,null,{"c":"x"}],"d":{},"e":[]}')).toEqual({
    ok: true,
    value: '{\n  "a": 1,\n  "b": [\n    true,\n    null,\n    {\n      "c": "x"\n    }\n  ],\n  "d": {},\n  "e": []\n}',
  })
  expect(formatJson('[1,2]', '    ')).toEqual({ ok: true, value: '[\n    1,\n    2\n]' })
  expect(formatJson('{"a":[1]}', '\t')).toEqual({ ok: true, value: '{\n\t"a": [\n\t\t1\n\t]\n}' })
})

test('minifies, keeping strings, big numbers, key order and duplicate keys as written', () => {
  const text = ' {\n  "id" : 12345678901234567890123,\n "名": "a \\" b\\u4e2d", "z":1, "z": -0.5e+10 }\n'
  expect(minifyJson(text)).toEqual({ ok: true, value: '{"id":12345678901234567890123,"名":"a \\" b\\u4e2d","z":1,"z":-0.5e+10}' })
  expect(minifyJson('"just a string"')).toEqual({ ok: true, value: '"just a string"' })
  expect(minifyJson('\uFEFF 0 ')).toEqual({ ok: true, value: '0' })
})

test('agrees with JSON.parse on what it accepts', () => {
  const samples = ['{"a":[1,2,{"b":null}]}', '[-0, 1e5, 2.5E-3, "\\t\\n\\/"]', 'true', '{"":""}']
  for (const sample of samples) {
    const out = formatJson(sample)
    expect(out.ok).toBe(true)
    if (out.ok) expect(JSON.parse(out.value)).toEqual(JSON.parse(sample))
  }
})

test('invalid JSON: a Chinese message with the line and column', () => {
  const cases: Array<[string, string]> = [
    ['{"a": 1,\n  "b" 2}', 'JSON 格式错误：第 2 行第 7 列，此处应为冒号 “:”，实际是 “2”'],
    ['{"a": 1,}', 'JSON 格式错误：第 1 行第 9 列，对象最后一项后面不能有逗号'],
    ['[1, 2,]', 'JSON 格式错误：第 1 行第 7 列，数组最后一项后面不能有逗号'],
    ["{'a': 1}", 'JSON 格式错误：第 1 行第 2 列，字符串和键名须用双引号 "，不能用单引号'],
    ['{"a": 1', 'JSON 格式错误：第 1 行第 8 列，内容不完整，缺少逗号 “,” 或 “}”'],
    ['[1 2]', 'JSON 格式错误：第 1 行第 4 列，此处应为逗号 “,” 或 “]”，实际是 “2”'],
    ['{"a": "x', 'JSON 格式错误：第 1 行第 7 列，字符串缺少结尾的双引号'],
    ['"a\nb"', 'JSON 格式错误：第 1 行第 3 列，字符串中不能直接换行或包含控制字符，请写作 \\n 等转义'],
    ['"\\x"', 'JSON 格式错误：第 1 行第 2 列，无效的转义符 “\\x”'],
    ['"\\u12"', 'JSON 格式错误：第 1 行第 2 列，\\u 后应为 4 位十六进制数字'],
    ['01', 'JSON 格式错误：第 1 行第 1 列，无效的数字'],
    ['[1.]', 'JSON 格式错误：第 1 行第 2 列，无效的数字'],
    ['{} {}', 'JSON 格式错误：第 1 行第 4 列，JSON 已经结束，后面不应再有内容'],
    ['[tru]', 'JSON 格式错误：第 1 行第 2 列，此处应为值（对象、数组、字符串、数字、true、false 或 null），实际是 “t”'],
  ]
  for (const [text, error] of cases) expect(formatJson(text), text).toEqual({ ok: false, error })
  expect(formatJson('  \n ')).toEqual({ ok: false, error: '请输入 JSON 文本' })
})

test('deep nesting is refused with a message, not a stack overflow', () => {
  const deep = '['.repeat(10_000) + ']'.repeat(10_000)
  const out = formatJson(deep)
  expect(out).toEqual({ ok: false, error: 'JSON 格式错误：第 1 行第 513 列，嵌套层数过多（最多 512 层）' })
  expect(formatJson('['.repeat(100) + ']'.repeat(100)).ok).toBe(true)
})

test('lineColumn counts from 1', () => {
  expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 })
  expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
})

test('the form adapter: mode, indent, and the error on the input field', () => {
  expect(run({ input: '{"a":1}', mode: 'format', indent: '4' })).toEqual({
    ok: true,
    status: '已格式化，共 3 行',
    outputs: [{ label: '格式化结果', value: '{\n    "a": 1\n}', kind: 'multiline' }],
  })
  expect(run({ input: '{ "a" : 1 }', mode: 'minify' })).toMatchObject({ ok: true, status: '已压缩，共 7 个字符', outputs: [{ value: '{"a":1}' }] })
  expect(run({ input: '{', mode: 'format' })).toEqual({ ok: false, field: 'input', error: 'JSON 格式错误：第 1 行第 2 列，内容不完整，缺少用双引号括起来的键名' })
})
