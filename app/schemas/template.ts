import { IdempotencyKey } from './idempotency-key.ts'
import { ObjectId } from './ids.ts'
import { z } from './zod.ts'

/** Adding a built-in module template to a homepage (/api/module/choose-template; the template dialog). */

export const TEMPLATE_NOT_FOUND = '模板不存在'

export const ChooseTemplateSchema = z.object({
  homepageId: ObjectId,
  /** The template's id (the /api names it moduleId). */
  templateId: z.coerce.number({ error: TEMPLATE_NOT_FOUND }).int(TEMPLATE_NOT_FOUND).positive(TEMPLATE_NOT_FOUND).max(1000, TEMPLATE_NOT_FOUND),
  /** The form's one-time token: submitted twice (a double click, a retry), the template is added once. */
  key: IdempotencyKey,
})

export type ChooseTemplateInput = z.infer<typeof ChooseTemplateSchema>
