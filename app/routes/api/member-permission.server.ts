import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import type { MemberPermission } from '#app/db/schema/index.ts'
import { apiId, firstGiven, withHomepageId } from '#app/api/params.ts'
import { setMemberPermission } from '#app/services/members.server.ts'

/** set-manager, remove-manager and change-permission {homepageId, userId (or uid)}: owner only; never the creator. */
export function memberPermissionAction(permission: MemberPermission | 'toggle') {
  return defineApi(
    withHomepageId(
      z.preprocess((raw) => {
        const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
        return { ...input, userId: firstGiven(input.userId, input.uid) }
      }, z.object({ homepageId: apiId, userId: apiId })),
    ),
    async (input, { db, user }) => apiOk(await setMemberPermission(db, user, input.homepageId, input.userId, permission), '设置成功'),
    { auth: true },
  )
}
