import { isIconValue } from './content.ts'
import { ObjectId } from './ids.ts'
import { z } from './zod.ts'
import { nameText } from './text.ts'

/** Defaults of the layout config (spec §3, §9); a homepage stores only what its owner changed. */
export const DEFAULT_LAYOUT = {
  mode: 'default',
  engineVisible: true,
  websiteVisible: true,
  websitePrivacy: false,
  websiteRememberCid: false,
  websiteBookmarkStyle: 'default',
  websiteBookmarkColumn: 6,
  moduleRememberTab: false,
  bookmarkOpenNewTab: true,
  bookmarkChildBadge: true,
  bookmarkFolderBadge: true,
  sidebarPosition: 'right',
  anchorPosition: 'left',
  rootFontSize: 16,
  cardBorderWidth: 1,
  cardBorderColor: '',
  cardBgColor: '',
  engineBgSize: 'default',
  screenSliderWidth: 0,
  bannerMode: 'default',
  backgroundArea: 'engine',
  navigationDisplay: 'fixed',
  themeColorId: 0,
  maxColumnHeight: 6,
} as const

export const DEFAULT_SKIN = {
  type: 'color',
  image: '',
  color: '',
  repeat: 'cover',
  fuzzy: 0,
  opacity: 100,
  theme: 0,
} as const

/** The header label of a homepage without a title: nickname + 的主页. */
export function homepageLabel(title: string, ownerNickname: string) {
  return title.trim() || `${ownerNickname}的主页`
}

// ---------------------------------------------------------------------------------------------
// Add / edit a homepage (spec §5)

/**
 * First path segments that are ours (spec §2 routes, app/routes.ts, the server's static paths):
 * a personal domain equal to one would be shadowed by the route or shadow a future one.
 */
export const RESERVED_CODES = new Set([
  'api', 'assets', 'blog', 'c', 'collection', 'discover', 'editor', 'err', 'favicon', 'forget', 'friend-links',
  'group', 'help', 'index', 'invite', 'login', 'logout', 'mobile', 'note', 'notes', 'oauth', 'plugin',
  'preview', 'register', 'resources', 'robots', 's', 'search', 'site', 'sitemap', 'super', 'tool', 'tools',
  'upload', 'uploads', 'user', 'admin', 'static', 'public', 'www', 'write', 'import', 'export', 'weather',
  'email', 'terms', 'privacy', 'welcome', 'share', 'manifest', 'ai', 'changelog',
  'm', 'offline',
  // The balancer's health checks (server/health.ts).
  'healthz', 'livez',
])

export const CODE_TAKEN_MSG = '该个性域名已被占用'
export const CODE_RESERVED_MSG = '该个性域名为系统保留，请换一个'
export const CODE_LENGTH_MSG = '个性域名长度在4至20个字符内'
export const CODE_FORMAT_MSG = '4-20位数字、字母、中划线组合，且必须为字母开头'
export const CODE_REQUIRED_MSG = '请输入个性域名'

/** A personal domain as stored and compared: full-width letters folded (NFKC), spaces trimmed. */
export function normaliseCode(code: string) {
  return code.normalize('NFKC').trim()
}

/** The rules of a given code, after folding; empty means none. */
const code = z.preprocess(
  (v) => (typeof v === 'string' ? normaliseCode(v) || undefined : v),
  z
    .string()
    .min(4, CODE_LENGTH_MSG)
    .max(20, CODE_LENGTH_MSG)
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/, CODE_FORMAT_MSG)
    .refine((value) => !RESERVED_CODES.has(value.toLowerCase()), CODE_RESERVED_MSG)
    .optional(),
)

/**
 * Create (no homepageId: the code is optional) or edit (homepageId: the code is required). One
 * schema for the dialog and POST /api/homepage/add.
 */
export const HomepageSchema = z
  .object({
    homepageId: z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), ObjectId.optional()),
    title: nameText({ required: '请输入主页名称', max: 20, tooLong: '主页名称不能超过20个字' }),
    summary: nameText({ max: 100, tooLong: '主页简介不能超过100个字' })
      .optional()
      .transform((v) => v ?? ''),
    icon: z
      .string({ error: '请上传图标' })
      .trim()
      .min(1, { error: '请上传图标', abort: true })
      .max(200, '请上传图标')
      .refine(isIconValue, '请上传图标'),
    code,
  })
  .superRefine((input, ctx) => {
    if (input.homepageId && !input.code) ctx.addIssue({ code: 'custom', path: ['code'], message: CODE_REQUIRED_MSG })
  })
export type HomepageInput = z.output<typeof HomepageSchema>

/**
 * 分享 → 公开主页 in one step: a homepage without a personal domain is given one with the same
 * submit (prefilled with a free suggestion); one that has one ignores the field.
 */
export const PublishHomepageSchema = z.object({ homepageId: ObjectId, code })
export type PublishHomepageInput = z.output<typeof PublishHomepageSchema>
