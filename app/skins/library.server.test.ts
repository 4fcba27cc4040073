import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { drawSkin } from './draw.ts'
import { SKIN_CATEGORIES, SKIN_LIBRARY } from './library.ts'
import { SKIN_PICTURES, skinFileNames } from './library.server.ts'

const dir = join(import.meta.dirname, '..', '..', 'public', 'assets')

test('every picture of the library is drawn and committed, and nothing stale is left (run node scripts/skin-library.ts)', () => {
  const files = readdirSync(dir).filter((name) => name.startsWith('skin-'))
  const wanted = SKIN_LIBRARY.flatMap((recipe) => Object.values(skinFileNames(recipe)))
  expect(files.sort()).toEqual(wanted.sort())
})

test('at least 40 pictures in several categories, unique ids, each category with pictures', () => {
  expect(SKIN_PICTURES.length).toBeGreaterThanOrEqual(40)
  expect(new Set(SKIN_PICTURES.map((p) => p.skin_id)).size).toBe(SKIN_PICTURES.length)
  for (const c of SKIN_CATEGORIES) expect(SKIN_PICTURES.filter((p) => p.cate_id === c.cate_id).length).toBeGreaterThan(0)
})

test('drawing is deterministic: the same recipe gives the same pixels', async () => {
  const recipe = SKIN_LIBRARY[20]!
  expect(drawSkin(recipe)).toBe(drawSkin(recipe))
  const render = () => sharp(Buffer.from(drawSkin(recipe))).resize(288, 192).raw().toBuffer()
  expect((await render()).equals(await render())).toBe(true)
})
