import { signInHref } from '#app/components/auth/dialog-url.ts'
import { href, redirect, type RouterContextProvider } from 'react-router'
import { appContext, userContext } from '#app/context.ts'
import type { Db } from '#app/db/client.server.ts'
import type { Actor } from '#app/services/access.server.ts'
import type { ExportScope } from '#app/schemas/export.ts'
import { type ExportFile, exportScopeOf } from '#app/services/export.server.ts'
import { attachmentResponse } from '#app/utils/download.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { appOrigin, viewerTimeZone } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const EXPORT_PAGE = href('/user/export')

/** Guests sign in first and come back to the export page (not to a download they would not see). */
export const exportLoginHref = signInHref(EXPORT_PAGE)

type Exporter = (db: Db, actor: Actor, scope: ExportScope, clock: { timeZone?: string; origin?: string }) => Promise<ExportFile>

/**
 * The loader of a download route (`?homepage=all|{id}`): guard, parse, call the export service,
 * answer the file. A refusal (not the user's homepage) goes back to the export page with its message.
 */
export function downloadLoader(exporter: Exporter) {
  return async ({ request, context, url }: { request: Request; context: Readonly<RouterContextProvider>; url: URL }) => {
    const user = context.get(userContext)
    if (!user) throw redirect(exportLoginHref)
    const { db } = context.get(appContext)
    try {
      const file = await exporter(db, user, exportScopeOf(url.searchParams.get('homepage')), { timeZone: viewerTimeZone(request), origin: appOrigin(url) })
      return attachmentResponse(file)
    } catch (error) {
      if (error instanceof DomainError) return redirectWithToast(EXPORT_PAGE, { type: 'error', msg: error.message })
      throw error
    }
  }
}
