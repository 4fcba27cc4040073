import { RouterContextProvider } from 'react-router'
import { expect, test, vi } from 'vitest'
import { z } from 'zod'
import { appContext, userContext } from '#app/context.ts'
import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { DomainError } from '#app/utils/errors.ts'
import { defineApi } from './define-api.server.ts'

function contextFor(user: User | null = null) {
  const context = new RouterContextProvider()
  context.set(appContext, { db: {} as Db, nonce: '', clientIp: '127.0.0.1' })
  context.set(userContext, user)
  return context
}
const echo = defineApi(z.object({ name: z.string({ error: '请输入名称' }).min(1, '请输入名称') }), async (input) => input)
const call = async (api: typeof echo, request: Request, user: User | null = null) => {
  const response = await api({ request, context: contextFor(user) })
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get('Cache-Control') }
}
const post = (body: BodyInit, type: string) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers: { 'Content-Type': type } })

test('success is {code: 1, msg, data}, never cached', async () => {
  expect(await call(echo, new Request('http://localhost/api/x?name=%E4%B8%AD&gb-hid=3'))).toEqual({
    status: 200,
    body: { code: 1, msg: '操作成功', data: { name: '中' } },
    cacheControl: 'no-store',
  })
})

test('JSON and form-encoded bodies are both read', async () => {
  expect((await call(echo, post('{"name":"甲"}', 'application/json'))).body.data).toEqual({ name: '甲' })
  expect((await call(echo, post('name=%E4%B9%99&gb-hid=1', 'application/x-www-form-urlencoded'))).body.data).toEqual({ name: '乙' })
})

test('invalid input is HTTP 200 with code 0 and the Chinese message', async () => {
  expect(await call(echo, post('{}', 'application/json'))).toMatchObject({ status: 200, body: { code: 0, msg: '请输入名称', data: null } })
})

test('a body the call cannot read is HTTP 400 in the envelope: malformed, of another type, or without a type', async () => {
  const refused = { status: 400, body: { code: 0, msg: '请求格式不正确', data: null } }
  expect(await call(echo, post('{nope', 'application/json'))).toMatchObject(refused)
  expect(await call(echo, post('[1]', 'application/json'))).toMatchObject(refused)
  expect(await call(echo, post('{"name":"甲"}', 'text/plain'))).toMatchObject(refused)
  expect(await call(echo, new Request('http://localhost/api/x', { method: 'POST', body: new Blob(['name=x']) }))).toMatchObject(refused)
  expect(await call(echo, post('--x\r\nbroken', 'multipart/form-data; boundary=x'))).toMatchObject(refused)
  expect(await call(echo, post('--x\r\nbroken', 'multipart/form-data'))).toMatchObject(refused)
  // The `ping` attribute's body carries no parameters; nor does an empty one.
  expect(await call(echo, post('PING', 'text/ping'))).toMatchObject({ status: 200, body: { code: 0, msg: '请输入名称' } })
  expect(await call(echo, new Request('http://localhost/api/x', { method: 'POST' }))).toMatchObject({ status: 200, body: { msg: '请输入名称' } })
})

test('a chunked body (no Content-Length) stops at 1 MB: HTTP 413 in the envelope, the rest unread', async () => {
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= 8 * 1024 * 1024) return controller.close()
      pulled += 64 * 1024
      controller.enqueue(new Uint8Array(64 * 1024).fill(97))
    },
  })
  const request = new Request('http://localhost/api/x', { method: 'POST', body, duplex: 'half', headers: { 'Content-Type': 'application/json' } } as RequestInit)
  expect(await call(echo, request)).toMatchObject({ status: 413, body: { code: 0, msg: '请求内容过大', data: null } })
  expect(pulled).toBeLessThan(2 * 1024 * 1024)
})

test('a body over 1 MB is refused before it is read', async () => {
  const request = new Request('http://localhost/api/x', {
    method: 'POST',
    body: 'x',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) },
  })
  expect(await call(echo, request)).toMatchObject({ status: 413, body: { code: 0, msg: '请求内容过大' } })
})

test('a domain failure keeps its code and message', async () => {
  const api = defineApi(z.object({}), async () => {
    throw new DomainError('最多置顶3个主页', { code: -1 })
  })
  expect(await call(api, new Request('http://localhost/api/x'))).toMatchObject({ status: 200, body: { code: -1, msg: '最多置顶3个主页' } })
})

test('a call that needs a user answers HTTP 403 to guests', async () => {
  const api = defineApi(z.object({}), async () => 'secret', { auth: true })
  expect(await call(api, new Request('http://localhost/api/x'))).toMatchObject({ status: 403, body: { code: -1, msg: '请先登录' } })
  const user = { id: 1 } as User
  expect(await call(api, new Request('http://localhost/api/x'), user)).toMatchObject({ status: 200, body: { code: 1, data: 'secret' } })
})

test('an unexpected error is HTTP 500 with nothing internal', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const api = defineApi(z.object({}), async () => {
    throw new Error('relation "users" does not exist at /work/main/app/x.ts:12')
  })
  const result = await call(api, new Request('http://localhost/api/x'))
  expect(result).toEqual({
    status: 500,
    body: { code: 500, msg: 'server error, please try again later', data: null },
    cacheControl: 'no-store',
  })
  expect(logged).toHaveBeenCalledOnce()
})
