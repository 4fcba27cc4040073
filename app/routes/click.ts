import { apiId } from '#app/api/params.ts'
import { postOnly } from '#app/api/method.server.ts'
import { appContext, userContext } from '#app/context.ts'
import { recordClick } from '#app/services/source.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import type { Route } from './+types/click'

export const loader = postOnly

/**
 * POST /c/{id}: the short form (clickPing) of POST /api/source/click?id= for the `ping` attribute. Browsers
 * ignore a ping's answer, so there is none; a link the viewer may not see counts nothing.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const id = apiId.safeParse(params.id)
  if (id.success) {
    try {
      await recordClick(context.get(appContext).db, context.get(userContext), id.data)
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
    }
  }
  return new Response(null, { status: 204 })
}
