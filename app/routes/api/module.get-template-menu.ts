import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { templateMenu } from '#app/services/module-templates.server.ts'

export const action = getOnly

/** GET /api/module/get-template-menu: the built-in module templates (the same for everyone). */
export const loader = defineApi(z.object({}), async () => templateMenu())
