import { expect, test } from 'vitest'
import { png } from '#tests/fixtures/images.ts'
import { createClient } from '#tests/http/client.ts'
import { get, ok, post, signUp } from '#tests/http/content-helpers.ts'
import { freshDataDir, type RunningServer, startServer } from '#tests/setup/server-process.ts'
import { findNginx, freePort, type RunningNginx, startNginx } from '#tests/setup/nginx.ts'
import { createServerDatabase } from '#tests/setup/test-db.ts'
import { startS3 } from '#tests/sites/s3-server.ts'
import { CLOSE, directClient, NO_POSTGRES, serverUrl, sleep, waitHealthy } from './harness.ts'

/**
 * Issue 26, "Must show": three app processes started at the same moment on a fresh PostgreSQL
 * database, behind nginx running deploy/nginx.conf. Through nginx, 20 signed-in writers add
 * bookmarks while one process is SIGKILLed and another gets a rolling restart (SIGTERM, started
 * again, /healthz waited for). Every acknowledged add is there afterwards; nothing fails during the
 * restart; only requests in flight on the killed process may fail, unacknowledged. Before that:
 * sessions, page caches and uploads across processes, and the periodic jobs ran by one process.
 *
 * Needs `npm run build`, PostgreSQL (TEST_DATABASE_URL) and nginx; skipped with the reason
 * otherwise. About 15-30 s on 2 cores. A check the rest does not depend on is soft
 * (expect.soft), so that one run reports every property that fails.
 */

const WRITERS = 20
/** A writer's pause between two adds: ~10 adds/s each, well under its categories' room. */
const WRITER_PAUSE_MS = 100
/** Categories per writer, used in turn (a category holds 100 bookmarks). */
const CATEGORIES = 4
/** After a SIGKILL, how late a request may still have started and been caught by it: nginx may hand a request to a kept-alive connection of the dead process before it has seen that connection close. */
const KILL_GRACE_MS = 250

const nginxBinary = findNginx()
const skipReason = !serverUrl ? NO_POSTGRES : !nginxBinary ? 'nginx is not installed (apt-get install nginx-light; .ci/run installs it)' : null
if (skipReason) console.log(`tests/cluster/cluster.test.ts skipped: ${skipReason}`)

type Attempt = { writer: number; name: string; bid: number; start: number; end: number; status: number; id?: number; detail?: string }

const maintenanceRuns = (output: string) => [...output.matchAll(/Maintenance: ran by pid (\d+)/g)].map((m) => Number(m[1]))

test('three processes behind nginx: writes survive a SIGKILL and a rolling restart; sessions, page caches and uploads cross processes', { timeout: 180_000 }, async (ctx) => {
  if (skipReason) return ctx.skip(skipReason)
  const started = Date.now()
  // (The S3 server also ends with this process; the database is dropped in `finally`.)
  const s3 = await startS3()
  const database = await createServerDatabase(serverUrl!)
  const ports = [await freePort(), await freePort(), await freePort()]
  const nginxPort = await freePort()
  const appOrigin = `http://127.0.0.1:${nginxPort}`
  // Each process its own upload directory: an upload is seen by another only through S3.
  const envOf = (i: number): Record<string, string> => ({
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    APP_SECRET: 'cluster-test-secret-shared-by-every-process-0123',
    APP_ORIGIN: appOrigin,
    TRUST_PROXY: 'loopback',
    // 20 sign-ups in a few seconds, from loopback addresses.
    RATE_LIMIT_FACTOR: '100',
    PORT: String(ports[i]),
    UPLOAD_DIR: freshDataDir(),
    ...s3.env,
  })
  const envs = [0, 1, 2].map(envOf)
  const processes: (RunningServer | undefined)[] = []
  let nginx: RunningNginx | undefined
  try {
    // ── Start: three processes at the same moment on the fresh database, nginx in front. ──
    const boots = await Promise.allSettled(envs.map((env) => startServer(env)))
    boots.forEach((boot, i) => (processes[i] = boot.status === 'fulfilled' ? boot.value : undefined))
    const failedBoots = boots.flatMap((boot, i) => (boot.status === 'rejected' ? [`process ${i + 1}: ${String(boot.reason).slice(0, 600)}`] : []))
    expect(failedBoots, 'three processes started together on a fresh database all serve').toEqual([])
    nginx = await startNginx(ports, { port: nginxPort, binary: nginxBinary })
    const health = await Promise.all(processes.map((p) => waitHealthy(p!.url, 20_000)))
    expect.soft(health, '/healthz of each process').toEqual([200, 200, 200])
    console.log(`cluster: 3 processes and nginx up in ${Date.now() - started} ms`)
    const [one, two, three] = processes as [RunningServer, RunningServer, RunningServer]

    // ── Periodic jobs: run by one process, which says so. ──
    await expect.poll(() => processes.flatMap((p) => maintenanceRuns(p!.output())).length, { timeout: 10_000 }).toBeGreaterThan(0)
    // A moment for a second run, should one wrongly follow.
    await sleep(500)
    const runs = processes.flatMap((p) => maintenanceRuns(p!.output()))
    expect.soft(runs, 'the boot-time maintenance ran once, in one of the three ("Maintenance: ran by pid N")').toHaveLength(1)
    expect.soft(processes.map((p) => p!.process.pid)).toContain(runs[0])

    // ── 20 writers signed up through nginx, each with its own categories. ──
    const writers = await Promise.all(
      Array.from({ length: WRITERS }, async (_, i) => {
        const writer = await signUp(nginx!.url, `写手${i + 1}`)
        const tree = (await ok(get(writer.client, '/api/bag/get-create', { homepageId: writer.homepageId })))[0]
        const bids = [tree.children[0].value as number]
        while (bids.length < CATEGORIES) {
          bids.push((await ok(post(writer.client, '/api/bag/add', { moduleId: tree.value, name: `分类${bids.length}`, icon: 'tabler:folder' }))).bid as number)
        }
        return { ...writer, bids }
      }),
    )

    // ── Sessions: a cookie made through nginx (whichever process) is accepted by every process. ──
    for (const p of [one, two, three]) {
      const info = await ok(directClient(p.url, appOrigin, writers[0]!.client.jar).api('/api/site/init-info'))
      expect(info, `a session on process ${p.url}`).toMatchObject({ isGuest: false, nickname: '写手1' })
    }
    // And one made by process 1 directly, on process 2 and 3.
    const signedOnOne = await signUp(one.url, '一号进程')
    for (const p of [two, three]) {
      expect((await ok(directClient(p.url, appOrigin, signedOnOne.client.jar).api('/api/site/init-info'))).isGuest).toBe(false)
    }

    // ── Page cache: a write through process 1, then a page read through process 2 and 3 shows it. ──
    const owner = writers[0]!
    const code = `cluster-${Math.random().toString(36).slice(2, 8)}`
    await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '集群主页', icon: 'tabler:home', code }))
    await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
    /** A guest's page from one process, asked until its page cache answers (an ETag). */
    const look = async (p: RunningServer) => {
      const guest = createClient(p.url, CLOSE)
      for (let ask = 1; ; ask++) {
        const response = await guest.request(`/${code}`)
        const html = await response.text()
        if (response.headers.get('etag') || ask === 3) return { status: response.status, html, cached: Boolean(response.headers.get('etag')) }
      }
    }
    for (const p of [two, three]) {
      const page = await look(p)
      expect(page.status).toBe(200)
      expect(page.cached, 'the page is kept by the page cache').toBe(true)
      expect(page.html).not.toContain('一号进程写的')
    }
    await ok(post(directClient(one.url, appOrigin, owner.client.jar), '/api/source/add', { bid: owner.bids[0], sour_name: '一号进程写的', sour_url: 'https://one.example/' }))
    for (const p of [two, three]) expect((await look(p)).html, `process ${p.url} shows process 1’s write`).toContain('一号进程写的')

    // ── Uploads: made through process 1, served by process 2 and 3 (one S3 bucket). ──
    const form = new FormData()
    form.set('module', 'website')
    form.set('file', new File([new Uint8Array(await png(64, 64))], 'icon.png', { type: 'image/png' }))
    const uploader = directClient(one.url, appOrigin, owner.client.jar)
    const uploaded = (await (await uploader.request('/api/upload/index', { method: 'POST', body: form, headers: uploader.sameOrigin })).json()) as { code: number; src: string; msg: string }
    expect(uploaded, uploaded.msg).toMatchObject({ code: 1, src: expect.stringMatching(/^\/uploads\//) })
    const bytesFrom = async (p: RunningServer) => {
      const response = await fetch(new URL(uploaded.src, p.url), { headers: CLOSE })
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
    }
    const original = await bytesFrom(one)
    expect(original.status).toBe(200)
    for (const p of [two, three]) {
      const copy = await bytesFrom(p)
      expect.soft(copy.status, `an upload made through process 1 is served by ${p.url} (one S3 bucket)`).toBe(200)
      if (copy.status === 200) expect(copy.bytes.equals(original.bytes)).toBe(true)
    }

    // ── Chaos: 20 writers through nginx; process 1 SIGKILLed, process 2 restarted (rolling). ──
    const attempts: Attempt[] = []
    let writing = true
    const writerLoop = async (w: number) => {
      const { client, bids } = writers[w]!
      for (let n = 0; writing; n++) {
        const bid = bids[n % bids.length]!
        const name = `w${w}-${n}`
        const attempt: Attempt = { writer: w, name, bid, start: Date.now(), end: 0, status: 0 }
        try {
          const response = await client.request('/api/source/add', { method: 'POST', json: { bid, sour_name: name, sour_url: `https://w${w}.example/${n}` }, headers: client.sameOrigin })
          attempt.status = response.status
          const text = await response.text()
          if (response.status === 200) {
            const body = JSON.parse(text) as { code: number; msg: string; data: { id: number } | null }
            if (body.code === 1 && body.data?.id) attempt.id = body.data.id
            else attempt.detail = body.msg
          } else {
            attempt.detail = text.slice(0, 120)
          }
        } catch (error) {
          attempt.detail = String(error)
        }
        attempt.end = Date.now()
        attempts.push(attempt)
        await sleep(WRITER_PAUSE_MS)
      }
    }
    const t0 = Date.now()
    const loops = writers.map((_, w) => writerLoop(w))
    await sleep(1_500)
    const killAt = Date.now()
    one.process.kill('SIGKILL')
    await sleep(1_500)
    // The rolling restart: SIGTERM, wait for the exit, start again on the same port, wait for /healthz.
    const termAt = Date.now()
    const exitCode = await two.stop()
    const exitedAt = Date.now()
    const again = await startServer(envs[1]!)
    processes[1] = again
    const readyStatus = await waitHealthy(again.url, 30_000)
    const readyAt = Date.now()
    await sleep(1_500)
    writing = false
    await Promise.all(loops)
    const endAt = Date.now()
    const at = (t: number) => `${((t - t0) / 1000).toFixed(2)} s`
    console.log(
      `cluster: writers ran ${at(endAt)}; SIGKILL of process 1 at ${at(killAt)}; SIGTERM of process 2 at ${at(termAt)}, exited ${at(exitedAt)} (code ${exitCode}), back and ready at ${at(readyAt)} (/healthz ${readyStatus})`,
    )
    expect.soft(exitCode, 'SIGTERM drains and exits 0').toBe(0)
    expect.soft(readyStatus, 'the restarted process answers /healthz 200').toBe(200)

    // ── Every attempt accounted for. ──
    const acknowledged = attempts.filter((a) => a.id !== undefined)
    const failed = attempts.filter((a) => a.id === undefined)
    // A transport failure: nginx's 502, or an answer whose body was cut ("terminated"); never the app's own refusal.
    const lost = (a: Attempt) => a.status === 502 || a.status === 0 || /terminated|fetch failed|ECONNRESET/.test(a.detail ?? '')
    const inKillWindow = (a: Attempt) => a.start <= killAt + KILL_GRACE_MS && a.end >= killAt && lost(a)
    const killFailures = failed.filter(inKillWindow)
    const inRestart = (a: Attempt) => a.end >= termAt && a.start <= readyAt + 1_500
    const restartFailures = failed.filter((a) => !inKillWindow(a) && inRestart(a))
    const otherFailures = failed.filter((a) => !inKillWindow(a) && !inRestart(a))
    console.log(
      `cluster: ${attempts.length} adds, ${acknowledged.length} acknowledged; failed: ${killFailures.length} in flight on the killed process, ${restartFailures.length} during the rolling restart, ${otherFailures.length} otherwise`,
    )
    const describe = (a: Attempt) => `${a.name} ${at(a.start)}–${at(a.end)}: ${a.status} ${a.detail ?? ''}`
    expect.soft(restartFailures.map(describe), 'no request through nginx fails during the SIGTERM restart (the drain, server/shutdown.ts)').toEqual([])
    expect(otherFailures.map(describe), 'no failure outside the SIGKILL’s in-flight requests').toEqual([])
    expect(acknowledged.length).toBeGreaterThan(WRITERS * 10)

    // ── Afterwards: every acknowledged add is there, once; an unacknowledged one at most once. ──
    const reader = createClient(nginx.url)
    let committedUnacknowledged = 0
    for (const [w, writer] of writers.entries()) {
      reader.jar.clear()
      for (const [name, value] of writer.client.jar) reader.jar.set(name, value)
      const names: string[] = []
      const ids = new Set<number>()
      for (const bid of writer.bids) {
        const list = (await ok(get(reader, '/api/bookmark/list', { bid, size: 100 }))).list as Array<{ id: number; name: string }>
        for (const item of list) {
          names.push(item.name)
          ids.add(item.id)
        }
      }
      const mine = attempts.filter((a) => a.writer === w)
      const missing = mine.filter((a) => a.id !== undefined && !ids.has(a.id)).map((a) => a.name)
      expect(missing, `writer ${w}: acknowledged adds missing`).toEqual([])
      const twice = names.filter((name, i) => names.indexOf(name) !== i)
      expect(twice, `writer ${w}: a bookmark added twice`).toEqual([])
      committedUnacknowledged += mine.filter((a) => a.id === undefined && names.includes(a.name)).length
    }
    console.log(`cluster: ${committedUnacknowledged} of the failed adds had been written before the process died (never acknowledged, never duplicated)`)

    // The restarted process serves the sessions and pages of before.
    const onRestarted = directClient(again.url, appOrigin, owner.client.jar)
    expect((await ok(onRestarted.api('/api/site/init-info'))).isGuest).toBe(false)
    expect((await look(again)).html).toContain('一号进程写的')
    console.log(`cluster: whole test ${Date.now() - started} ms`)
  } finally {
    await Promise.all(processes.map((p) => p?.stop().catch(() => null)))
    await nginx?.stop()
    await s3.stop()
    await database.drop()
  }
})
