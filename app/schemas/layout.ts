import { ObjectId } from './ids.ts'
import { z } from './zod.ts'

export const LAYOUT_VALUE_MSG = '设置项的取值不正确'
export const LAYOUT_EMPTY_MSG = '没有要保存的设置'

/** 'true' / '1' / 'on' from forms and query strings, or a JSON boolean. */
const switchValue = z.preprocess((v) => {
  if (v === true || v === 'true' || v === '1' || v === 1 || v === 'on') return true
  if (v === false || v === 'false' || v === '0' || v === 0) return false
  return v
}, z.boolean({ error: LAYOUT_VALUE_MSG }))
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: LAYOUT_VALUE_MSG })
const whole = (min: number, max: number) =>
  z.coerce.number({ error: LAYOUT_VALUE_MSG }).int(LAYOUT_VALUE_MSG).min(min, LAYOUT_VALUE_MSG).max(max, LAYOUT_VALUE_MSG)
const word = z.string().trim().regex(/^[a-z][a-z0-9-]{0,19}$/, LAYOUT_VALUE_MSG)

/**
 * The layout config fields a homepage's owner may change (spec §3 Layout config, §9 ranges), each
 * with its own rule. Only these keys reach the database: anything else in a body is ignored.
 */
export const LAYOUT_FIELDS = {
  mode: oneOf(['default', 'focus', 'screen', 'simple']),
  engineVisible: switchValue,
  websiteVisible: switchValue,
  websitePrivacy: switchValue,
  websiteRememberCid: switchValue,
  websiteBookmarkStyle: word,
  websiteBookmarkColumn: whole(1, 12),
  moduleRememberTab: switchValue,
  bookmarkOpenNewTab: switchValue,
  bookmarkChildBadge: switchValue,
  bookmarkFolderBadge: switchValue,
  sidebarPosition: oneOf(['left', 'right', 'none']),
  anchorPosition: oneOf(['left', 'right', 'top', 'none']),
  rootFontSize: whole(14, 19),
  cardBorderWidth: whole(0, 2),
  engineBgSize: word,
  screenSliderWidth: whole(0, 100),
  bannerMode: oneOf(['default', 'search']),
  backgroundArea: oneOf(['engine', 'full']),
  navigationDisplay: oneOf(['fixed', 'opacity']),
  themeColorId: whole(0, 16),
  maxColumnHeight: whole(1, 20),
} as const
export type LayoutField = keyof typeof LAYOUT_FIELDS

/** The 管理模块 dialog's 每个分类最多显示 N 行 (save-max-column {homepageId, height}). */
export const MaxColumnSchema = z.object({
  homepageId: ObjectId,
  height: LAYOUT_FIELDS.maxColumnHeight,
})
/** The homepage settings of save-info (spec §3 Homepage settings). */
export const HOMEPAGE_SETTING_FIELDS = ['websiteVisible', 'engineVisible', 'sidebarPosition', 'anchorPosition', 'rootFontSize'] as const

/** A partial layout from the given fields: absent or blank fields are left as they are; at least one is needed. */
export function layoutPatchSchema(fields: readonly LayoutField[]) {
  const shape = Object.fromEntries(
    fields.map((name) => [name, z.preprocess((v) => (v === '' || v === null ? undefined : v), LAYOUT_FIELDS[name].optional())]),
  ) as { [K in LayoutField]?: z.ZodType<z.output<(typeof LAYOUT_FIELDS)[K]> | undefined> }
  return z
    .object(shape)
    .transform((patch) => Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)))
    .refine((patch) => Object.keys(patch).length > 0, LAYOUT_EMPTY_MSG)
}

export const ALL_LAYOUT_FIELDS = Object.keys(LAYOUT_FIELDS) as LayoutField[]

/** Whether the homepage shows its popover entry (spec §3 popVisible); true until turned off. */
export function popVisibleOf(settings: Record<string, unknown>) {
  return settings.popVisible !== false
}
