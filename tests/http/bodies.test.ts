import { connect, type Socket } from 'node:net'
import { expect, inject, test } from 'vitest'
import { signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const { hostname, port, origin } = new URL(baseUrl)
const MB = 1024 * 1024
const TOTAL = 10 * MB
/** However loaded the machine, an answer that comes at all comes well within this. */
const PATIENCE_MS = 30_000

type Answer = { status: number; headers: Record<string, string>; body: string }

/**
 * One kept-alive HTTP/1.1 connection over a raw socket, so a test controls exactly what is sent
 * when: a body in parts, a second request on the same connection.
 */
async function openConnection() {
  const socket: Socket = connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = Buffer.alloc(0)
  let wake = () => {}
  let closed = false
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk])
    wake()
  })
  socket.on('close', () => {
    closed = true
    wake()
  })
  socket.on('error', () => {})

  /** The next whole response on the connection (Content-Length or chunked), or an error when none comes. */
  function parse(): Answer | null {
    const end = received.indexOf('\r\n\r\n')
    if (end === -1) return null
    const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n')
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
    const rest = received.subarray(end + 4)
    let body: Buffer
    let used: number
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = []
      let at = 0
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', at)
        if (lineEnd === -1) return null
        const size = parseInt(rest.subarray(at, lineEnd).toString(), 16)
        if (rest.length < lineEnd + 2 + size + 2) return null
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
        at = lineEnd + 2 + size + 2
        if (size === 0) break
      }
      body = Buffer.concat(parts)
      used = at
    } else {
      const length = Number(headers['content-length'] ?? 0)
      if (rest.length < length) return null
      body = rest.subarray(0, length)
      used = length
    }
    received = rest.subarray(used)
    return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString() }
  }

  async function response(what: string): Promise<Answer> {
    const deadline = Date.now() + PATIENCE_MS
    for (;;) {
      const answer = parse()
      if (answer) return answer
      if (closed) throw new Error(`${what}: the connection was closed without an answer`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`${what}: no answer`)
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, left)
      })
    }
  }

  /**
   * Writes and waits until the socket takes more; fails when the server stops reading for good.
   * A connection the server closed takes nothing more: the wait ends, and `response` tells whether
   * an answer came first (a closed socket never drains, however long one waits).
   */
  async function send(data: Buffer | string, what: string) {
    if (socket.write(data) || closed) return
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what}: the server stopped reading the body`)), PATIENCE_MS)
      const done = () => {
        clearTimeout(timer)
        socket.off('drain', done).off('close', done)
        resolve()
      }
      socket.once('drain', done).once('close', done)
    })
  }

  return { socket, response, send }
}

type Post = { path: string; type: string; cookie?: string; chunked: boolean; firstPart: number }

/**
 * Posts a 10 MB body the route refuses: the first part, then waits for the answer (so the answer
 * comes before the client has finished sending), then the rest, then a second request on the same
 * connection, which must be answered too.
 */
async function refusedPostThenNext({ path, type, cookie, chunked, firstPart }: Post) {
  const what = `${chunked ? 'chunked' : '10 MB'} POST ${path}`
  const connection = await openConnection()
  const headers = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Origin: ${origin}`,
    `Content-Type: ${type}`,
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${TOTAL}`,
    ...(cookie ? [`Cookie: ${cookie}`] : []),
  ]
  const filler = (n: number) => Buffer.alloc(n, 'a')
  const part = (n: number) => (chunked ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), filler(n), Buffer.from('\r\n')]) : filler(n))
  await connection.send(`${headers.join('\r\n')}\r\n\r\n`, what)
  await connection.send(part(firstPart), what)

  const refused = await connection.response(what)
  expect(refused.status, what).toBeLessThan(500)
  if (refused.headers['content-type']?.startsWith('application/json')) {
    const json = JSON.parse(refused.body) as { code: number; msg: string }
    expect(json.code, what).not.toBe(1)
    expect(json.msg, what).toMatch(/[\u4e00-\u9fff]/)
  } else if (refused.status < 300) {
    throw new Error(`${what}: answered ${refused.status} as if it had read the body`)
  }

  for (let sent = firstPart; sent < TOTAL; sent += MB) await connection.send(part(Math.min(MB, TOTAL - sent)), what)
  if (chunked) await connection.send('0\r\n\r\n', what)

  await connection.send(`GET /api/site/init-info HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`, what)
  const next = await connection.response(`${what}, then GET on the same connection`)
  expect(next.status, what).toBe(200)
  expect(JSON.parse(next.body).code, what).toBe(1)
  connection.socket.destroy()
}

test.each([false, true])('a refused body to /api/sign/in (chunked: %s) is answered at once and the connection goes on', async (chunked) => {
  await refusedPostThenNext({ path: '/api/sign/in', type: 'application/json', chunked, firstPart: 2 * MB })
})

test.each([false, true])('a refused upload (chunked: %s) is answered at once and the connection goes on', async (chunked) => {
  const { client } = await signUp(baseUrl, '大文件')
  const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const type = 'multipart/form-data; boundary=----qiye'
  await refusedPostThenNext({ path: '/api/skin/upload', type, cookie, chunked, firstPart: 4 * MB })
  await refusedPostThenNext({ path: '/api/import/upload', type, cookie, chunked, firstPart: 3 * MB })
  await refusedPostThenNext({ path: '/api/upload', type, cookie, chunked, firstPart: 4 * MB })
})

test.each([false, true])('a refused page form (chunked: %s) is answered at once and the connection goes on', async (chunked) => {
  const { client } = await signUp(baseUrl, '大表单')
  const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const type = 'application/x-www-form-urlencoded'
  await refusedPostThenNext({ path: '/user/online', type, cookie, chunked, firstPart: MB })
  await refusedPostThenNext({ path: '/?index', type, cookie, chunked, firstPart: MB })
})

test('a guest’s refused upload is answered at once and the connection goes on', async () => {
  await refusedPostThenNext({ path: '/api/skin/upload', type: 'multipart/form-data; boundary=x', chunked: false, firstPart: MB })
})

test('a body declared larger than the server drains is answered at once with Connection: close', async () => {
  const connection = await openConnection()
  const what = '20 MB POST /api/sign/in'
  await connection.send(
    `POST /api/sign/in HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${20 * MB}\r\n\r\n`,
    what,
  )
  // A part of the body that the socket buffers hold: the server answers without waiting for the
  // rest. More still in flight when it closes would make the kernel reset the connection, and a
  // client slow to read (a loaded machine) could lose the answer with it.
  await connection.send(Buffer.alloc(64 * 1024, 'a'), what)
  const refused = await connection.response(what)
  expect(refused.status).toBe(413)
  expect(refused.headers.connection).toBe('close')
  expect(JSON.parse(refused.body)).toEqual({ code: 0, msg: '请求内容过大', data: null })
  connection.socket.destroy()
})
