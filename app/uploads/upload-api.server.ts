import type { RouterContextProvider } from 'react-router'
import { apiFail, apiFlat, SERVER_ERROR_MSG } from '#app/api/envelope.server.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { appContext, userContext } from '#app/context.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { readFormDataCapped } from './form-data.server.ts'
import { storeImage, type ImageKind } from './image.server.ts'
import type { UploadStorage } from './storage.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }
export type UploadModule = 'notepad' | 'website'

export const UPLOAD_RATE_MSG = '上传过于频繁，请稍后再试'

/** Room for the multipart boundaries and the small text fields next to the file. */
const FORM_OVERHEAD = 64 * 1024

/**
 * POST /api/upload and /api/upload/index (spec §7): multipart with `file`, `module` and, for a
 * homepage icon, `type=homepage`. The legacy answers are flat: notepad {code, src, msg}, website
 * {code, src, key, msg}; a refusal is HTTP 200 {code: 0, msg} and writes nothing.
 */
export function uploadAction({
  modules,
  maxFileBytes,
  tooLargeMessage,
  storage,
}: {
  modules: readonly UploadModule[]
  /** The largest file this path takes; the body may be a little larger. */
  maxFileBytes: number
  tooLargeMessage: string
  storage?: UploadStorage
}) {
  return async ({ request, context }: Args): Promise<Response> => {
    try {
      const user = context.get(userContext)
      if (!user) throw new NotSignedInError()
      const { db } = context.get(appContext)
      await consumeOrThrow(db, 'upload', `user:${user.id}`, UPLOAD_RATE_MSG)
      const form = await readFormDataCapped(request, maxFileBytes + FORM_OVERHEAD, tooLargeMessage)
      const module = form.get('module')
      if (!modules.some((m) => m === module)) throw new DomainError('上传类型不正确')
      const file = form.get('file')
      if (!(file instanceof File)) throw new DomainError('请选择要上传的图片')
      const kind: ImageKind = module === 'notepad' ? 'notepad' : form.get('type') === 'homepage' ? 'homepage-icon' : 'icon'
      const { src, key } = await storeImage(Buffer.from(await file.arrayBuffer()), kind, { db, userId: user.id, storage })
      return module === 'notepad' ? apiFlat({ code: 1, src, msg: '上传成功' }) : apiFlat({ code: 1, src, key, msg: '上传成功' })
    } catch (error) {
      if (error instanceof NotSignedInError) return apiFail(error.message, { code: error.code, status: 403 })
      if (error instanceof DomainError) return apiFlat({ code: error.code, msg: error.message })
      console.error(error)
      return apiFail(SERVER_ERROR_MSG, { code: 500, status: 500 })
    }
  }
}
