import { postOnly } from '#app/api/method.server.ts'
import { uploadAction } from '#app/uploads/upload-api.server.ts'

export const loader = postOnly

/** POST /api/upload (multipart): module=notepad → {code, src, msg}; module=website → {code, src, key, msg}. */
export const action = uploadAction({ modules: ['notepad', 'website'], maxFileBytes: 3 * 1024 * 1024, tooLargeMessage: '上传图片不能超过3M' })
