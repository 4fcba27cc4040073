import QRCode from 'qrcode'
import { fail, type Outcome, type ToolFields, type ToolResult } from './result.ts'

/**
 * 二维码生成: an SVG drawing (the `qrcode` package, the same renderer on the server and in the
 * browser). The text is encoded into path data only; none of it appears in the markup.
 */

const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const
export type QrLevel = (typeof QR_LEVELS)[number]
export const QR_TOO_LONG_MSG = '内容太长，无法生成二维码：请缩短内容，或选择较低的纠错级别'

export async function qrSvg(text: string, level: QrLevel = 'M'): Promise<Outcome<string>> {
  if (!text) return { ok: false, error: '请输入要生成二维码的内容' }
  try {
    return { ok: true, value: await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: level, margin: 2 }) }
  } catch (error) {
    // The package's only refusal of a string is "The amount of data is too big…".
    if (error instanceof Error && /too big/i.test(error.message)) return { ok: false, error: QR_TOO_LONG_MSG }
    throw error
  }
}

export async function run(fields: ToolFields): Promise<ToolResult> {
  const text = fields.input ?? ''
  const level = QR_LEVELS.find((l) => l === fields.level) ?? 'M'
  const result = await qrSvg(text, level)
  if (!result.ok) return fail('input', result.error)
  const bytes = new TextEncoder().encode(text).length
  return { ok: true, status: `已生成二维码（${bytes} 字节，纠错级别 ${level}）`, outputs: [], svg: result.value }
}
