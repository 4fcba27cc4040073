import { postOnly } from '#app/api/method.server.ts'
import { memberPermissionAction } from './member-permission.server.ts'

export const loader = postOnly

/** POST /api/homepage/change-permission {homepageId, uid}: toggles a member between member and manager. */
export const action = memberPermissionAction('toggle')
