import { expect, test } from 'vitest'
import { rememberedOf, storedAfter } from './remember.ts'

const both = 'privacy remember-cid remember-tab'

test('a choice is kept only while its switch is on: 记住上次选中的模块 for tabs, 记住上次选中的分类 for categories', () => {
  expect(storedAfter(null, 'module-3', 'remember-tab')).toBe('module-3')
  expect(storedAfter(null, 'bag-45', 'remember-cid')).toBe('bag-45')
  expect(storedAfter(null, 'module-3', 'remember-cid')).toBeNull()
  expect(storedAfter(null, 'bag-45', 'remember-tab privacy')).toBeNull()
  expect(storedAfter('module-3', 'bag-45', '')).toBeNull()
})

test('the latest choice comes first, with at most one of each kind', () => {
  let stored = storedAfter(null, 'module-3', both)
  stored = storedAfter(stored, 'bag-45', both)
  expect(stored).toBe('bag-45 module-3')
  stored = storedAfter(stored, 'module--1', both)
  expect(stored).toBe('module--1 bag-45')
  stored = storedAfter(stored, 'bag-7', both)
  expect(stored).toBe('bag-7 module--1')
  expect(rememberedOf(stored, both)).toEqual(['bag-7', 'module--1'])
})

test('what is read back is what a switch still on remembers; anything else stored is ignored', () => {
  expect(rememberedOf('bag-7 module-3', 'remember-tab')).toEqual(['module-3'])
  expect(rememberedOf('bag-7 module-3', 'remember-cid')).toEqual(['bag-7'])
  expect(rememberedOf('bag-7 module-3', '')).toEqual([])
  expect(rememberedOf(null, both)).toEqual([])
  // Tampered or foreign values never reach a selector or getElementById.
  expect(rememberedOf('bag-7"] x module-a site-header bag- bag-1e3 module-3', both)).toEqual(['module-3'])
  expect(storedAfter('x"] bag-9', 'module-2', both)).toBe('module-2 bag-9')
  expect(storedAfter(null, 'top', both)).toBeNull()
})
