import { expect, test } from 'vitest'
import { mayBeCut } from './category-look.ts'

test('a name may be cut past two lines of a narrow column: 16 half-width characters, a CJK one counting two', () => {
  expect(mayBeCut('国家税务总局全国增值')).toBe(true)
  expect(mayBeCut('国家税务总局全国')).toBe(false)
  expect(mayBeCut('哔哩哔哩')).toBe(false)
  expect(mayBeCut('Gradle Distribution')).toBe(true)
  expect(mayBeCut('Gradle Distribut')).toBe(false)
  expect(mayBeCut('')).toBe(false)
})
