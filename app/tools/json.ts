import { fail, type Outcome, type ToolFields, type ToolResult } from './result.ts'

/**
 * JSON 格式化 / 压缩. A small reader of its own rather than JSON.parse: strings and numbers are
 * copied as written (a 20-digit id keeps every digit, key order and duplicate keys stay), and an
 * error names its line and column in Chinese the same way in every browser and on the server.
 */

const MAX_DEPTH = 512
const INDENTS: Record<string, string> = { '2': '  ', '4': '    ', tab: '\t' }
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const HEX4 = /[0-9a-fA-F]{4}/y
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])
const VALUE = '值（对象、数组、字符串、数字、true、false 或 null）'

class JsonSyntaxError extends Error {
  readonly at: number
  constructor(at: number, message: string) {
    super(message)
    this.at = at
  }
}

/** Line and column (from 1) of a position in the text. */
export function lineColumn(text: string, at: number) {
  const before = text.slice(0, at)
  const line = before.split('\n').length
  return { line, column: at - before.lastIndexOf('\n') }
}

function rewrite(text: string, indent: string): string {
  let i = 0
  const colon = indent ? ': ' : ':'
  const pad = (depth: number) => (indent ? '\n' + indent.repeat(depth) : '')
  const stop = (message: string, at = i): never => {
    throw new JsonSyntaxError(at, message)
  }
  const expected = (what: string): never => {
    if (i >= text.length) return stop(`内容不完整，缺少${what}`)
    if (text[i] === "'") return stop('字符串和键名须用双引号 "，不能用单引号')
    return stop(`此处应为${what}，实际是 “${text[i]}”`)
  }
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }

  function string(): string {
    const start = i++
    while (i < text.length) {
      const c = text[i]!
      if (c === '"') return text.slice(start, ++i)
      if (c < ' ') stop('字符串中不能直接换行或包含控制字符，请写作 \\n 等转义')
      if (c === '\\') {
        const next = text[i + 1]
        if (next === 'u') {
          HEX4.lastIndex = i + 2
          if (!HEX4.test(text)) stop('\\u 后应为 4 位十六进制数字')
          i += 6
          continue
        }
        if (next === undefined || !ESCAPES.has(next)) stop(`无效的转义符 “\\${next ?? ''}”`)
        i += 2
        continue
      }
      i++
    }
    return stop('字符串缺少结尾的双引号', start)
  }

  function value(depth: number): string {
    space()
    const c = text[i]
    if (c === '{' || c === '[') {
      if (depth >= MAX_DEPTH) stop(`嵌套层数过多（最多 ${MAX_DEPTH} 层）`)
      return c === '{' ? object(depth) : array(depth)
    }
    if (c === '"') return string()
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i
      const match = NUMBER.exec(text)
      if (!match || /[\d.eE+-]/.test(text[NUMBER.lastIndex] ?? '')) stop('无效的数字')
      i = NUMBER.lastIndex
      return match![0]
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length
        return word
      }
    }
    return expected(VALUE)
  }

  function object(depth: number): string {
    i++
    space()
    if (text[i] === '}') {
      i++
      return '{}'
    }
    const members: string[] = []
    for (;;) {
      space()
      if (text[i] === '}') stop('对象最后一项后面不能有逗号', i)
      if (text[i] !== '"') expected('用双引号括起来的键名')
      const key = string()
      space()
      if (text[i] !== ':') expected('冒号 “:”')
      i++
      members.push(key + colon + value(depth + 1))
      space()
      if (text[i] === ',') i++
      else if (text[i] === '}') break
      else expected('逗号 “,” 或 “}”')
    }
    i++
    return '{' + members.map((m) => pad(depth + 1) + m).join(',') + pad(depth) + '}'
  }

  function array(depth: number): string {
    i++
    space()
    if (text[i] === ']') {
      i++
      return '[]'
    }
    const items: string[] = []
    for (;;) {
      space()
      if (text[i] === ']') stop('数组最后一项后面不能有逗号', i)
      items.push(value(depth + 1))
      space()
      if (text[i] === ',') i++
      else if (text[i] === ']') break
      else expected('逗号 “,” 或 “]”')
    }
    i++
    return '[' + items.map((item) => pad(depth + 1) + item).join(',') + pad(depth) + ']'
  }

  const out = value(0)
  space()
  if (i < text.length) stop('JSON 已经结束，后面不应再有内容')
  return out
}

/** Re-indents JSON (`indent` '' minifies), or says in Chinese where and why it is invalid. */
export function formatJson(text: string, indent = '  '): Outcome<string> {
  const source = text.replace(/^\uFEFF/, '')
  if (!source.trim()) return { ok: false, error: '请输入 JSON 文本' }
  try {
    return { ok: true, value: rewrite(source, indent) }
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    const { line, column } = lineColumn(source, error.at)
    return { ok: false, error: `JSON 格式错误：第 ${line} 行第 ${column} 列，${error.message}` }
  }
}

export const minifyJson = (text: string) => formatJson(text, '')

export function run(fields: ToolFields): ToolResult {
  const minify = fields.mode === 'minify'
  const result = formatJson(fields.input ?? '', minify ? '' : (INDENTS[fields.indent ?? '2'] ?? '  '))
  if (!result.ok) return fail('input', result.error)
  const lines = result.value.split('\n').length
  return {
    ok: true,
    status: minify ? `已压缩，共 ${result.value.length} 个字符` : `已格式化，共 ${lines} 行`,
    outputs: [{ label: minify ? '压缩结果' : '格式化结果', value: result.value, kind: 'multiline' }],
  }
}
