import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { fromContract } from '#app/api/contract.ts'
import { ChooseTemplateSchema } from '#app/schemas/template.ts'
import { withHomepageId } from '#app/api/params.ts'
import { chooseTemplate, TEMPLATE_ADDED_MSG } from '#app/services/module-templates.server.ts'

export const loader = postOnly

/** POST /api/module/choose-template {homepageId (else gb-hid), moduleId (the template's id), key}: adds the template as a new module. */
export const action = defineApi(
  withHomepageId(fromContract({ homepageId: 'homepageId', moduleId: 'templateId', key: 'key' }, ChooseTemplateSchema)),
  async (input, { db, user }) => apiOk(await chooseTemplate(db, user, input), TEMPLATE_ADDED_MSG),
  { auth: true },
)
