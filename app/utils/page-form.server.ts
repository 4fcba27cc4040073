import { data } from 'react-router'
import { readFormDataCapped, UnreadableBodyError } from '#app/uploads/form-data.server.ts'
import { DomainError } from './errors.ts'

/** A page's form without a file: a few fields, never near this. */
export const PAGE_FORM_MAX_BYTES = 64 * 1024

/**
 * The form a page action reads, for every page action (an /api call reads its body in
 * app/api/define-api.server.ts). A body that is no form (another or no Content-Type, broken
 * multipart or urlencoded) is our error page with HTTP 400 `请求格式不正确`, one too large the
 * same with 413 — never a 500, never a redirect that drops the request silently.
 */
export async function readPageForm(request: Request, maxBytes = PAGE_FORM_MAX_BYTES, tooLargeMessage?: string): Promise<FormData> {
  try {
    return await readFormDataCapped(request, maxBytes, tooLargeMessage)
  } catch (error) {
    throw refusedForm(error)
  }
}

/**
 * What a page action throws for `error` from reading its form: the 400 or 413 page, or the error
 * itself when it is no refusal of the body. Actions that answer a too-large upload with a toast
 * check for UnreadableBodyError themselves and pass only it here.
 */
export function refusedForm(error: unknown) {
  if (error instanceof UnreadableBodyError) return data(error.message, { status: 400 })
  if (error instanceof DomainError) return data(error.message, { status: 413 })
  return error
}
