import { postOnly } from '#app/api/method.server.ts'
import { uploadAction } from '#app/uploads/upload-api.server.ts'

export const loader = postOnly

/** POST /api/upload/index (multipart, module=website; type=homepage for a homepage icon) → {code, src, key, msg}. */
export const action = uploadAction({ modules: ['website'], maxFileBytes: 500 * 1024, tooLargeMessage: '文件大小不能超过500KB' })
