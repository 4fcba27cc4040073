import { postOnly } from '#app/api/method.server.ts'
import { memberPermissionAction } from './member-permission.server.ts'

export const loader = postOnly

/** POST /api/homepage/set-manager {homepageId, userId}: makes a member a manager. */
export const action = memberPermissionAction('manager')
