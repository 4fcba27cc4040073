import { expect, test } from 'vitest'
import { DomainError } from '#app/utils/errors.ts'
import { readFormDataCapped } from './form-data.server.ts'

const url = 'http://localhost/api/upload'
const TOO_LARGE = '上传图片不能超过3M'

/** A body stream of `chunk`-byte pieces, endless unless `total` is given; counts what was pulled. */
function stream(chunk: number, total = Infinity) {
  const state = { pulled: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close()
      state.pulled += chunk
      controller.enqueue(new Uint8Array(chunk).fill(97))
    },
    cancel() {
      state.cancelled = true
    },
  })
  return { body, state }
}

/** A POST whose body is a stream (`duplex` is missing from the DOM typings). */
const streamed = (body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  new Request(url, { method: 'POST', body, duplex: 'half', headers } as RequestInit)

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? e.message : e),
  )

test('a multipart body under the cap is parsed with its fields and file', async () => {
  const form = new FormData()
  form.set('module', 'notepad')
  form.set('file', new File([new Uint8Array([1, 2, 3])], 'evil.php.png', { type: 'image/png' }))
  const parsed = await readFormDataCapped(new Request(url, { method: 'POST', body: form }), 1024, TOO_LARGE)
  expect(parsed.get('module')).toBe('notepad')
  const file = parsed.get('file') as File
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
})

test('an endless chunked body stops at the cap: not read to the end, and let go rather than cancelled (the server drains it after answering)', async () => {
  const { body, state } = stream(64 * 1024)
  const request = streamed(body, { 'Content-Type': 'multipart/form-data; boundary=x' })
  expect(await failure(readFormDataCapped(request, 1024 * 1024, TOO_LARGE))).toBe(TOO_LARGE)
  expect(state.pulled).toBeLessThanOrEqual(1024 * 1024 + 3 * 64 * 1024)
  expect(state.cancelled).toBe(false)
})

test('a Content-Length that lies low does not lift the cap', async () => {
  const { body } = stream(64 * 1024, 2 * 1024 * 1024)
  const request = streamed(body, { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '10' })
  expect(await failure(readFormDataCapped(request, 1024 * 1024, TOO_LARGE))).toBe(TOO_LARGE)
})

test('a Content-Length over the cap is refused before anything is read', async () => {
  const { body, state } = stream(1024, 4096)
  const request = streamed(body, { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(5 * 1024 * 1024) })
  expect(await failure(readFormDataCapped(request, 1024 * 1024, TOO_LARGE))).toBe(TOO_LARGE)
  expect(state.pulled).toBeLessThanOrEqual(1024) // at most what the stream buffered ahead
})

test('a body that is not a form, or a broken multipart body, is 请求格式不正确', async () => {
  const json = new Request(url, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })
  expect(await failure(readFormDataCapped(json, 1024, TOO_LARGE))).toBe('请求格式不正确')
  const broken = new Request(url, { method: 'POST', body: 'no boundaries here', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } })
  expect(await failure(readFormDataCapped(broken, 1024, TOO_LARGE))).toBe('请求格式不正确')
})
