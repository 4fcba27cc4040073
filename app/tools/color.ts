import { fail, type Outcome, type ToolFields, type ToolResult } from './result.ts'

/** 颜色转换: HEX ↔ rgb(a) ↔ hsl(a), CSS spellings with commas or spaces and an optional alpha. */

/** Red, green and blue 0-255 (unrounded), alpha 0-1. */
export type Rgba = { r: number; g: number; b: number; a: number }

export const COLOR_FORMAT_MSG = '无法识别的颜色，请输入如 #1e90ff、rgb(30, 144, 255) 或 hsl(210, 100%, 56%) 的颜色'
const ALPHA_MSG = '透明度应在 0 到 1 之间（或 0% 到 100%）'
const NUMBER = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(%|deg)?$/i

type Part = { value: number; unit: string }
const part = (text: string): Part | null => {
  const match = NUMBER.exec(text)
  return match ? { value: Number(match[1]), unit: (match[2] ?? '').toLowerCase() } : null
}

function parseHex(hex: string): Rgba {
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex
  const byte = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16)
  return { r: byte(0), g: byte(1), b: byte(2), a: full.length === 8 ? byte(3) / 255 : 1 }
}

function parseAlpha(p: Part | undefined): number | null {
  if (!p) return 1
  const a = p.unit === '%' ? p.value / 100 : p.unit ? NaN : p.value
  return a >= 0 && a <= 1 ? a : null
}

function fromRgb(parts: Part[]): Outcome<Rgba> {
  const names = ['红色（R）', '绿色（G）', '蓝色（B）']
  const channels: number[] = []
  for (const [i, p] of parts.slice(0, 3).entries()) {
    const value = p.unit === '%' ? (p.value * 255) / 100 : p.unit ? NaN : p.value
    if (!(value >= 0 && value <= 255)) return { ok: false, error: `${names[i]}应在 0 到 255 之间（或 0% 到 100%）` }
    channels.push(value)
  }
  const a = parseAlpha(parts[3])
  if (a === null) return { ok: false, error: ALPHA_MSG }
  return { ok: true, value: { r: channels[0]!, g: channels[1]!, b: channels[2]!, a } }
}

function fromHsl([hue, sat, light, alpha]: Part[]): Outcome<Rgba> {
  if (hue!.unit === '%') return { ok: false, error: '色相应为角度，如 210 或 210deg' }
  for (const [p, name] of [[sat!, '饱和度'], [light!, '亮度']] as const) {
    if (p.unit === 'deg' || !(p.value >= 0 && p.value <= 100)) return { ok: false, error: `${name}应在 0% 到 100% 之间` }
  }
  const a = parseAlpha(alpha)
  if (a === null) return { ok: false, error: ALPHA_MSG }
  return { ok: true, value: { ...hslToRgb(hue!.value, sat!.value, light!.value), a } }
}

export function parseColor(input: string): Outcome<Rgba> {
  const text = input.trim().toLowerCase()
  if (!text) return { ok: false, error: '请输入颜色' }
  const hex = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)
  if (hex) return { ok: true, value: parseHex(hex[1]!) }
  // rgb(…), hsl(…) and their -a forms; three bare numbers are read as rgb.
  const call = /^(rgba?|hsla?)\((.*)\)$/.exec(text) ?? (/^[\d.%\s,/]+$/.test(text) ? [text, 'rgb', text] : null)
  if (!call) return { ok: false, error: COLOR_FORMAT_MSG }
  const args = call[2]!.trim()
  const [main = '', alpha, extra] = args.includes(',') ? [args] : args.split('/')
  const pieces = args.includes(',') ? args.split(',') : [...main.trim().split(/\s+/), ...(alpha === undefined ? [] : [alpha])]
  const parts = pieces.map((piece) => part(piece.trim()))
  if (extra !== undefined || parts.length < 3 || parts.length > 4 || parts.some((p) => p === null)) return { ok: false, error: COLOR_FORMAT_MSG }
  return call[1]!.startsWith('rgb') ? fromRgb(parts as Part[]) : fromHsl(parts as Part[])
}

/** h in degrees (any), s and l in 0-100 → r, g, b in 0-255. */
export function hslToRgb(h: number, s: number, l: number) {
  const sat = s / 100
  const light = l / 100
  const f = (n: number) => {
    const k = (n + (((h % 360) + 360) % 360) / 30) % 12
    return 255 * (light - sat * Math.min(light, 1 - light) * Math.max(-1, Math.min(k - 3, 9 - k, 1)))
  }
  return { r: f(0), g: f(8), b: f(4) }
}

/** r, g, b in 0-255 → h in [0, 360), s and l in 0-100. */
export function rgbToHsl(r: number, g: number, b: number) {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255]
  const max = Math.max(rn, gn, bn)
  const min = Math.min(rn, gn, bn)
  const l = (max + min) / 2
  const d = max - min
  if (d === 0) return { h: 0, s: 0, l: l * 100 }
  const s = d / (1 - Math.abs(2 * l - 1))
  const h = max === rn ? ((gn - bn) / d + 6) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4
  return { h: h * 60, s: s * 100, l: l * 100 }
}

const round = (n: number, digits = 1) => String(Number(n.toFixed(digits)))
const byte = (n: number) => Math.round(n).toString(16).padStart(2, '0')
const ints = (c: Rgba) => [c.r, c.g, c.b].map(Math.round) as [number, number, number]

export const toHex = (c: Rgba) => `#${ints(c).map(byte).join('')}${c.a < 1 ? byte(c.a * 255) : ''}`
export const toRgb = (c: Rgba) => (c.a < 1 ? `rgba(${ints(c).join(', ')}, ${round(c.a, 3)})` : `rgb(${ints(c).join(', ')})`)
export function toHsl(c: Rgba) {
  const { h, s, l } = rgbToHsl(...ints(c))
  const body = `${round(h)}, ${round(s)}%, ${round(l)}%`
  return c.a < 1 ? `hsla(${body}, ${round(c.a, 3)})` : `hsl(${body})`
}

export function run(fields: ToolFields): ToolResult {
  const color = parseColor(fields.input ?? '')
  if (!color.ok) return fail('input', color.error)
  const hex = toHex(color.value)
  return {
    ok: true,
    status: `已识别颜色 ${hex}`,
    swatch: hex,
    outputs: [
      { label: 'HEX', value: hex },
      { label: 'RGB', value: toRgb(color.value) },
      { label: 'HSL', value: toHsl(color.value) },
    ],
  }
}
