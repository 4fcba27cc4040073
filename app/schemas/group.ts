import { isUploadPath } from '#app/uploads/upload-path.ts'
import { IconField, isIconValue, LinkUrl } from './content.ts'
import { ObjectId } from './ids.ts'
import { nameText } from './text.ts'
import { z } from './zod.ts'

/**
 * Forms and /api payloads of groups (spec §3 Group, Group category, Group bookmark; §7 /api/group).
 * The spec gives no lengths for group fields (§9): a group's name is as long as a homepage's (20),
 * its summary 200, a category's title as a category's (20); a bookmark as a homepage's link.
 */

export const GROUP_PAGE_SIZE = 20
/** Spec §9: the group trash, the bookmark trash and the search show 5 a page. */
export const GROUP_SMALL_PAGE_SIZE = 5

const optionalId = z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), ObjectId.optional())
const optionalIcon = z
  .string()
  .trim()
  .max(200, '请选择图标')
  .refine((value) => value === '' || isIconValue(value), '请选择图标')
  .catch('')
  .default('')
const flag = z.preprocess((v) => v === '1' || v === 1 || v === true || v === 'on' || v === 'true', z.boolean())

/** Paging of a list: out-of-range values fall back to the default. */
export const paging = (size = GROUP_PAGE_SIZE) => ({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  size: z.coerce.number().int().min(1).max(100).catch(size),
})

export const GroupSchema = z.object({
  id: optionalId,
  name: nameText({ required: '请输入小组名称', max: 20, tooLong: '小组名称不能超过20个字' }),
  summary: nameText({ max: 200, tooLong: '小组简介不能超过200个字' }).default(''),
  icon: IconField,
  isOpen: flag.default(false),
})
export type GroupInput = z.infer<typeof GroupSchema>

export const GroupCategorySchema = z.object({
  id: optionalId,
  groupId: ObjectId,
  title: nameText({ required: '请输入分类名称', max: 20, tooLong: '分类名称不能超过20个字' }),
  icon: optionalIcon,
})
export type GroupCategoryInput = z.infer<typeof GroupCategorySchema>

export const GroupBookmarkSchema = z.object({
  id: optionalId,
  cid: ObjectId,
  name: nameText({ required: '请输入网站名称', max: 100, tooLong: '网站名称的长度不能超过100个字' }),
  url: LinkUrl,
  note: nameText({ max: 100, tooLong: '备注的长度不能超过100个字' }).default(''),
  icon: optionalIcon,
})
export type GroupBookmarkInput = z.infer<typeof GroupBookmarkSchema>

/** review-contribute and review-apply: 1 approves, 2 turns down (the spec shows the field, not its values). */
export const ReviewStatus = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'approve' || v === 'approved' ? 'approved' : v === 2 || v === '2' || v === 'reject' || v === 'rejected' ? 'rejected' : v),
  z.enum(['approved', 'rejected'], { error: '请选择审核结果' }),
)

/** move-bookmark's cmd: one place up or down in its category, or (with targetCid) to the end of another category. */
export const MoveCommand = z.enum(['up', 'down', 'move'], { error: '参数错误' }).catch('move')

/** The banner's keys (save-banner-params) and what each holds. */
export const BANNER_KEYS = {
  slogan: nameText({ max: 50, tooLong: '标语不能超过50个字' }),
  color: z.string().trim().regex(/^(#[0-9a-fA-F]{6})?$/, '请选择正确的颜色'),
  image: z.string().trim().max(200).refine((v) => v === '' || isUploadPath(v), '请上传图片'),
} as const
export type BannerKey = keyof typeof BANNER_KEYS
export const BannerParamsSchema = z
  .object({ groupId: ObjectId, key: z.enum(Object.keys(BANNER_KEYS) as [BannerKey, ...BannerKey[]], { error: '参数错误' }), value: z.unknown() })
  .transform((input, ctx) => {
    const parsed = BANNER_KEYS[input.key].safeParse(input.value ?? '')
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '参数错误' })
      return z.NEVER
    }
    return { groupId: input.groupId, key: input.key, value: parsed.data }
  })
