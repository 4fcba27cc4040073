import { data, redirect } from 'react-router'
import type { Route } from './+types/resources.skin-upload'
import { signInHref } from '#app/components/auth/dialog-url.ts'
import { appContext, userContext } from '#app/context.ts'
import { UPLOADED_MSG } from '#app/services/skin-background.server.ts'
import { uploadSkinFrom } from '#app/uploads/skin-upload.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { safeRedirect } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/** Nothing to show: the skin drawer's upload form posts here. */
export function loader() {
  throw data('请求方法不允许', { status: 405 })
}

/**
 * The skin drawer's custom upload as a plain multipart form (works without JavaScript; spec §5):
 * the same upload as /api/skin/upload, then back to the drawer (`?redirectTo=`, in the query so
 * it survives a body refused as too large) with the result as a toast. Guests go to sign in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const back = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), request)
  const user = context.get(userContext)
  if (!user) return redirect(signInHref(back))
  try {
    await uploadSkinFrom(context.get(appContext).db, user, request)
    return redirectWithToast(back, { type: 'success', msg: UPLOADED_MSG })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(back, { type: 'error', msg: error.message })
  }
}
