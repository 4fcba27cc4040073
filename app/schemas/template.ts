import { IdempotencyKey } from './idempotency-key.ts'
import { ObjectId } from './ids.ts'
import { z } from './zod.ts'

/** Adding a built-in module template to a homepage (/api/module/choose-template; the template dialog; the welcome page). */

export const TEMPLATE_NOT_FOUND = '模板不存在'
/** The welcome page's form sent with no template ticked. */
export const NO_TEMPLATE_CHOSEN = '请选择要添加的模板'

/** A template's id (the /api names it moduleId); one that is a number but no template is the service's to refuse, with the same words. */
const TemplateId = z.coerce.number({ error: TEMPLATE_NOT_FOUND }).int(TEMPLATE_NOT_FOUND).positive(TEMPLATE_NOT_FOUND).max(1000, TEMPLATE_NOT_FOUND)

export const ChooseTemplateSchema = z.object({
  homepageId: ObjectId,
  templateId: TemplateId,
  /** The form's one-time token: submitted twice (a double click, a retry), the template is added once. */
  key: IdempotencyKey,
})

export type ChooseTemplateInput = z.infer<typeof ChooseTemplateSchema>

/** The welcome page (routes/welcome.tsx): the templates ticked, in the menu's order, to the user's own homepage. */
export const StartFromTemplatesSchema = z.object({
  templateIds: z.array(TemplateId).min(1, NO_TEMPLATE_CHOSEN),
  key: IdempotencyKey,
})

export type StartFromTemplatesInput = z.infer<typeof StartFromTemplatesSchema> & { homepageId: number }
