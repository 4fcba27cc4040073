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
/** The values of an option list (the drawer's radios), for oneOf. */
const valuesOf = <T extends readonly { value: string }[]>(options: T) => options.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]]
const whole = (min: number, max: number) =>
  z.coerce.number({ error: LAYOUT_VALUE_MSG }).int(LAYOUT_VALUE_MSG).min(min, LAYOUT_VALUE_MSG).max(max, LAYOUT_VALUE_MSG)
/** A colour as #rgb or #rrggbb (the card border and background colours). */
const colour = z.string().trim().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, LAYOUT_VALUE_MSG)

/** The page's own bookmark styles (websiteBookmarkStyle); a category's card config may override it. */
export const BOOKMARK_STYLES = [
  { value: 'default', name: '默认' },
  { value: 'card', name: '卡片' },
  { value: 'text', name: '文字' },
] as const
/** How tall the search area is (engineBgSize). */
export const ENGINE_BG_SIZES = [
  { value: 'small', name: '小' },
  { value: 'default', name: '中' },
  { value: 'large', name: '大' },
] as const

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
  websiteBookmarkStyle: oneOf(valuesOf(BOOKMARK_STYLES)),
  websiteBookmarkColumn: whole(1, 12),
  moduleRememberTab: switchValue,
  bookmarkOpenNewTab: switchValue,
  bookmarkChildBadge: switchValue,
  bookmarkFolderBadge: switchValue,
  sidebarPosition: oneOf(['left', 'right', 'none']),
  anchorPosition: oneOf(['left', 'right', 'top', 'none']),
  rootFontSize: whole(14, 19),
  cardBorderWidth: whole(0, 2),
  cardBorderColor: colour,
  cardBgColor: colour,
  engineBgSize: oneOf(valuesOf(ENGINE_BG_SIZES)),
  screenSliderWidth: whole(0, 100),
  bannerMode: oneOf(['default', 'search']),
  backgroundArea: oneOf(['engine', 'full']),
  navigationDisplay: oneOf(['fixed', 'opacity']),
  /** One of the 17 preset theme colours (spec §9; THEME_COLORS in skin.ts): the one rule for the layout drawer, set-config and the skin drawer. */
  themeColorId: whole(0, 16),
  maxColumnHeight: whole(1, 20),
} as const
export type LayoutField = keyof typeof LAYOUT_FIELDS

/** Spec §4: layout modes; simple is for signed-in users only (SIMPLE_MODE_MSG in guest-config.ts). */
export const LAYOUT_MODES = [
  { value: 'default', name: '默认' },
  { value: 'focus', name: '专注' },
  { value: 'screen', name: '全屏' },
  { value: 'simple', name: '简约' },
] as const
/**
 * Spec §4, §9: the page width of this device (a cookie, 365 days), whoever is signed in; the
 * widths are the page's max-width.
 */
export const PAGE_WIDTH_TYPES = [
  { value: 'default', name: '默认', width: '1200px' },
  { value: 'max-2', name: '最宽', width: '100%' },
  { value: 'max-1', name: '较宽', width: '1440px' },
  { value: 'normal', name: '标准', width: '1080px' },
  { value: 'min-1', name: '较窄', width: '960px' },
  { value: 'min-2', name: '最窄', width: '840px' },
] as const
export type PageWidthType = (typeof PAGE_WIDTH_TYPES)[number]['value']
export const PageWidthSchema = z.object({
  pageWidthType: z.enum(PAGE_WIDTH_TYPES.map((t) => t.value) as [PageWidthType, ...PageWidthType[]], { error: LAYOUT_VALUE_MSG }),
})

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

/** The on/off settings (spec §5: disabled for non-owners). */
export const LAYOUT_SWITCHES = [
  'engineVisible',
  'websiteVisible',
  'websitePrivacy',
  'websiteRememberCid',
  'moduleRememberTab',
  'bookmarkOpenNewTab',
  'bookmarkChildBadge',
  'bookmarkFolderBadge',
] as const satisfies readonly LayoutField[]
/** Radios disabled for guests (spec §5). */
export const OWNER_ONLY_RADIOS = ['backgroundArea', 'navigationDisplay'] as const satisfies readonly LayoutField[]
/** Sent by a slider let go (with JavaScript): saved like the form's button, but the drawer stays open. */
export const RELEASED_FIELD = 'released'
/** The hidden field naming the switches a drawer form showed: an unticked checkbox sends nothing. */
export const SWITCHES_FIELD = 'switches'

/** A layout form's values by field: each switch the form listed and left unticked is off. */
export function layoutFormValues(formData: FormData, fields: readonly LayoutField[]) {
  const values: Record<string, unknown> = {}
  for (const field of fields) {
    const value = formData.get(field)
    if (typeof value === 'string') values[field] = value
  }
  const listed = String(formData.get(SWITCHES_FIELD) ?? '').split(',')
  for (const name of LAYOUT_SWITCHES) if (listed.includes(name) && fields.includes(name) && values[name] === undefined) values[name] = 'false'
  return values
}
