import { request } from 'node:http'
import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

/**
 * Issue 21 (ADR 024): one user's large upload never holds the server. The 2 MB file of one folder
 * with 56,000 links is stored in steps: a guest's page and a static asset asked for while it is
 * being stored are answered before it is. Importing all of it is refused by the documented limit,
 * before anything is written.
 */

const baseUrl = inject('baseUrl')
const LINKS = 56_000
const ROUNDS = 5

/** One folder of LINKS short links (named by their number in base 36): just under the 2 MB upload limit. */
function bigFile() {
  const lines = Array.from({ length: LINKS }, (_, i) => `<DT><A HREF=http://b.cn/${i.toString(36)}>${i.toString(36)}</A>`)
  const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>全部</H3>\n<DL><p>\n${lines.join('\n')}\n</DL><p>\n</DL><p>\n`
  const bytes = new TextEncoder().encode(html)
  expect(bytes.byteLength).toBeLessThan(2 * 1024 * 1024)
  return bytes
}

/** A GET as a guest (no cookie) over its own connection: resolves with the status once the whole body arrived. */
function guestGet(path: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode!))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

test('a guest’s page and a static asset are answered while a 56,000-link upload is stored; importing all of it is refused before it writes', { timeout: 300_000 }, async () => {
  const user = await signUp(baseUrl, '大文件')
  const page = await (await createClient(baseUrl).request('/')).text()
  const asset = page.match(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/)?.[1]
  expect(asset).toBeDefined()

  const form = new FormData()
  form.set('file', new File([bigFile()], 'big.html', { type: 'text/html' }))
  const encoded = new Response(form)
  const body = Buffer.from(await encoded.arrayBuffer())
  const headers = {
    ...user.client.sameOrigin,
    'Content-Type': encoded.headers.get('content-type')!,
    'Content-Length': String(body.byteLength),
    Cookie: [...user.client.jar].map(([k, v]) => `${k}=${v}`).join('; '),
  }
  const order: string[] = []
  let sent!: () => void
  const bodySent = new Promise<void>((resolve) => (sent = resolve))
  const uploaded = new Promise<{ code: number; msg: string; fileId: number }>((resolve, reject) => {
    const req = request(new URL('/api/import/upload', baseUrl), { method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        order.push('upload')
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      })
    })
    req.on('error', reject)
    req.end(body, sent)
  })

  // Once the whole upload has been handed to the server, a guest comes ROUNDS times, one visit
  // after the other (the site's data and a static asset at once): all of them are answered before
  // the upload is. Stored in one long statement, the upload would hold them all until near its end.
  await bodySent
  for (let round = 1; round <= ROUNDS; round++) {
    const [info, script] = await Promise.all([guestGet('/api/site/init-info'), guestGet(asset!)])
    order.push(`guest ${info} ${script}`)
  }
  const answer = await uploaded
  expect(answer, answer.msg).toMatchObject({ code: 1, msg: '上传成功' })
  expect(order).toEqual([...Array.from({ length: ROUNDS }, () => 'guest 200 200'), 'upload'])

  const tree = await ok(get(user.client, '/api/import/folder', { fileId: answer.fileId }))
  expect(tree.linkCount).toBe(LINKS)
  const before = (await ok(get(user.client, '/api/module/get-list', { homepageId: user.homepageId }))).length
  const refused = await post(user.client, '/api/source/import', { fileId: answer.fileId, folderIds: [tree.list[0].id], homepageId: user.homepageId })
  expect(refused.body).toMatchObject({ code: 0, msg: `一次最多导入10000个书签（这次选了 ${LINKS} 个），请分几次导入` })
  expect((await ok(get(user.client, '/api/module/get-list', { homepageId: user.homepageId }))).length).toBe(before)
})
