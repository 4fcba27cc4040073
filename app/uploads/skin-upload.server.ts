import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { uploadCustomSkin } from '#app/services/skin-background.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { readFormDataCapped } from './form-data.server.ts'
import { IMAGE_LIMITS } from './image.server.ts'
import { UPLOAD_RATE_MSG } from './upload-api.server.ts'

export const NO_FILE_MSG = '请选择要上传的图片'
/** Room for the multipart boundaries and the small fields next to the file. */
const FORM_OVERHEAD = 64 * 1024

/**
 * A custom skin upload from a multipart request (`file`), for /api/skin/upload and the drawer's
 * form without JavaScript (/api/skin/upload): the per-user upload limit, the body capped at
 * 3 MB and a little (the spec's 3M message), then checked, re-encoded and put in the history.
 */
export async function uploadSkinFrom(db: Db, user: User, request: Request) {
  await consumeOrThrow(db, 'upload', `user:${user.id}`, UPLOAD_RATE_MSG)
  const { maxBytes, sizeMessage } = IMAGE_LIMITS.skin
  const form = await readFormDataCapped(request, maxBytes + FORM_OVERHEAD, sizeMessage)
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) throw new DomainError(NO_FILE_MSG)
  return { form, skin: await uploadCustomSkin(db, user, Buffer.from(await file.arrayBuffer())) }
}
