import type { ActionFunctionArgs } from 'react-router'
import { apiFail, apiFlat, SERVER_ERROR_MSG } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { appContext, userContext } from '#app/context.ts'
import { UPLOADED_MSG } from '#app/services/imports.server.ts'
import { receiveBookmarkFile } from '#app/uploads/bookmark-file.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'

export const loader = postOnly

/** POST /api/import/upload (multipart `file`): a browser bookmark file, stored parsed → flat {code, fileId, msg}. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const user = context.get(userContext)
    if (!user) throw new NotSignedInError()
    const { fileId } = await receiveBookmarkFile(context.get(appContext).db, user, request)
    return apiFlat({ code: 1, fileId, msg: UPLOADED_MSG })
  } catch (error) {
    if (error instanceof NotSignedInError) return apiFail(error.message, { code: error.code, status: 403 })
    if (error instanceof DomainError) return apiFlat({ code: error.code, msg: error.message })
    console.error(error)
    return apiFail(SERVER_ERROR_MSG, { code: 500, status: 500 })
  }
}
