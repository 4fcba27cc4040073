import type { RouterContextProvider } from 'react-router'
import { apiFail, apiOk, SERVER_ERROR_MSG } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { appContext, userContext } from '#app/context.ts'
import { UPLOADED_MSG } from '#app/services/skin-background.server.ts'
import { uploadSkinFrom } from '#app/uploads/skin-upload.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'

export const loader = postOnly

/**
 * POST /api/skin/upload (multipart `file`; jpeg/jpg/png/webp, 3 MB): signed-in users only; answers
 * the new history entry {id, key, url}. A refusal is code 0 with the message and stores nothing.
 * Not defineApi: its body cap (1 MB) is for forms; this one reads its own, capped at 3 MB.
 */
export async function action({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  try {
    const user = context.get(userContext)
    if (!user) throw new NotSignedInError()
    const { db } = context.get(appContext)
    return apiOk((await uploadSkinFrom(db, user, request)).skin, UPLOADED_MSG)
  } catch (error) {
    if (error instanceof NotSignedInError) return apiFail(error.message, { code: error.code, status: 403 })
    if (error instanceof DomainError) return apiFail(error.message, { code: error.code })
    console.error(error)
    return apiFail(SERVER_ERROR_MSG, { code: 500, status: 500 })
  }
}
