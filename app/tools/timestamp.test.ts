import { expect, test } from 'vitest'
import { convertTime, DATE_FORMAT_MSG, parseDate, run, zoneOffset } from './timestamp.ts'

test('a seconds timestamp in Beijing time by default', () => {
  expect(convertTime('1700000000')).toEqual({
    ok: true,
    value: {
      ms: 1700000000000,
      unit: 's',
      local: '2023-11-15 06:13:20',
      iso: '2023-11-15T06:13:20+08:00',
      utc: '2023-11-14T22:13:20.000Z',
      weekday: '星期三',
    },
  })
})

test('13 digits are read as milliseconds, unless the unit says otherwise', () => {
  expect(convertTime('1700000000123')).toMatchObject({ ok: true, value: { unit: 'ms', local: '2023-11-15 06:13:20', iso: '2023-11-15T06:13:20.123+08:00' } })
  expect(convertTime('1700000000', { unit: 'ms' })).toMatchObject({ ok: true, value: { unit: 'ms', utc: '1970-01-20T16:13:20.000Z' } })
  expect(convertTime('1700000000123', { unit: 's' })).toEqual({ ok: false, error: '时间超出范围（公元 1 年至 9999 年）' })
  expect(convertTime('1700000000.5')).toMatchObject({ ok: true, value: { ms: 1700000000500 } })
  expect(convertTime('-1')).toMatchObject({ ok: true, value: { local: '1970-01-01 07:59:59' } })
})

test('other time zones, with their offsets and summer time', () => {
  expect(convertTime('1700000000', { timeZone: 'UTC' })).toMatchObject({ ok: true, value: { local: '2023-11-14 22:13:20', iso: '2023-11-14T22:13:20+00:00' } })
  expect(convertTime('1700000000', { timeZone: 'America/New_York' })).toMatchObject({ ok: true, value: { iso: '2023-11-14T17:13:20-05:00' } })
  expect(convertTime('2024-07-01 12:00:00', { timeZone: 'America/New_York' })).toMatchObject({ ok: true, value: { ms: 1719849600000, iso: '2024-07-01T12:00:00-04:00' } })
  expect(zoneOffset(1700000000000, 'Asia/Kolkata')).toBe(5.5 * 3600_000)
  expect(convertTime('1', { timeZone: 'Mars/Base' })).toEqual({ ok: false, error: '时区不正确' })
})

test('dates in the usual spellings become timestamps', () => {
  for (const text of ['2024-01-02 03:04:05', '2024/1/2 3:04:05', '2024.01.02T03:04:05', '2024年1月2日 03:04:05']) {
    expect(parseDate(text, 'Asia/Shanghai'), text).toEqual({ ok: true, value: 1704135845000 })
  }
  expect(parseDate('2024-01-02', 'Asia/Shanghai')).toEqual({ ok: true, value: 1704124800000 })
  expect(parseDate('2024-01-02 03:04:05.5', 'Asia/Shanghai')).toEqual({ ok: true, value: 1704135845500 })
  // An offset in the text wins over the chosen zone.
  expect(parseDate('2024-01-02T03:04:05Z', 'Asia/Shanghai')).toEqual({ ok: true, value: 1704164645000 })
  expect(parseDate('2024-01-02T03:04:05+09:00', 'Asia/Shanghai')).toEqual({ ok: true, value: 1704132245000 })
  // Early years are not mistaken for 19xx.
  expect(convertTime('0099-01-01 00:00:00', { timeZone: 'UTC' })).toMatchObject({ ok: true, value: { local: '0099-01-01 00:00:00' } })
})

test('impossible dates and unreadable input: Chinese messages', () => {
  expect(parseDate('2023-02-29', 'UTC')).toEqual({ ok: false, error: '日期不存在：2023-02-29' })
  expect(parseDate('2024-13-01', 'UTC')).toEqual({ ok: false, error: '日期不存在：2024-13-01' })
  expect(parseDate('2024-01-02 24:00', 'UTC')).toEqual({ ok: false, error: '时间不正确：24:00:00' })
  expect(convertTime('next tuesday')).toEqual({ ok: false, error: DATE_FORMAT_MSG })
  expect(convertTime('  ')).toEqual({ ok: false, error: '请输入时间戳或日期时间' })
  expect(convertTime('99999999999999999')).toEqual({ ok: false, error: '时间超出范围（公元 1 年至 9999 年）' })
})

test('the form adapter, and 当前时间', () => {
  const result = run({ input: '2024-01-02 03:04:05', unit: 'auto', zone: 'Asia/Shanghai' })
  expect(result).toMatchObject({ ok: true, status: '已把日期时间转换为时间戳' })
  if (!result.ok) return
  expect(Object.fromEntries(result.outputs.map((o) => [o.label, o.value]))).toEqual({
    '日期时间（Asia/Shanghai）': '2024-01-02 03:04:05',
    星期: '星期二',
    'ISO 8601': '2024-01-02T03:04:05+08:00',
    UTC: '2024-01-01T19:04:05.000Z',
    秒级时间戳: '1704135845',
    毫秒级时间戳: '1704135845000',
  })
  expect(run({ input: '', intent: 'now', zone: 'UTC' }, 1700000000123)).toMatchObject({
    ok: true,
    status: '已填入当前时间',
    fill: { input: '1700000000' },
    outputs: [{ value: '2023-11-14 22:13:20' }, {}, {}, {}, { value: '1700000000' }, { value: '1700000000000' }],
  })
  expect(run({ input: 'old', intent: 'now', unit: 'ms' }, 1700000000123)).toMatchObject({ ok: true, fill: { input: '1700000000123' } })
  expect(run({ input: '1700000000', unit: 's' })).toMatchObject({ ok: true, status: '已按秒级时间戳转换' })
  expect(run({ input: 'x' })).toEqual({ ok: false, field: 'input', error: DATE_FORMAT_MSG })
})
