import { expect, test } from 'vitest'
import { COLOR_FORMAT_MSG, hslToRgb, parseColor, rgbToHsl, run, toHex, toHsl, toRgb } from './color.ts'

const convert = (text: string) => {
  const parsed = parseColor(text)
  if (!parsed.ok) throw new Error(parsed.error)
  return { hex: toHex(parsed.value), rgb: toRgb(parsed.value), hsl: toHsl(parsed.value) }
}

test('hex, rgb and hsl of dodger blue, from each spelling', () => {
  const dodger = { hex: '#1e90ff', rgb: 'rgb(30, 144, 255)', hsl: 'hsl(209.6, 100%, 55.9%)' }
  for (const text of ['#1e90ff', '1E90FF', ' #1E90FF ', 'rgb(30, 144, 255)', 'rgb(30 144 255)', 'RGB(30,144,255)', '30, 144, 255']) {
    expect(convert(text), text).toEqual(dodger)
  }
  expect(convert('hsl(209.6, 100%, 55.9%)')).toEqual(dodger)
})

test('short hex, percentages, alpha', () => {
  expect(convert('#f00')).toEqual({ hex: '#ff0000', rgb: 'rgb(255, 0, 0)', hsl: 'hsl(0, 100%, 50%)' })
  expect(convert('#0f08')).toEqual({ hex: '#00ff0088', rgb: 'rgba(0, 255, 0, 0.533)', hsl: 'hsla(120, 100%, 50%, 0.533)' })
  expect(convert('rgba(0, 0, 255, 0.5)')).toEqual({ hex: '#0000ff80', rgb: 'rgba(0, 0, 255, 0.5)', hsl: 'hsla(240, 100%, 50%, 0.5)' })
  expect(convert('rgb(100% 50% 0% / 25%)')).toEqual({ hex: '#ff800040', rgb: 'rgba(255, 128, 0, 0.25)', hsl: 'hsla(30.1, 100%, 50%, 0.25)' })
  expect(convert('hsl(120deg 100% 25%)')).toEqual({ hex: '#008000', rgb: 'rgb(0, 128, 0)', hsl: 'hsl(120, 100%, 25.1%)' })
  expect(convert('hsla(-120, 100%, 50%, 1)').hex).toBe('#0000ff')
  expect(convert('hsl(0, 0%, 100%)')).toEqual({ hex: '#ffffff', rgb: 'rgb(255, 255, 255)', hsl: 'hsl(0, 0%, 100%)' })
})

test('the conversions round-trip', () => {
  expect(rgbToHsl(255, 255, 0)).toEqual({ h: 60, s: 100, l: 50 })
  const { r, g, b } = hslToRgb(300, 76, 72)
  expect([r, g, b].map(Math.round)).toEqual([238, 129, 238])
})

test('invalid colours: a Chinese message that says what is wrong', () => {
  expect(parseColor('')).toEqual({ ok: false, error: '请输入颜色' })
  expect(parseColor('#12345')).toEqual({ ok: false, error: COLOR_FORMAT_MSG })
  expect(parseColor('blue-ish')).toEqual({ ok: false, error: COLOR_FORMAT_MSG })
  expect(parseColor('rgb(1, 2)')).toEqual({ ok: false, error: COLOR_FORMAT_MSG })
  expect(parseColor('rgb(1 2 3 / 4 / 5)')).toEqual({ ok: false, error: COLOR_FORMAT_MSG })
  expect(parseColor('rgb(300, 0, 0)')).toEqual({ ok: false, error: '红色（R）应在 0 到 255 之间（或 0% 到 100%）' })
  expect(parseColor('rgb(0, -1, 0)')).toEqual({ ok: false, error: '绿色（G）应在 0 到 255 之间（或 0% 到 100%）' })
  expect(parseColor('rgba(0, 0, 0, 2)')).toEqual({ ok: false, error: '透明度应在 0 到 1 之间（或 0% 到 100%）' })
  expect(parseColor('hsl(10, 120%, 50%)')).toEqual({ ok: false, error: '饱和度应在 0% 到 100% 之间' })
  expect(parseColor('hsl(10, 50%, 101%)')).toEqual({ ok: false, error: '亮度应在 0% 到 100% 之间' })
  expect(parseColor('hsl(10%, 50%, 50%)')).toEqual({ ok: false, error: '色相应为角度，如 210 或 210deg' })
})

test('the form adapter: three outputs and a swatch', () => {
  expect(run({ input: 'rgb(30, 144, 255)' })).toEqual({
    ok: true,
    status: '已识别颜色 #1e90ff',
    swatch: '#1e90ff',
    outputs: [
      { label: 'HEX', value: '#1e90ff' },
      { label: 'RGB', value: 'rgb(30, 144, 255)' },
      { label: 'HSL', value: 'hsl(209.6, 100%, 55.9%)' },
    ],
  })
  expect(run({ input: 'nope' })).toEqual({ ok: false, field: 'input', error: COLOR_FORMAT_MSG })
})
