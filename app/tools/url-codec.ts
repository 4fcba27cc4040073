import { fail, type Outcome, type ToolFields, type ToolResult } from './result.ts'

/**
 * URL 编解码: `component` treats the text as one part of a URL (a query value: & = / ? are
 * encoded); `full` as a whole address (its separators stay).
 */
export type UrlScope = 'component' | 'full'

export function encodeUrl(text: string, scope: UrlScope = 'component'): Outcome<string> {
  try {
    return { ok: true, value: scope === 'full' ? encodeURI(text) : encodeURIComponent(text) }
  } catch {
    return { ok: false, error: '文本中有无法编码的字符（不成对的代理项）' }
  }
}

/** Where a decode fails: a % without two hex digits, or escapes that are not UTF-8. */
function badEscape(text: string): string {
  const lone = /%(?![0-9a-fA-F]{2})/.exec(text)
  if (lone) return `第 ${lone.index + 1} 个字符 “${text.slice(lone.index, lone.index + 3)}” 不是有效的百分号编码（% 后应为两位十六进制数字）`
  for (const run of text.matchAll(/(?:%[0-9a-fA-F]{2})+/g)) {
    try {
      decodeURIComponent(run[0])
    } catch {
      return `第 ${run.index + 1} 个字符起的 “${run[0]}” 不是完整的 UTF-8 编码`
    }
  }
  return '无法解码'
}

export function decodeUrl(text: string, scope: UrlScope = 'component'): Outcome<string> {
  try {
    return { ok: true, value: scope === 'full' ? decodeURI(text) : decodeURIComponent(text) }
  } catch {
    return { ok: false, error: `不是有效的 URL 编码：${badEscape(text)}` }
  }
}

export function run(fields: ToolFields): ToolResult {
  const input = fields.input ?? ''
  if (!input) return fail('input', fields.mode === 'decode' ? '请输入要解码的文本' : '请输入要编码的文本')
  const scope: UrlScope = fields.scope === 'full' ? 'full' : 'component'
  const decode = fields.mode === 'decode'
  const result = decode ? decodeUrl(input, scope) : encodeUrl(input, scope)
  if (!result.ok) return fail('input', result.error)
  return {
    ok: true,
    status: decode ? '已解码' : '已编码',
    outputs: [{ label: decode ? '解码结果' : '编码结果', value: result.value, kind: 'multiline' }],
  }
}
