import { expect, test } from 'vitest'
import { weatherText, weekOf, windDirection, windPower } from './codes.ts'

test('WMO codes read as Chinese weather words with an icon; unknown codes are 未知', () => {
  expect(weatherText(0)).toEqual({ text: '晴', icon: 'sunny' })
  expect(weatherText(2)).toEqual({ text: '多云', icon: 'cloudy' })
  expect(weatherText(3)).toEqual({ text: '阴', icon: 'overcast' })
  expect(weatherText(45)).toEqual({ text: '雾', icon: 'fog' })
  expect(weatherText(63)).toEqual({ text: '中雨', icon: 'rain' })
  expect(weatherText(75)).toEqual({ text: '大雪', icon: 'snow' })
  expect(weatherText(95)).toEqual({ text: '雷阵雨', icon: 'thunder' })
  expect(weatherText(42)).toEqual({ text: '未知', icon: 'cloudy' })
})

test('wind directions in eight sectors, wind speed as a Beaufort force', () => {
  expect([0, 22, 23, 90, 180, 225, 270, 315, 338, 360, -90].map(windDirection)).toEqual([
    '北风', '北风', '东北风', '东风', '南风', '西南风', '西风', '西北风', '北风', '北风', '西风',
  ])
  expect([0, 0.9, 1, 5.9, 6, 19.9, 20, 117.9, 118, 200].map(windPower)).toEqual([
    '0级', '0级', '1级', '1级', '2级', '3级', '4级', '11级', '12级', '12级',
  ])
})

test('the weekday of a calendar date, whatever the server zone', () => {
  expect(weekOf('2026-11-25')).toBe('星期三')
  expect(weekOf('2026-11-29')).toBe('星期日')
  expect(weekOf('2027-01-01')).toBe('星期五')
})
