import { postOnly } from '#app/api/method.server.ts'
import { memberPermissionAction } from './member-permission.server.ts'

export const loader = postOnly

/** POST /api/homepage/remove-manager {homepageId, userId}: makes a manager a plain member again. */
export const action = memberPermissionAction('member')
