import { apiFlat } from '#app/api/envelope.server.ts'
import { defineApi } from '#app/api/define-api.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { RemoteImageSchema } from '#app/schemas/web-content.ts'
import { remoteNoteImage } from '#app/services/web-content.server.ts'

export const loader = postOnly

/**
 * POST /api/upload/remote {url} → {code, src, msg} (as /api/upload with module=notepad): an image
 * of another site pasted into a note, fetched by the server and kept as our own upload (spec §5:
 * pasted images are kept only from our host), at most 3 MB (上传图片不能超过3M).
 */
export const action = defineApi(RemoteImageSchema, async ({ url }, { db, user }) => apiFlat({ code: 1, src: await remoteNoteImage(db, user!, url), msg: '上传成功' }), { auth: true })
