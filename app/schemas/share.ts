import { ObjectId } from './ids.ts'
import { z } from './zod.ts'
import { nameText } from './text.ts'

/** What save-share-params may set on a shared module, each with its rule: the shared page's own title and summary. */
export const SHARE_PARAMS = {
  title: nameText({ max: 20, tooLong: '标题不能超过20个字' }),
  summary: nameText({ max: 100, tooLong: '简介不能超过100个字' }),
} as const

/** The share dialog's form: both at once. */
export const ShareIntroSchema = z.object({
  moduleId: ObjectId,
  title: z.preprocess((v) => v ?? '', SHARE_PARAMS.title),
  summary: z.preprocess((v) => v ?? '', SHARE_PARAMS.summary),
})
export type ShareIntroInput = z.infer<typeof ShareIntroSchema>
