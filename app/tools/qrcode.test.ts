import { expect, test } from 'vitest'
import { QR_TOO_LONG_MSG, qrSvg, run } from './qrcode.ts'

/** The drawing's size in modules, margin (2 each side) included. */
const size = (svg: string) => /viewBox="0 0 (\d+) (\d+)"/.exec(svg)?.slice(1).map(Number)

test('an SVG whose size follows the amount of data and the error-correction level', async () => {
  const m = await qrSvg('https://example.com')
  expect(m.ok).toBe(true)
  if (!m.ok) return
  expect(m.value).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  // 19 bytes: version 2 (25 modules) at level M, version 3 (29) at level H.
  expect(size(m.value)).toEqual([29, 29])
  const h = await qrSvg('https://example.com', 'H')
  expect(h.ok && size(h.value)).toEqual([33, 33])
  // Deterministic, and different text gives a different drawing.
  expect(await qrSvg('https://example.com')).toEqual(m)
  const other = await qrSvg('https://example.org')
  expect(other.ok && other.value).not.toBe(m.value)
})

test('Chinese text is encoded as UTF-8 bytes; the text never appears in the markup', async () => {
  const result = await qrSvg('<script>alert(1)</script> 起页')
  expect(result.ok).toBe(true)
  if (result.ok) {
    expect(result.value).not.toContain('script')
    expect(result.value).not.toContain('起页')
  }
})

test('empty or too long: a Chinese message', async () => {
  expect(await qrSvg('')).toEqual({ ok: false, error: '请输入要生成二维码的内容' })
  // Level H holds at most 1273 bytes; L holds 2953.
  expect(await qrSvg('a'.repeat(1300), 'H')).toEqual({ ok: false, error: QR_TOO_LONG_MSG })
  expect((await qrSvg('a'.repeat(1300), 'L')).ok).toBe(true)
  expect(await qrSvg('汉'.repeat(1000), 'L')).toEqual({ ok: false, error: QR_TOO_LONG_MSG })
})

test('the form adapter: the drawing and a status with the byte count', async () => {
  const result = await run({ input: '起页', level: 'Q' })
  expect(result).toMatchObject({ ok: true, status: '已生成二维码（6 字节，纠错级别 Q）', outputs: [], svg: expect.stringContaining('<svg') })
  expect(await run({ input: 'x', level: 'bogus' })).toMatchObject({ ok: true, status: '已生成二维码（1 字节，纠错级别 M）' })
  expect(await run({ input: '' })).toEqual({ ok: false, field: 'input', error: '请输入要生成二维码的内容' })
})
