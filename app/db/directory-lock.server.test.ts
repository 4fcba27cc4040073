import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { openDb } from './client.server.ts'
import { DirectoryInUseError } from './directory-lock.server.ts'

test('one PGlite directory is open once at a time: a second open is refused until the first closes', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qiye-lock-'))
  const first = await openDb({ dataDir })
  await first.exec('create table kept (n int); insert into kept values (1)')
  await expect(openDb({ dataDir })).rejects.toThrow(new DirectoryInUseError(`PGLITE_DIR ${dataDir} is in use by process ${process.pid}`))
  // The refused open changed nothing: the first still reads and writes.
  await first.exec('insert into kept values (2)')
  await first.close()

  const again = await openDb({ dataDir })
  try {
    expect(await again.rows('select n from kept order by n', [])).toEqual([{ n: 1 }, { n: 2 }])
  } finally {
    await again.close()
  }
})
