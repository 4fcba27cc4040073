import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { MAX_FILE_BYTES } from '#app/bookmark-files/parse.ts'
import { storeBookmarkFile } from '#app/services/imports.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { readFormDataCapped } from './form-data.server.ts'
import { UPLOAD_RATE_MSG } from './upload-api.server.ts'

/** The real limit is 2 MB (spec §9); the spec's message says 1M, ours says what is true (ADR 010). */
export const IMPORT_TOO_BIG_MSG = '文件大小不能超过2M'
export const NOT_HTML_MSG = '请上传HTML格式的书签文件'
export const NO_FILE_MSG = '请选择要导入的书签文件'
/** Room for the multipart boundaries and the small fields next to the file. */
const FORM_OVERHEAD = 64 * 1024

/** A zip, gzip, PDF or image is not an HTML file, whatever its name says. */
const BINARY_MAGIC = [[0x50, 0x4b], [0x1f, 0x8b], [0x25, 0x50, 0x44, 0x46], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46]]

function looksBinary(bytes: Uint8Array) {
  if (BINARY_MAGIC.some((magic) => magic.every((b, i) => bytes[i] === b))) return true
  // Text (UTF-8, GBK, UTF-16 with its BOM) has no NUL bytes in its first kilobyte, except UTF-16.
  const head = bytes.subarray(0, 1024)
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)
  return !utf16 && head.includes(0)
}

/**
 * Reads a bookmark file upload (`file`, multipart; the form's other fields come back too) and
 * stores it parsed: POST /api/import/upload and the import dialog's form. Answers the fileId.
 */
export async function receiveBookmarkFile(db: Db, user: User, request: Request): Promise<{ fileId: number; form: FormData }> {
  await consumeOrThrow(db, 'upload', `user:${user.id}`, UPLOAD_RATE_MSG)
  const form = await readFormDataCapped(request, MAX_FILE_BYTES + FORM_OVERHEAD, IMPORT_TOO_BIG_MSG)
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) throw new DomainError(NO_FILE_MSG)
  if (file.size > MAX_FILE_BYTES) throw new DomainError(IMPORT_TOO_BIG_MSG)
  if (!/\.html?$/i.test(file.name)) throw new DomainError(NOT_HTML_MSG)
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (looksBinary(bytes)) throw new DomainError(NOT_HTML_MSG)
  return { fileId: await storeBookmarkFile(db, user, { fileName: file.name, bytes }), form }
}
