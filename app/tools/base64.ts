import { fail, type Outcome, type ToolFields, type ToolResult } from './result.ts'

/** Base64 编解码 of text as UTF-8 (so 中文 and emoji survive), standard or URL-safe (RFC 4648 §5). */

const CHUNK = 0x8000

/** Text → Base64 of its UTF-8 bytes; URL-safe uses - and _ and drops the = padding. */
export function encodeBase64(text: string, urlSafe = false): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  // In slices: String.fromCharCode(...bytes) of a large text would overflow the argument list.
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  const base64 = btoa(binary)
  return urlSafe ? base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : base64
}

/** Base64 (standard or URL-safe, padding optional, whitespace ignored) → UTF-8 text. */
export function decodeBase64(input: string): Outcome<string> {
  const compact = input.replace(/\s+/g, '')
  if (!compact) return { ok: false, error: '请输入要解码的 Base64 文本' }
  const bad = /[^A-Za-z0-9+/\-_=]/.exec(compact)
  if (bad) return { ok: false, error: `不是有效的 Base64：第 ${bad.index + 1} 个字符 “${bad[0]}” 不属于 Base64 字符` }
  const body = compact.replace(/=+$/, '')
  if (body.includes('=')) return { ok: false, error: '不是有效的 Base64：“=” 只能出现在末尾' }
  if (body.length % 4 === 1 || compact.length - body.length > 2) return { ok: false, error: '不是有效的 Base64：长度不正确，可能缺少或多出字符' }
  const standard = body.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4))
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    return { ok: false, error: '解码结果不是 UTF-8 文本（可能是图片等二进制数据）' }
  }
}

export function run(fields: ToolFields): ToolResult {
  const input = fields.input ?? ''
  if (fields.mode === 'decode') {
    const result = decodeBase64(input)
    if (!result.ok) return fail('input', result.error)
    return { ok: true, status: '已解码', outputs: [{ label: '解码结果', value: result.value, kind: 'multiline' }] }
  }
  if (!input) return fail('input', '请输入要编码的文本')
  const urlSafe = fields.variant === 'url'
  return {
    ok: true,
    status: urlSafe ? '已编码（URL 安全）' : '已编码',
    outputs: [{ label: '编码结果', value: encodeBase64(input, urlSafe), kind: 'multiline' }],
  }
}
