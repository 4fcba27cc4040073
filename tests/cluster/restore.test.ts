import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { expect, test } from 'vitest'
import { png } from '#tests/fixtures/images.ts'
import { createClient } from '#tests/http/client.ts'
import { get, ok, post, signUp } from '#tests/http/content-helpers.ts'
import { freshDataDir, type RunningServer, startServer } from '#tests/setup/server-process.ts'
import { createServerDatabase } from '#tests/setup/test-db.ts'
import { NO_POSTGRES, serverUrl } from './harness.ts'

/**
 * The restore drill of docs/deploy.md ("Backups" and "Restore"), as written there: a database
 * with the demo and a user's homepage whose bookmark wears an uploaded icon; `pg_dump -Fc` of it
 * and a copy of the upload directory; the original dropped; `pg_restore` into a fresh database
 * and the copy put back; a server started on them serves the same homepages, the same upload,
 * and the sessions of before.
 */

/** The major version of a `--version` line such as "pg_dump (PostgreSQL) 15.20 (Debian …)", or null. */
function clientMajor(tool: string) {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' })
  const match = result.status === 0 ? /\(PostgreSQL\) (\d+)/.exec(result.stdout) : null
  return match ? Number(match[1]) : null
}

async function serverMajor(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num')
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000)
  } finally {
    await client.end()
  }
}

async function skipReason() {
  if (!serverUrl) return NO_POSTGRES
  const dump = clientMajor('pg_dump')
  const restore = clientMajor('pg_restore')
  if (dump === null || restore === null) return 'pg_dump or pg_restore is not installed (apt-get install postgresql-client)'
  const server = await serverMajor(serverUrl)
  // pg_dump refuses a server newer than itself.
  if (dump < server) return `pg_dump ${dump} cannot dump a PostgreSQL ${server} server: install postgresql-client-${server}`
  return null
}

const reason = await skipReason()
if (reason) console.log(`tests/cluster/restore.test.ts skipped: ${reason}`)

function run(tool: string, args: string[]) {
  const result = spawnSync(tool, args, { encoding: 'utf8' })
  expect(result.status, `${tool} ${args.join(' ')}:\n${result.stderr}`).toBe(0)
}

/**
 * A page as a test compares it: what differs between two renders of the same data is left out
 * (the CSP nonce, and the time of the render: the header clock, its ISO date, the loader's `now`).
 */
function comparable(html: string) {
  return html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'ISO-TIME')
    .replace(/\b\d{1,2}:\d{2}\b/g, 'hh:mm')
    .replace(/\b1[78]\d{11}\b/g, 'EPOCH-MS')
}

/** Where two pages first differ, with some context; null when they are the same. */
function firstDifference(a: string, b: string) {
  if (a === b) return null
  let i = 0
  while (a[i] === b[i]) i++
  return { at: i, before: a.slice(Math.max(0, i - 80), i + 80), after: b.slice(Math.max(0, i - 80), i + 80) }
}

test('restore drill: pg_dump -Fc plus the upload directory, restored into a fresh database, serve the same homepages', { timeout: 180_000 }, async (ctx) => {
  if (reason) return ctx.skip(reason)
  const work = mkdtempSync(join(tmpdir(), 'qiye-restore-'))
  const original = await createServerDatabase(serverUrl!)
  const restored = await createServerDatabase(serverUrl!)
  const env = { APP_SECRET: 'restore-drill-secret-of-at-least-32-chars', RATE_LIMIT_FACTOR: '100' }
  const uploads = freshDataDir()
  let server: RunningServer | undefined
  try {
    // ── The site: the demo, and a user's open homepage with a bookmark wearing an uploaded icon. ──
    server = await startServer({ ...env, DATABASE_URL: original.url, UPLOAD_DIR: uploads })
    const owner = await signUp(server.url, '备份主人')
    const code = `backup-${Math.random().toString(36).slice(2, 8)}`
    await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '备份主页', icon: 'tabler:home', code }))
    await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
    const form = new FormData()
    form.set('module', 'website')
    form.set('file', new File([new Uint8Array(await png(48, 48))], 'icon.png', { type: 'image/png' }))
    const upload = (await (await owner.client.request('/api/upload/index', { method: 'POST', body: form, headers: owner.client.sameOrigin })).json()) as { code: number; src: string }
    expect(upload).toMatchObject({ code: 1, src: expect.stringMatching(/^\/uploads\//) })
    const bid = (await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId })))[0].children[0].value
    await ok(post(owner.client, '/api/source/add', { bid, sour_name: '带图标的备份书签', sour_url: 'https://backup.example/', icon: upload.src }))
    await ok(post(owner.client, '/api/source/add', { bid, sour_name: '第二个备份书签', sour_url: 'https://second.example/' }))

    const pagesOf = async (url: string) => {
      const guest = createClient(url)
      const demo = await guest.request('/')
      const homepage = await guest.request(`/${code}`)
      const icon = await guest.request(upload.src)
      return {
        demo: { status: demo.status, html: comparable(await demo.text()) },
        homepage: { status: homepage.status, html: comparable(await homepage.text()) },
        icon: { status: icon.status, bytes: Buffer.from(await icon.arrayBuffer()) },
      }
    }
    const before = await pagesOf(server.url)
    expect(before.demo.status).toBe(200)
    expect(before.homepage.status).toBe(200)
    expect(before.homepage.html).toContain('带图标的备份书签')
    expect(before.homepage.html).toContain(upload.src)
    expect(before.icon.status).toBe(200)

    // ── Backup, as docs/deploy.md says: pg_dump -Fc (the server may keep running), then the uploads. ──
    const dump = join(work, 'qiye.dump')
    run('pg_dump', ['-Fc', '-f', dump, '-d', original.url])
    const uploadsCopy = join(work, 'uploads')
    cpSync(uploads, uploadsCopy, { recursive: true })

    // ── The disaster: the server, its database and its upload directory are gone. ──
    expect(await server.stop()).toBe(0)
    server = undefined
    await original.drop()
    rmSync(uploads, { recursive: true, force: true })

    // ── Restore into a fresh database and a fresh upload directory; start the same build on them. ──
    run('pg_restore', ['--no-owner', '--exit-on-error', '-d', restored.url, dump])
    const restoredUploads = freshDataDir()
    cpSync(uploadsCopy, restoredUploads, { recursive: true })
    server = await startServer({ ...env, DATABASE_URL: restored.url, UPLOAD_DIR: restoredUploads })
    // A restored database is migrated already: the server seeds nothing again.
    expect(server.output()).not.toContain('Seeded')

    const after = await pagesOf(server.url)
    expect(after.demo.status).toBe(200)
    expect(firstDifference(before.demo.html, after.demo.html), 'the demo homepage, before and after').toBeNull()
    expect(after.homepage.status).toBe(200)
    expect(firstDifference(before.homepage.html, after.homepage.html), 'the user’s homepage, before and after').toBeNull()
    expect(after.icon.status).toBe(200)
    expect(after.icon.bytes.equals(before.icon.bytes)).toBe(true)
    // Sessions live in the database: the owner is still signed in, and still owns the homepage.
    const again = createClient(server.url)
    for (const [name, value] of owner.client.jar) again.jar.set(name, value)
    expect(await ok(again.api('/api/site/init-info'))).toMatchObject({ isGuest: false, nickname: '备份主人', homepageId: owner.homepageId })
  } finally {
    await server?.stop()
    await original.drop()
    await restored.drop()
    rmSync(work, { recursive: true, force: true })
  }
})
