import { expect, test } from 'vitest'
import { isMacPlatform, matchesShortcut } from './use-shortcut.ts'

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; alt?: boolean } = {}) => ({
  key,
  ctrlKey: Boolean(mods.ctrl),
  metaKey: Boolean(mods.meta),
  altKey: Boolean(mods.alt),
})

test('Ctrl + the key elsewhere, Command + the key on a Mac', () => {
  expect(matchesShortcut(press('k', { ctrl: true }), 'k', false)).toBe(true)
  expect(matchesShortcut(press('K', { ctrl: true }), 'k', false)).toBe(true)
  expect(matchesShortcut(press('k', { meta: true }), 'k', false)).toBe(false)
  expect(matchesShortcut(press('k', { meta: true }), 'k', true)).toBe(true)
  expect(matchesShortcut(press('k', { ctrl: true }), 'k', true)).toBe(false)
})

test('not without the modifier, not with Alt or both modifiers, not another key, not when turned off', () => {
  expect(matchesShortcut(press('k'), 'k', false)).toBe(false)
  expect(matchesShortcut(press('k', { ctrl: true, alt: true }), 'k', false)).toBe(false)
  expect(matchesShortcut(press('k', { ctrl: true, meta: true }), 'k', false)).toBe(false)
  expect(matchesShortcut(press('j', { ctrl: true }), 'k', false)).toBe(false)
  expect(matchesShortcut(press('k', { ctrl: true }), '', false)).toBe(false)
  expect(matchesShortcut(press('/', { ctrl: true }), '/', false)).toBe(true)
})

test.each([
  ['MacIntel', true],
  ['iPad', true],
  ['Win32', false],
  ['Linux x86_64', false],
])('%s is a Mac: %s', (platform, mac) => {
  expect(isMacPlatform(platform)).toBe(mac)
})
