import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { diskStorage, isStoredName, variantName } from './storage.server.ts'

const hash = 'ffeeddccbbaa99887766554433221100'
let parent: string
let dir: string
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'qiye-storage-'))
  dir = join(parent, 'uploads')
})
afterEach(() => rm(parent, { recursive: true, force: true }))

test('stores and returns bytes under a server-made name; the directory is created on first write', async () => {
  const storage = diskStorage(dir)
  expect(await storage.get(`${hash}.png`)).toBeNull()
  await storage.put(`${hash}.png`, Buffer.from('one'))
  await storage.put(`${hash}.png`, Buffer.from('two'))
  expect((await storage.get(`${hash}.png`))?.toString()).toBe('two')
  await storage.put(variantName(`${hash}.jpg`, 96), Buffer.from('small'))
  // Only the finished files: no temp file is left behind.
  expect((await readdir(dir)).sort()).toEqual([`${hash}-w96.jpg`, `${hash}.png`])
})

test('names other than <hash>.<ext> and <hash>-w<allowed N>.<ext> are refused for writing and never read', async () => {
  await writeFile(join(parent, 'x.png'), 'secret')
  await writeFile(join(parent, `${hash}.png`), 'secret')
  const storage = diskStorage(dir)
  await storage.put(`${hash}.gif`, Buffer.from('ok'))
  for (const name of [
    '../x.png',
    `../${hash}.png`,
    'x.png',
    `${hash.toUpperCase()}.png`,
    `${hash}.svg`,
    `${hash}.html`,
    `${hash}.png.php`,
    `${hash}-w41.png`,
    `${hash}-w040.png`,
    `${hash}/`,
    `${hash}.png/../${hash}.png`,
    join(parent, `${hash}.png`),
    '.tmp-1.png',
    '',
    'con.png',
  ]) {
    expect(isStoredName(name), name).toBe(false)
    await expect(storage.put(name, Buffer.from('evil')), name).rejects.toThrow(/Refused upload name/)
    expect(await storage.get(name), name).toBeNull()
  }
  expect(await readdir(dir)).toEqual([`${hash}.gif`])
})

test('remove deletes an original with every resized copy and leaves other files; a missing file is no error', async () => {
  const storage = diskStorage(dir)
  const other = '00112233445566778899aabbccddeeff'
  await storage.put(`${hash}.png`, Buffer.from('original'))
  await storage.put(variantName(`${hash}.png`, 40), Buffer.from('40'))
  await storage.put(variantName(`${hash}.png`, 192), Buffer.from('192'))
  await storage.put(`${other}.png`, Buffer.from('keep'))
  await storage.put(variantName(`${other}.png`, 40), Buffer.from('keep 40'))
  await storage.remove(`${hash}.png`)
  expect((await readdir(dir)).sort()).toEqual([`${other}-w40.png`, `${other}.png`])
  await storage.remove(`${hash}.png`)
  await expect(storage.remove(`../${other}.png`)).rejects.toThrow(/Refused upload name/)
  await expect(storage.remove(variantName(`${other}.png`, 40))).rejects.toThrow(/Refused upload name/)
  expect((await readdir(dir)).sort()).toEqual([`${other}-w40.png`, `${other}.png`])
})

test('list names every stored original once, with its size; a lone resized copy is listed by its original; other files are not', async () => {
  const storage = diskStorage(dir)
  expect(await storage.list()).toEqual([])
  const lone = '00112233445566778899aabbccddeeff'
  await storage.put(`${hash}.png`, Buffer.from('12345'))
  await storage.put(variantName(`${hash}.png`, 96), Buffer.from('small'))
  await storage.put(variantName(`${lone}.jpg`, 40), Buffer.from('copy'))
  await writeFile(join(dir, 'notes.txt'), 'not ours')
  await writeFile(join(dir, '.tmp-123'), 'half')
  const listed = await storage.list()
  expect(listed.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: `${lone}.jpg`, bytes: 0 },
    { name: `${hash}.png`, bytes: 5 },
  ])
})
