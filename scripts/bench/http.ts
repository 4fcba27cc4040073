import { type Agent, type IncomingHttpHeaders, request } from 'node:http'

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer }

/**
 * One request with node:http, body kept exactly as sent: unlike fetch(), nothing is decompressed,
 * so the length is the bytes on the wire (minus chunk framing). A connection of its own, unless
 * `agent` (a keep-alive one: several requests on one connection) is given.
 */
export function requestRaw(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  body?: string,
  timeoutMs = 30_000,
  agent: Agent | false = false,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs / 1_000} s`)))
    req.on('error', reject)
    req.end(body)
  })
}

export function getRaw(url: string, headers: Record<string, string> = {}, timeoutMs = 30_000, agent: Agent | false = false): Promise<RawResponse> {
  return requestRaw('GET', url, headers, undefined, timeoutMs, agent)
}
