import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test } from 'vitest'
import { initialValues, TOOL_FORMS } from './forms.ts'
import { TOOL_CATEGORIES, TOOLS, toolCategories, toolList } from './registry.ts'
import { runTool } from './run.ts'

const require = createRequire(import.meta.url)

test('the eight tools of issue 13, each with a unique id and alias, a known category, a form and an existing icon', async () => {
  expect(TOOLS.map((t) => t.alias).sort()).toEqual(['base64', 'color', 'json', 'pinyin', 'qrcode', 'timestamp', 'url', 'word-count'])
  expect(new Set(TOOLS.map((t) => t.id)).size).toBe(TOOLS.length)
  for (const tool of TOOLS) {
    expect(TOOL_CATEGORIES.some((c) => c.id === tool.category), tool.alias).toBe(true)
    expect(TOOL_FORMS[tool.alias], tool.alias).toBeDefined()
    const name = tool.icon.replace(/^tabler:/, '')
    expect(existsSync(require.resolve(`@tabler/icons/outline/${name}.svg`)), tool.icon).toBe(true)
    // Every tool answers its own empty form without throwing.
    expect(await runTool(tool.alias, initialValues(TOOL_FORMS[tool.alias]!))).toMatchObject({ result: { ok: expect.any(Boolean) } })
  }
})

test('categories in order with widths; every tool in exactly one', () => {
  const categories = toolCategories()
  expect(categories.map((c) => [c.name, c.width])).toEqual([
    ['开发调试', 280],
    ['编码转换', 240],
    ['文本处理', 240],
    ['图片与颜色', 280],
  ])
  expect(categories.flatMap((c) => c.tools).length).toBe(TOOLS.length)
  expect(toolList()[0]!.items[0]).toEqual({
    id: 1,
    alias: 'json',
    title: 'JSON 格式化',
    summary: '格式化、压缩和校验 JSON，指出错误所在的行和列',
    url: '/tool/json',
    icon: 'tabler:braces',
    iconSrc: '/resources/icons/tabler/braces.svg',
  })
})

test('runTool: declared fields only, choices checked, defaults filled in, unknown aliases refused', async () => {
  expect(await runTool('json', { input: '[1]', mode: 'minify', extra: 'ignored' })).toEqual({
    values: { input: '[1]', mode: 'minify', indent: '2' },
    result: { ok: true, status: '已压缩，共 3 个字符', outputs: [{ label: '压缩结果', value: '[1]', kind: 'multiline' }] },
  })
  expect(await runTool('json', { input: '[1]', mode: 'explode' })).toEqual({
    values: { input: '[1]', mode: 'format', indent: '2' },
    result: { ok: false, field: 'mode', error: '请选择操作' },
  })
  expect(await runTool('color', { input: 'x'.repeat(101) })).toMatchObject({ result: { ok: false, field: 'input', error: '颜色不能超过 100 个字符' } })
  expect(await runTool('nope', {})).toBeNull()
  expect(await runTool('toString', {})).toBeNull()
})

test('runTool: the form’s own extra intent only; 当前时间 fills the input', async () => {
  const now = await runTool('timestamp', { input: '', intent: 'now', zone: 'UTC' })
  expect(now?.result).toMatchObject({ ok: true, status: '已填入当前时间' })
  expect(now?.values.input).toMatch(/^\d{10}$/)
  expect((await runTool('json', { input: '{}', intent: 'now' }))?.result).toMatchObject({ ok: true, status: '已格式化，共 1 行' })
})
