import { ObjectId } from './ids.ts'
import { z } from './zod.ts'
import { plainText } from './text.ts'

/**
 * Reporting a link (/api/source/feedback {sour_id, type, otherType}; the report-a-link dialog).
 * The spec names the call only; these reasons are ours: what a person who finds a bad link on
 * someone's page would want to say. Codes are stored; labels are shown.
 */
export const REPORT_REASONS = [
  { code: 'broken', label: '链接失效/打不开' },
  { code: 'mismatch', label: '网址与名称不符' },
  { code: 'porn', label: '色情低俗' },
  { code: 'gambling', label: '赌博诈骗' },
  { code: 'illegal', label: '违法违规' },
  { code: 'infringement', label: '侵权' },
  { code: 'spam', label: '广告垃圾' },
  { code: 'other', label: '其他' },
] as const

export type ReportReason = (typeof REPORT_REASONS)[number]['code']
const REASON_CODES = REPORT_REASONS.map((r) => r.code) as [ReportReason, ...ReportReason[]]

export const reportReasonLabel = (code: string) => REPORT_REASONS.find((r) => r.code === code)?.label ?? code

export const REPORT_REASON_MSG = '请选择反馈原因'
export const REPORT_OTHER_MSG = '请填写具体原因'
export const REPORT_OTHER_MAX = 200
export const REPORT_OTHER_TOO_LONG = '具体原因不能超过200个字'

/**
 * A report: the link, one reason, and words of one's own (required for 其他, optional otherwise,
 * ≤ 200 characters, trimmed). Field names are the form's; the /api maps sour_id → sourceId.
 */
export const ReportSchema = z
  .object({
    sourceId: ObjectId,
    type: z.enum(REASON_CODES, { error: REPORT_REASON_MSG }),
    // Blank is absent in a form (Conform): the default, not an error.
    otherType: z
      .string({ error: REPORT_OTHER_MSG })
      .transform(plainText)
      .pipe(z.string().trim().refine((text) => [...text].length <= REPORT_OTHER_MAX, REPORT_OTHER_TOO_LONG))
      .default(''),
  })
  .refine((input) => input.type !== 'other' || input.otherType.length > 0, { message: REPORT_OTHER_MSG, path: ['otherType'] })

export type ReportInput = z.infer<typeof ReportSchema>
