import { PageNumber } from './ids.ts'
import { z } from './zod.ts'

/** 'font': an icon of the library (`tabler:star`); 'image': an uploaded picture (`/uploads/…`). */
export const ICON_TYPES = ['font', 'image'] as const
export type IconType = (typeof ICON_TYPES)[number]

/** Spec §9: the icon selector keeps the 10 icons used last. */
export const ICON_HISTORY_LIMIT = 10
/** The pseudo-category of the icon selector holding the user's recent icons. */
export const HISTORY_CATEGORY_ID = 'history'
export const ICON_PAGE_SIZE = 60
export const ICON_PAGE_SIZE_MAX = 200

export const ICON_REQUIRED_MSG = '请选择图标'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/** POST /api/bookmark/insert-icon-history {key, type default image} (spec §7). */
export const IconUseSchema = z.object({
  key: z.string({ error: ICON_REQUIRED_MSG }).trim().min(1, ICON_REQUIRED_MSG).max(300, ICON_REQUIRED_MSG),
  type: z.preprocess(blankToUndefined, z.enum(ICON_TYPES, { error: '图标类型不正确' }).default('image')),
})
export type IconUseInput = z.infer<typeof IconUseSchema>

/** GET /api/bookmark/icon-list {id, keyword, page, size}: id is an icon category id. */
export const IconListQuerySchema = z.object({
  id: z.preprocess(blankToUndefined, z.string().trim().max(50, '图标分类不存在').optional()),
  keyword: z.preprocess(blankToUndefined, z.string().trim().max(50, '搜索关键词不能超过50个字').optional()),
  page: z.preprocess(blankToUndefined, PageNumber.default(1)),
  size: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: '每页数量不正确' })
      .int('每页数量不正确')
      .min(1, '每页数量不正确')
      .max(ICON_PAGE_SIZE_MAX, `每页数量不能超过${ICON_PAGE_SIZE_MAX}`)
      .default(ICON_PAGE_SIZE),
  ),
})
export type IconListQuery = z.infer<typeof IconListQuerySchema>
