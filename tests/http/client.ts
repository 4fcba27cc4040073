/**
 * A tiny HTTP client with a cookie jar, talking to the test server over loopback. `defaults`:
 * headers sent with every request (a request's own win).
 */
export function createClient(baseUrl: string, defaults: Record<string, string> = {}) {
  const jar = new Map<string, string>()
  async function request(path: string, init: RequestInit & { json?: unknown; form?: Record<string, string> } = {}) {
    const headers = new Headers(defaults)
    for (const [name, value] of new Headers(init.headers)) headers.set(name, value)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(init.json)
    } else if (init.form) {
      body = new URLSearchParams(init.form)
    }
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    const response = await fetch(new URL(path, baseUrl), { ...init, body, headers, redirect: 'manual' })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq)
      const value = pair!.slice(eq + 1)
      if (/Max-Age=0/.test(cookie) || value === '') jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
  return {
    request,
    jar,
    /** Same-origin headers, as our own pages send them. */
    sameOrigin: { Origin: baseUrl, 'Sec-Fetch-Site': 'same-origin' },
    async api(path: string, init: Parameters<typeof request>[1] = {}) {
      const response = await request(path, init)
      return { status: response.status, headers: response.headers, body: (await response.json()) as { code: number; msg: string; data: any } }
    },
  }
}
