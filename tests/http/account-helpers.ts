import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { createClient } from './client.ts'

export type Client = ReturnType<typeof createClient>

export const newEmail = () => `acct-${randomBytes(5).toString('hex')}@example.com`

/** Posts a page form as our own pages do (same origin), without following the redirect. */
export function postPage(client: Client, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return client.request(path, { method: 'POST', headers: { ...client.sameOrigin, ...headers }, form })
}

/** A new account made through the register form (JavaScript off), signed in on a new client. */
export async function registerAccount(baseUrl: string, { nickname = '账号测试', password = '六个中文密码' } = {}) {
  const client = createClient(baseUrl)
  const email = newEmail()
  const response = await postPage(client, '/login', { intent: 'register', nickname, email, password, redirectTo: '/' })
  expect(response.status).toBe(302)
  return { client, email, password, nickname }
}

/** Another browser signed in to the same account through the login form; its session cookie is in its jar. */
export async function signInAgain(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}) {
  const client = createClient(baseUrl)
  const response = await postPage(client, '/login', { intent: 'login', email, password, redirectTo: '/' }, headers)
  expect(response.status, 'sign-in').toBe(302)
  expect(client.jar.get('qy_sid')).toMatch(/^[\w-]{43}$/)
  return client
}

/** Whether this client's session still signs it in (init-info answers for a guest otherwise). */
export async function isSignedIn(client: Client) {
  const { body } = await client.api('/api/site/init-info')
  return body.data.isGuest === false
}
