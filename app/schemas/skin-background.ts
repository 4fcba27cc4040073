import { isUploadPath } from '#app/uploads/upload-path.ts'
import { ObjectId } from './ids.ts'
import { z } from './zod.ts'

/**
 * A skin's background (spec §3 Skin: type, image, color, repeat, fuzzy, opacity; §9 the sliders
 * and the 15 colour groups), one rule for the drawer's forms, /api/skin/save, the stored skin JSON
 * and a viewer's cookie. Every value the page draws comes from a fixed list or an upload path of
 * ours, so nothing typed ever reaches the page's CSS.
 */

export const BG_TYPES = ['none', 'image', 'color', 'custom'] as const
export type BackgroundType = (typeof BG_TYPES)[number]
export type SkinBackground = {
  type: BackgroundType
  /** image: the library picture; custom: the upload's path. */
  skin_id: number
  image: string
  color: string
  repeat: 'cover' | 'repeat'
  opacity: number
  fuzzy: number
}
/** Spec §3 Custom history: id, key (the picture's path, what save's `image` takes), url (its 503×198 thumbnail). */
export type CustomSkin = { id: number; key: string; url: string }

export const DEFAULT_BACKGROUND: SkinBackground = { type: 'none', skin_id: 0, image: '', color: '', repeat: 'cover', opacity: 100, fuzzy: 0 }

export const OPACITY_MSG = '透明度的取值不正确'
export const FUZZY_MSG = '模糊度的取值不正确'
export const COLOR_MSG = '请选择列表中的颜色'
export const PICTURE_MSG = '请选择列表中的图片'
export const CUSTOM_MSG = '请先上传图片'

/** Spec §9: opacity 0–100, default 100; picking a picture at 100 sets 80. */
export const PICTURE_OPACITY = 80
/** Spec §9: blur 0–30 in steps of 5. */
export const FUZZY_STEP = 5
export const FUZZY_MAX = 30
/** Spec §4, §9: a new blur shows as loading for 1.5 s (with JavaScript, while the page draws it). */
export const BLUR_LOADING_MS = 1500
/** Spec §3 Skin repeat: how a picture fills the page — cover (铺满) or tiled at its own size (平铺). */
export const SKIN_REPEATS = [
  { value: 'cover', name: '铺满' },
  { value: 'repeat', name: '平铺' },
] as const satisfies readonly { value: SkinBackground['repeat']; name: string }[]
/** Spec §9: blur levels 5–30 map to 1–7 (spread evenly, rounded: 5→1, 10→2, 15→3, 20→5, 25→6, 30→7); 0 is none. */
export function fuzzyLevel(fuzzy: number) {
  return fuzzy <= 0 ? 0 : Math.round(1 + ((fuzzy - FUZZY_STEP) * 6) / (FUZZY_MAX - FUZZY_STEP))
}

const hsl = (h: number, s: number, l: number) => {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${f(0)}${f(8)}${f(4)}`
}
/** Eight shades of one hue, light to dark. */
const shades = (h: number, s: number) => [94, 88, 80, 70, 58, 46, 34, 22].map((l) => hsl(h, s, l))

/** Spec §3/§9: 15 colour groups in the skin panel, the first 'recommended'. */
export const COLOR_GROUPS: readonly { name: string; colors: readonly string[] }[] = [
  { name: '推荐', colors: ['#f5f7fa', '#e8f0fe', '#fdf6e3', '#eaf7ee', '#fdecef', '#2b2d42', '#1e3a5f', '#3c4043'] },
  { name: '红色', colors: shades(0, 70) },
  { name: '橙色', colors: shades(28, 80) },
  { name: '黄色', colors: shades(48, 85) },
  { name: '黄绿', colors: shades(80, 55) },
  { name: '绿色', colors: shades(130, 45) },
  { name: '青色', colors: shades(175, 55) },
  { name: '天蓝', colors: shades(200, 70) },
  { name: '蓝色', colors: shades(220, 65) },
  { name: '靛蓝', colors: shades(245, 50) },
  { name: '紫色', colors: shades(275, 50) },
  { name: '粉色', colors: shades(330, 70) },
  { name: '棕色', colors: shades(25, 35) },
  { name: '莫兰迪', colors: shades(200, 12) },
  { name: '灰色', colors: shades(0, 0) },
]
const COLORS = new Set(COLOR_GROUPS.flatMap((g) => g.colors))
export const isSkinColor = (value: string) => COLORS.has(value)

const int = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v)
export const Opacity = z.preprocess(int, z.number({ error: OPACITY_MSG }).int(OPACITY_MSG).min(0, OPACITY_MSG).max(100, OPACITY_MSG))
export const Fuzzy = z.preprocess(
  int,
  z
    .number({ error: FUZZY_MSG })
    .int(FUZZY_MSG)
    .min(0, FUZZY_MSG)
    .max(FUZZY_MAX, FUZZY_MSG)
    .refine((n) => n % FUZZY_STEP === 0, FUZZY_MSG),
)
const Repeat = z.preprocess((v) => (v === 'repeat' || v === 1 || v === '1' || v === true ? 'repeat' : 'cover'), z.enum(['cover', 'repeat']))
const blank = (v: unknown) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v)

/**
 * What is picked (the drawer's choice, /api/skin/save): one source — a library picture
 * (`skin_id`), an uploaded picture (`image`, an upload path) or a colour — and optionally the
 * repeat, opacity and blur. Whether the picture exists and is the viewer's is the service's check.
 */
export const PickSchema = z
  .object({
    skin_id: z.preprocess((v) => blank(int(v)), z.number({ error: PICTURE_MSG }).int(PICTURE_MSG).positive(PICTURE_MSG).optional()),
    image: z.preprocess(blank, z.string().refine(isUploadPath, CUSTOM_MSG).optional()),
    color: z.preprocess(blank, z.string().trim().toLowerCase().refine(isSkinColor, COLOR_MSG).optional()),
    repeat: Repeat.optional(),
    opacity: z.preprocess(blank, Opacity.optional()),
    fuzzy: z.preprocess((v) => (v === '' || v === null ? undefined : v), Fuzzy.optional()),
  })
  .refine((p) => p.skin_id !== undefined || p.image !== undefined || p.color !== undefined, { message: PICTURE_MSG, path: ['skin_id'] })
export type SkinPick = z.output<typeof PickSchema>

/** The sliders' form: opacity and blur only, the background kept. */
export const EffectsSchema = z.object({ opacity: Opacity, fuzzy: Fuzzy })

export const PickFormSchema = z.intersection(z.object({ homepageId: ObjectId }), PickSchema)
export const EffectsFormSchema = z.intersection(z.object({ homepageId: ObjectId }), EffectsSchema)
export const DeleteHistorySchema = z.object({ id: ObjectId })

/** The drawer's three background sources (spec §2), its `?tab=`. */
export const SKIN_TABS = [
  { value: 'image', name: '图片' },
  { value: 'color', name: '颜色' },
  { value: 'custom', name: '自定义' },
] as const
export type SkinTab = (typeof SKIN_TABS)[number]['value']

/**
 * A new background from the current one and a pick: the source replaces the old one; opacity and
 * blur are kept unless sent; a picture picked at full opacity gets 80 (spec §9).
 */
export function applyPick(current: SkinBackground, pick: SkinPick, pictureUrl: (skinId: number) => string | undefined): SkinBackground {
  const opacity = pick.opacity ?? current.opacity
  const fuzzy = pick.fuzzy ?? current.fuzzy
  const repeat = pick.repeat ?? current.repeat
  if (pick.skin_id !== undefined) {
    const image = pictureUrl(pick.skin_id)
    if (!image) throw new Error(PICTURE_MSG)
    return { type: 'image', skin_id: pick.skin_id, image, color: '', repeat, opacity: opacity === 100 ? PICTURE_OPACITY : opacity, fuzzy }
  }
  if (pick.image !== undefined) return { type: 'custom', skin_id: 0, image: pick.image, color: '', repeat, opacity: opacity === 100 ? PICTURE_OPACITY : opacity, fuzzy }
  return { type: 'color', skin_id: 0, image: '', color: pick.color!, repeat, opacity, fuzzy }
}

/**
 * A stored background (the skin JSON, a cookie) as far as it is still valid: a picture must be a
 * library one (checked by `pictureUrl`, its address taken from the library) or an upload path.
 */
export function cleanBackground(raw: unknown, pictureUrl: (skinId: number) => string | undefined): SkinBackground {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_BACKGROUND
  const r = raw as Record<string, unknown>
  const opacity = Opacity.safeParse(r.opacity)
  const fuzzy = Fuzzy.safeParse(r.fuzzy)
  const base = {
    ...DEFAULT_BACKGROUND,
    repeat: r.repeat === 'repeat' ? ('repeat' as const) : ('cover' as const),
    opacity: opacity.success ? opacity.data : 100,
    fuzzy: fuzzy.success ? fuzzy.data : 0,
  }
  if (r.type === 'image' && typeof r.skin_id === 'number') {
    const image = pictureUrl(r.skin_id)
    if (image) return { ...base, type: 'image', skin_id: r.skin_id, image }
  }
  if (r.type === 'custom' && typeof r.image === 'string' && isUploadPath(r.image)) return { ...base, type: 'custom', image: r.image }
  if (r.type === 'color' && typeof r.color === 'string' && isSkinColor(r.color)) return { ...base, type: 'color', color: r.color }
  return { ...base, type: 'none' }
}

/**
 * The page wrapper's custom properties for a background (homepage/layout.css draws them; nothing
 * per bookmark): the picture or colour, its size, opacity and blur.
 */
export function backgroundVars(bg: SkinBackground): Record<string, string> {
  if (bg.type === 'none') return {}
  const layer = bg.type === 'color' ? `linear-gradient(${bg.color},${bg.color})` : `url(${bg.image})`
  return {
    '--skin-background': layer,
    '--skin-size': bg.repeat === 'repeat' ? 'auto' : 'cover',
    '--skin-repeat': bg.repeat === 'repeat' ? 'repeat' : 'no-repeat',
    '--skin-opacity': String(bg.opacity / 100),
    '--skin-blur': `${fuzzyLevel(bg.fuzzy) * 2}px`,
  }
}
