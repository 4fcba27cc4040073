import { expect, test } from 'vitest'
import { DIALOG_VIEWS } from '#app/components/manage/dialog-views.tsx'
import { DIALOG_NAMES, INTENT_NAMES } from './registry.server.ts'

test('every dialog the page draws has a loader, and every loader a view', () => {
  expect([...DIALOG_NAMES].sort()).toEqual(Object.keys(DIALOG_VIEWS).sort())
})

test('intent names are kebab-case and unique', () => {
  expect(new Set(INTENT_NAMES).size).toBe(INTENT_NAMES.length)
  for (const name of INTENT_NAMES) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/)
})
