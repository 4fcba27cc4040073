import { randomInt } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { expect } from 'vitest'
import { uniqueEmail } from '#tests/db-utils.ts'
import { createClient } from './client.ts'

export type Client = ReturnType<typeof createClient>
type Params = Record<string, string | number | boolean | undefined>

/** A GET call with a query string; undefined values are left out. */
export function get(client: Client, path: string, query: Params = {}) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
  return client.api(`${path}?${search}`)
}

/** A JSON POST as our own pages send it (same-origin headers: the session cookie needs them). */
export function post(client: Client, path: string, json: unknown = {}) {
  return client.api(path, { method: 'POST', json, headers: client.sameOrigin })
}

/** A form-encoded POST, as the legacy client sends its forms. */
export function postForm(client: Client, path: string, form: Record<string, string>) {
  return client.api(path, { method: 'POST', form, headers: client.sameOrigin })
}

/** A successful call's data; fails the test with the call's msg otherwise. */
export async function ok<T = any>(call: Promise<{ body: { code: number; msg: string; data: T } }>) {
  const { body } = await call
  expect(body, body.msg).toMatchObject({ code: 1 })
  return body.data
}

/**
 * POST /api/sign/on from its own loopback address (127.0.0.2-254): registrations are limited to
 * 10 an hour per IP, and the other files' registrations come from 127.0.0.1. Returns the cookies.
 */
function registerFromOwnAddress(baseUrl: string, body: Record<string, string>) {
  const payload = JSON.stringify(body)
  const localAddress = `127.0.0.${2 + randomInt(253)}`
  return new Promise<{ status: number; cookies: string[]; json: any }>((resolve, reject) => {
    const req = httpRequest(
      new URL('/api/sign/on', baseUrl),
      { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], json: JSON.parse(text) }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** A new account through /api/sign/on, with its starter homepage (module 常用, category 常用网站). */
export async function signUp(baseUrl: string, nickname: string) {
  const client = createClient(baseUrl)
  const on = await registerFromOwnAddress(baseUrl, { user_nickname: nickname, user_email: uniqueEmail(), user_password: '六个中文密码' })
  expect(on.json, on.json.msg).toMatchObject({ code: 1 })
  for (const cookie of on.cookies) {
    const [pair] = cookie.split(';')
    const eq = pair!.indexOf('=')
    client.jar.set(pair!.slice(0, eq), pair!.slice(eq + 1))
  }
  const info = await ok(client.api('/api/site/init-info'))
  expect(info.isGuest).toBe(false)
  return { client, homepageId: info.homepageId as number, userId: info.userId as number }
}

/** Signs the seeded demo account in (its homepage `demo` is open). */
export async function signInDemo(baseUrl: string) {
  const client = createClient(baseUrl)
  await ok(client.api('/api/sign/in', { method: 'POST', json: { user_email: 'demo@example.com', user_password: 'qiye-demo-2026' } }))
  const info = await ok(client.api('/api/site/init-info'))
  return { client, homepageId: info.homepageId as number, userId: info.userId as number }
}

/** Every mutating call of the content API (all need a session except source/click). */
export const MUTATING_CALLS = [
  '/api/module/add',
  '/api/module/sort',
  '/api/module/set-default-module',
  '/api/module/hard-delete',
  '/api/module/change-status',
  '/api/bag/add',
  '/api/bag/delete',
  '/api/bag/restore',
  '/api/bag/delete-hard',
  '/api/bag/sort',
  '/api/bag/set-formats',
  '/api/bag/set-card-config',
  '/api/bag/clear-card-config',
  '/api/bookmark/mark-star',
  '/api/bookmark/create-base',
  '/api/bookmark/rename',
  '/api/bookmark/change-private',
  '/api/bookmark/add-folder',
  '/api/bookmark/add-divider',
  '/api/source/add',
  '/api/source/delete',
  '/api/source/restore',
  '/api/source/delete-hard',
] as const

export const READ_CALLS = [
  '/api/module/get-list',
  '/api/module/detail',
  '/api/bag/get-list-by-homepage-module',
  '/api/bag/get-create',
  '/api/bag/info',
  '/api/bag/view-trash-list',
  '/api/bookmark/list',
  '/api/bookmark/detail',
  '/api/bookmark/star-list',
  '/api/children/list',
] as const
