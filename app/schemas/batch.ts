import { ObjectId } from './ids.ts'
import { z } from './zod.ts'

/** Batch format of a category (spec §9: font size 12-30px, one of the 7 colours, bold, align). */
export const BAG_FONT_SIZES = Array.from({ length: 19 }, (_, i) => 12 + i)
const SIZE_MSG = '字号在12px至30px之间'

const blank = (value: unknown) => (value === '' || value === null ? undefined : value)

export const BagFormatSchema = z.object({
  bid: ObjectId,
  size: z.preprocess(blank, z.coerce.number({ error: SIZE_MSG }).int(SIZE_MSG).min(12, SIZE_MSG).max(30, SIZE_MSG).optional()),
  color: z.preprocess(blank, z.string().regex(/^#[0-9a-fA-F]{6}$/, '请选择正确的颜色').optional()),
  bold: z.preprocess((v) => v === '1' || v === 'on', z.boolean()),
  align: z.preprocess(blank, z.enum(['left', 'center', 'right'], { error: '对齐方式不正确' }).optional()),
})
export type BagFormatInput = z.infer<typeof BagFormatSchema>

/** The stored formats of a category from the dialog's fields (empty fields: the theme's). */
export function bagFormats(input: BagFormatInput) {
  return {
    ...(input.size ? { size: `${input.size}px` } : {}),
    ...(input.color ? { color: input.color.toLowerCase() } : {}),
    ...(input.bold ? { weight: 'bold' } : {}),
    ...(input.align ? { align: input.align } : {}),
  }
}

/** Spec §9: the choose-source dialog lists 10 links to a page. */
export const CHOOSE_PAGE_SIZE = 10
