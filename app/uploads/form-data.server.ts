import { DomainError } from '#app/utils/errors.ts'

export const UNREADABLE_BODY_MSG = '请求格式不正确'

/** A body that is not the form a route reads: another or no Content-Type, or a broken form. */
export class UnreadableBodyError extends DomainError {
  constructor() {
    super(UNREADABLE_BODY_MSG)
  }
}

/**
 * The body of at most `maxBytes`, else `tooLargeMessage`. The cap counts the bytes that actually
 * arrive, so a lying Content-Length or an endless chunked body stops at the cap. The stream is let
 * go, not cancelled: cancelling destroys the socket before the answer is sent; the server drains
 * the rest after answering (server/bodies.ts). `request.formData()` alone would buffer whatever
 * the client sends.
 */
export async function readBodyCapped(request: Request, maxBytes: number, tooLargeMessage = '请求内容过大'): Promise<Buffer<ArrayBuffer>> {
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) throw new DomainError(tooLargeMessage)
  const chunks: Uint8Array[] = []
  let total = 0
  if (request.body) {
    const reader = request.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        reader.releaseLock()
        throw new DomainError(tooLargeMessage)
      }
      chunks.push(value)
    }
  }
  return Buffer.concat(chunks)
}

/** Reads a multipart (or form-encoded) body of at most `maxBytes` (readBodyCapped) and parses it. */
export async function readFormDataCapped(request: Request, maxBytes: number, tooLargeMessage = '请求内容过大'): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) throw new UnreadableBodyError()
  const body = await readBodyCapped(request, maxBytes, tooLargeMessage)
  try {
    return await new Response(body, { headers: { 'Content-Type': type } }).formData()
  } catch {
    throw new UnreadableBodyError()
  }
}
