import { ObjectId } from './ids.ts'
import { LAYOUT_EMPTY_MSG, LAYOUT_FIELDS } from './layout.ts'
import { Fuzzy, Opacity } from './skin-background.ts'
import { z } from './zod.ts'

/** Spec §3 Theme values: 0 day, 1 night, 2 timed (dark inside a window of the clock), 3 follow the system. */
export const THEMES = [
  { value: 0, name: '白天' },
  { value: 1, name: '黑夜' },
  { value: 2, name: '定时' },
  { value: 3, name: '跟随系统' },
] as const
export type ThemeValue = 0 | 1 | 2 | 3

/** Spec §5 Timed theme: both times are required (the spec words it in English, 'please select start time and end time'; users read Chinese). */
export const THEME_TIME_MSG = '请选择开始时间和结束时间'
export const THEME_VALUE_MSG = '主题的取值不正确'
export const SKIN_SAVED_MSG = '设置成功'
/** save-skin-params with a `type` other than theme, opacity or fuzzy. */
export const SKIN_PARAM_TYPE_MSG = '不支持的设置类型'
export const SKIN_CLEARED_MSG = '皮肤已重置'

/** A time of day as the drawer's `<input type="time">` sends it. */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

/** What a viewer's theme is: the value and, for the timed theme, its window (spec §3 clock_start, clock_end). */
export type ThemeSetting = { theme: ThemeValue; start: string; end: string }
export const DEFAULT_THEME: ThemeSetting = { theme: 0, start: '', end: '' }

const themeValue = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v),
  z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: THEME_VALUE_MSG }),
)
const clock = z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 5) : v === null || v === undefined ? '' : v), z.string())

/**
 * The theme save (the drawer's form, POST /api/skin/save-skin-params): a timed theme needs both
 * times (the message beside the start field); the times are kept only with it.
 */
export const ThemeSchema = z
  .object({ theme: themeValue, start: clock.optional().default(''), end: clock.optional().default('') })
  .superRefine((input, ctx) => {
    if (input.theme !== 2) return
    if (!CLOCK.test(input.start) || !CLOCK.test(input.end)) ctx.addIssue({ code: 'custom', path: ['start'], message: THEME_TIME_MSG })
  })
  .transform((input): ThemeSetting => (input.theme === 2 ? input : { theme: input.theme, start: '', end: '' }))

/** What save-skin-params {type, value} may set (spec §7): the theme, the background's opacity (0–100) and blur (fuzzy: 0–30 in steps of 5). */
export const SKIN_PARAM_TYPES = ['theme', 'opacity', 'fuzzy'] as const

/**
 * save-skin-params, once its legacy shapes are read (routes/api/skin.save-skin-params.ts): the
 * theme with its window and/or opacity and blur, each by its own rule (the drawer's); at least one.
 */
export const SkinParamsSchema = z
  .object({
    type: z.enum(SKIN_PARAM_TYPES, { error: SKIN_PARAM_TYPE_MSG }).optional(),
    setting: ThemeSchema.optional(),
    opacity: Opacity.optional(),
    fuzzy: Fuzzy.optional(),
  })
  .refine((p) => p.setting !== undefined || p.opacity !== undefined || p.fuzzy !== undefined, LAYOUT_EMPTY_MSG)
export type SkinParamsPatch = Omit<z.output<typeof SkinParamsSchema>, 'type'>

/** A stored theme (the skin JSON, a cookie) as far as it is still valid; anything else is the day theme. */
export function cleanTheme(raw: unknown): ThemeSetting | null {
  if (typeof raw !== 'object' || raw === null) return null
  const r = raw as Record<string, unknown>
  const parsed = ThemeSchema.safeParse({ theme: r.theme, start: r.start ?? r.clock_start, end: r.end ?? r.clock_end })
  return parsed.success ? parsed.data : null
}

export const SaveThemeFormSchema = z.intersection(z.object({ homepageId: ObjectId }), ThemeSchema)
/** The drawer's theme colour: the layout config's own rule (one of the 17 presets). */
export const SaveThemeColorFormSchema = z.object({ homepageId: ObjectId, themeColorId: LAYOUT_FIELDS.themeColorId })
export const ClearSkinFormSchema = z.object({ homepageId: ObjectId })

type Shades = { primaryColor: string; primaryBg: string; primaryHover: string; primaryDisabled: string }
export type ThemeColor = Shades & { id: number; name: string; dark: Shades }

/**
 * The 17 preset theme colours (spec §3 themeColor, §9). Each has its shades for the day theme and
 * for the night theme, chosen so that text in the colour, and white (day) or near-black (night)
 * text on it, keep WCAG AA contrast (4.5:1) against the page's backgrounds. 0 is the site's own.
 */
export const THEME_COLORS: readonly ThemeColor[] = [
  { id: 0, name: '默认蓝', primaryColor: '#2f6fed', primaryBg: '#eaf1fd', primaryHover: '#1f5bd6', primaryDisabled: '#a1bef7', dark: { primaryColor: '#749ae7', primaryBg: '#2c364a', primaryHover: '#97b4ed', primaryDisabled: '#44577d' } },
  { id: 1, name: '天空蓝', primaryColor: '#1c74a0', primaryBg: '#e8f1f6', primaryHover: '#165b7e', primaryDisabled: '#99c0d4', dark: { primaryColor: '#3ca7dd', primaryBg: '#223848', primaryHover: '#5fb7e3', primaryDisabled: '#2a5d79' } },
  { id: 2, name: '湖水青', primaryColor: '#177982', primaryBg: '#e8f2f3', primaryHover: '#11595f', primaryDisabled: '#97c3c7', dark: { primaryColor: '#3ccfdd', primaryBg: '#224048', primaryHover: '#5fd8e3', primaryDisabled: '#2a6f79' } },
  { id: 3, name: '薄荷绿', primaryColor: '#157958', primaryBg: '#e8f2ee', primaryHover: '#0f573f', primaryDisabled: '#96c3b4', dark: { primaryColor: '#3cdda7', primaryBg: '#22423e', primaryHover: '#5fe3b7', primaryDisabled: '#2a7561' } },
  { id: 4, name: '森林绿', primaryColor: '#167e39', primaryBg: '#e8f2eb', primaryHover: '#105b29', primaryDisabled: '#96c5a6', dark: { primaryColor: '#3cdd71', primaryBg: '#224234', primaryHover: '#5fe38b', primaryDisabled: '#2a7548' } },
  { id: 5, name: '青草绿', primaryColor: '#377915', primaryBg: '#ebf2e8', primaryHover: '#27570f', primaryDisabled: '#a5c396', dark: { primaryColor: '#71dd3c', primaryBg: '#2b422b', primaryHover: '#8be35f', primaryDisabled: '#427530' } },
  { id: 6, name: '橄榄绿', primaryColor: '#5d7515', primaryBg: '#eff1e8', primaryHover: '#41520f', primaryDisabled: '#b6c196', dark: { primaryColor: '#b4dd3c', primaryBg: '#37422b', primaryHover: '#c2e35f', primaryDisabled: '#607530' } },
  { id: 7, name: '琥珀黄', primaryColor: '#826717', primaryBg: '#f3f0e8', primaryHover: '#5f4c11', primaryDisabled: '#c7bb97', dark: { primaryColor: '#ddb43c', primaryBg: '#3f3b2b', primaryHover: '#e3c25f', primaryDisabled: '#736330' } },
  { id: 8, name: '橘子橙', primaryColor: '#a05a1c', primaryBg: '#f6efe8', primaryHover: '#7e4616', primaryDisabled: '#d4b599', dark: { primaryColor: '#dd873c', primaryBg: '#3f332b', primaryHover: '#e39c5f', primaryDisabled: '#734e30' } },
  { id: 9, name: '珊瑚红', primaryColor: '#c33d22', primaryBg: '#f9ece9', primaryHover: '#a0321c', primaryDisabled: '#e4a89c', dark: { primaryColor: '#e5806c', primaryBg: '#403133', primaryHover: '#eb9e8e', primaryDisabled: '#764b46' } },
  { id: 10, name: '中国红', primaryColor: '#d42534', primaryBg: '#fbe9eb', primaryHover: '#b21f2c', primaryDisabled: '#ec9da4', dark: { primaryColor: '#e77982', primaryBg: '#413037', primaryHover: '#ed9ba2', primaryDisabled: '#774850' } },
  { id: 11, name: '玫瑰红', primaryColor: '#d0255e', primaryBg: '#fae9ef', primaryHover: '#ad1f4e', primaryDisabled: '#ea9db7', dark: { primaryColor: '#e7799e', primaryBg: '#41303c', primaryHover: '#ed9bb7', primaryDisabled: '#77485d' } },
  { id: 12, name: '樱花粉', primaryColor: '#c72383', primaryBg: '#f9e9f3', primaryHover: '#a51d6c', primaryDisabled: '#e69cc7', dark: { primaryColor: '#e774b7', primaryBg: '#412f41', primaryHover: '#ed97c9', primaryDisabled: '#774668' } },
  { id: 13, name: '紫罗兰', primaryColor: '#b425d0', primaryBg: '#f8e9fa', primaryHover: '#961fad', primaryDisabled: '#dd9dea', dark: { primaryColor: '#d374e7', primaryBg: '#3d2f4a', primaryHover: '#de97ed', primaryDisabled: '#6e467d' } },
  { id: 14, name: '葡萄紫', primaryColor: '#8c3cdd', primaryBg: '#f4ecfc', primaryHover: '#7824cc', primaryDisabled: '#cba7f0', dark: { primaryColor: '#b886ea', primaryBg: '#38324a', primaryHover: '#cca8f0', primaryDisabled: '#624e7f' } },
  { id: 15, name: '靛青', primaryColor: '#493cdd', primaryBg: '#edecfc', primaryHover: '#3224cc', primaryDisabled: '#ada7f0', dark: { primaryColor: '#9a93ec', primaryBg: '#33354a', primaryHover: '#bab5f2', primaryDisabled: '#555480' } },
  { id: 16, name: '石墨灰', primaryColor: '#636e7e', primaryBg: '#eff1f2', primaryHover: '#515a67', primaryDisabled: '#b9bec5', dark: { primaryColor: '#929caa', primaryBg: '#31363f', primaryHover: '#a9b1bc', primaryDisabled: '#515862' } },
]

export const themeColorOf = (id: unknown): ThemeColor => THEME_COLORS.find((c) => c.id === id) ?? THEME_COLORS[0]!
