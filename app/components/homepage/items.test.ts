import { expect, test } from 'vitest'
import { mayBeCut } from './items.tsx'

test('a name may be cut past two lines of the narrowest tile: 20 half-width characters, a CJK one counting two', () => {
  expect(mayBeCut('国家税务总局全国增值税')).toBe(true)
  expect(mayBeCut('国家税务总局全国增值')).toBe(false)
  expect(mayBeCut('哔哩哔哩')).toBe(false)
  expect(mayBeCut('Gradle Distributions')).toBe(false)
  expect(mayBeCut('Gradle Distributions!')).toBe(true)
  expect(mayBeCut('')).toBe(false)
})
