import type { RouterContextProvider } from 'react-router'
import { redirect } from 'react-router'
import { apiFail, apiOk, SERVER_ERROR_MSG } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { signInHref } from '#app/components/auth/dialog-url.ts'
import { appContext, userContext } from '#app/context.ts'
import { UPLOADED_MSG } from '#app/services/skin-background.server.ts'
import { uploadSkinFrom } from '#app/uploads/skin-upload.server.ts'
import { DomainError, NotSignedInError, SIGNED_IN_ONLY_MSG } from '#app/utils/errors.ts'
import { safeRedirect } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export const loader = postOnly

/**
 * POST /api/skin/upload (multipart `file`; jpeg/jpg/png/webp, 3 MB): signed-in users only; answers
 * the new history entry {id, key, url}. A refusal is code 0 with the message and stores nothing.
 * Not defineApi: its body cap (1 MB) is for forms; this one reads its own, capped at 3 MB.
 *
 * The skin drawer's upload form posts here too, without JavaScript: with `?redirectTo=` (in the
 * query, so it survives a body refused as too large) the answer is a page's — back to the drawer
 * with the result as a toast, or a guest to sign in. One route, so no new entry in every page's
 * route manifest (the guest's JavaScript budget).
 */
export async function action({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  const back = redirectTo === null ? null : safeRedirect(redirectTo, request)
  try {
    const user = context.get(userContext)
    if (!user) throw new NotSignedInError(SIGNED_IN_ONLY_MSG)
    const { db } = context.get(appContext)
    const { skin } = await uploadSkinFrom(db, user, request)
    return back ? redirectWithToast(back, { type: 'success', msg: UPLOADED_MSG }) : apiOk(skin, UPLOADED_MSG)
  } catch (error) {
    if (error instanceof NotSignedInError) return back ? redirect(signInHref(back)) : apiFail(error.message, { code: error.code, status: 403 })
    if (error instanceof DomainError) return back ? redirectWithToast(back, { type: 'error', msg: error.message }) : apiFail(error.message, { code: error.code })
    console.error(error)
    return apiFail(SERVER_ERROR_MSG, { code: 500, status: 500 })
  }
}
