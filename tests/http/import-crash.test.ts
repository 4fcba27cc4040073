import { afterAll, expect, inject, test } from 'vitest'
import { freshDataDir, startServer } from '#tests/setup/server-process.ts'
import { createServerDatabase } from '#tests/setup/test-db.ts'
import { generateBookmarkFile } from '#tests/fixtures/bookmark-file.ts'
import { createClient } from './client.ts'
import { type Client, get, ok } from './content-helpers.ts'
import { uniqueEmail } from '#tests/db-utils.ts'

/**
 * SECURITY.md §1.8: an import killed half-way (SIGKILL, no shutdown) leaves, after a restart, all
 * of it or none of it — on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */

const serverUrl = process.env.TEST_DATABASE_URL
const database = serverUrl ? await createServerDatabase(serverUrl) : null
const env: Record<string, string> = database ? { DATABASE_URL: database.url } : { PGLITE_DIR: freshDataDir() }
afterAll(() => database?.drop())
// Keeps the shared server of the other files out of this one.
inject('baseUrl')

const LINKS = 10_000
const FILE = new TextEncoder().encode(generateBookmarkFile({ folders: 200, links: LINKS }))

/** Modules of the homepage and the bookmarks in all their categories. */
async function contents(client: Client, homepageId: number) {
  const modules = (await ok(get(client, '/api/module/get-list', { homepageId }))) as Array<{ moduleId: number; name: string }>
  let links = 0
  for (const m of modules) {
    for (const bag of (await ok(get(client, '/api/bag/get-list-by-homepage-module', { module: m.moduleId }))) as Array<{ bid: number }>) {
      links += (await ok(get(client, '/api/bookmark/list', { bid: bag.bid, size: 1 }))).total as number
    }
  }
  return { modules: modules.length, links }
}

test('SIGKILL in the middle of a 10,000-bookmark import: after a restart, all of it or none of it', { timeout: 300_000 }, async () => {
  const first = await startServer(env)
  const client = createClient(first.url)
  const headers = { Origin: first.url, 'Sec-Fetch-Site': 'same-origin' }
  const on = await client.api('/api/sign/on', { method: 'POST', json: { user_nickname: '断电', user_email: uniqueEmail(), user_password: '断电之后还在' } })
  expect(on.body.code).toBe(1)
  const { homepageId } = await ok(client.api('/api/site/init-info'))
  const body = new FormData()
  body.set('file', new File([FILE], 'big.html', { type: 'text/html' }))
  const uploaded = await client.request('/api/import/upload', { method: 'POST', body, headers })
  const { fileId } = (await uploaded.json()) as { fileId: number }
  const tree = await ok(get(client, '/api/import/folder', { fileId }))
  expect(tree.linkCount).toBe(LINKS)
  const tops = (tree.list as Array<{ id: number; parentId: number | null }>).filter((f) => f.parentId === null).map((f) => f.id)
  const before = await contents(client, homepageId)

  // The import starts; the process dies a moment later, while it writes.
  const started = Date.now()
  const pending = client
    .api('/api/source/import', { method: 'POST', json: { fileId, folderIds: tops, homepageId, key: 'crash' }, headers })
    .catch((error: Error) => error)
  await new Promise((resolve) => setTimeout(resolve, 250))
  first.process.kill('SIGKILL')
  const answer = await pending
  const killedMidway = answer instanceof Error
  console.log(`import ${killedMidway ? 'killed' : 'finished'} ${Date.now() - started} ms after it started`)

  const second = await startServer(env)
  try {
    const again = createClient(second.url)
    for (const [name, value] of client.jar) again.jar.set(name, value)
    const after = await contents(again, homepageId)
    const added = { modules: after.modules - before.modules, links: after.links - before.links }
    // All of it (20 groups → 20 modules, every bookmark) or none of it.
    expect([{ modules: 0, links: 0 }, { modules: 20, links: LINKS }]).toContainEqual(added)
    // And the server works on the recovered data: the same import, once more, lands whole.
    const retryStarted = Date.now()
    const retry = await again.api('/api/source/import', {
      method: 'POST',
      json: { fileId, folderIds: tops, homepageId, key: 'after-restart' },
      headers: { Origin: second.url, 'Sec-Fetch-Site': 'same-origin' },
    })
    expect(retry.body, retry.body.msg).toMatchObject({ code: 1 })
    // How long a whole import takes here: a kill well inside it was a kill in the middle.
    console.log(`a whole import took ${Date.now() - retryStarted} ms; the first one was ${added.links ? 'all there' : 'not there at all'}`)
    const final = await contents(again, homepageId)
    expect(final.links - after.links).toBe(LINKS)
  } finally {
    expect(await second.stop()).toBe(0)
  }
})
