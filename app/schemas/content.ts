import { nameText } from './text.ts'
import { parseIconKey } from '#app/icons/icon-url.ts'
import { isUploadPath } from '#app/uploads/upload-path.ts'
import { ObjectId } from './ids.ts'
import { z } from './zod.ts'

/**
 * Forms and /api payloads for modules, categories (bags) and bookmarks (sources), with the
 * spec's messages (§5, §9). Isomorphic: the browser validates with them too.
 */

export const MAX_CHILDREN = 100
export const TOO_MANY_CHILDREN = '最多添加100个书签'

const id = ObjectId
const optionalId = z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), id.optional())
/**
 * An icon is a library key (`tabler:star`) or one of our own uploads (`/uploads/<name>`): never a
 * free string, since it ends up in a CSS url() or an <img src>.
 */
export const isIconValue = (value: string) => parseIconKey(value) !== null || isUploadPath(value)
/** A required icon field (modules, categories, groups): 请选择图标 when missing or not an icon. */
export const IconField = z.string({ error: '请选择图标' }).trim().min(1, '请选择图标').max(200, '请选择图标').refine(isIconValue, '请选择图标')
const icon = IconField
const optionalIcon = z
  .string()
  .trim()
  .max(200, '请选择图标')
  .refine((value) => value === '' || isIconValue(value), '请选择图标')
  .optional()
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, '请选择正确的颜色')
  .optional()
  .or(z.literal('').transform(() => undefined))

export const LINK_URL_MSG = '请输入http或https开头的链接'
const LINK_URL_MAX = 2048
/** A scheme as URLs start with one (`https:`, `javascript:`), unless it is a host and port (`example.com:8080`). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i

/**
 * The http(s) address a person meant: `www.baidu.com` is https://www.baidu.com/ (as browsers'
 * address bars read it), so long as the host then looks like a web host (has a dot, or is an IP
 * address); anything with a scheme is taken as written. Null when it is not a web address.
 */
function webAddress(value: string): string | null {
  const typed = SCHEME.test(value) ? null : `https://${value}`
  let url: URL
  try {
    url = new URL(typed ?? value)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username || url.password) return null
  if (typed && !/[.[]/.test(url.host)) return null
  return url.href.length <= LINK_URL_MAX ? url.href : null
}

/**
 * A bookmark address: only http and https, parsed the way browsers parse it (SECURITY.md §0.2);
 * one without a scheme gets https://. Every edge (pages, /api, imports) validates through this.
 */
export const LinkUrl = z
  .string({ error: '请输入网站链接URL' })
  .trim()
  .min(1, '请输入网站链接URL')
  .max(LINK_URL_MAX, LINK_URL_MSG)
  .transform((value, ctx) => {
    const href = webAddress(value)
    if (href === null) ctx.addIssue({ code: 'custom', message: LINK_URL_MSG })
    return href ?? value
  })

/** A link's name when its site names itself nowhere or cannot be fetched: the host (www.baidu.com). */
export const hostNameOf = (href: string) => new URL(href).hostname.replace(/\.$/, '').slice(0, 100)

export const FormatsSchema = z
  .object({
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional().catch(undefined),
    style: z.enum(['normal', 'italic', 'underline']).optional().catch(undefined),
    align: z.enum(['left', 'center', 'right']).optional().catch(undefined),
    weight: z.enum(['normal', 'bold']).optional().catch(undefined),
    size: z.string().regex(/^(1[2-9]|2[0-9]|30)px$/).optional().catch(undefined),
  })
  .catch({})

/** Spec §9: a bookmark's own font size is 12-22px (a category's batch format goes to 30). */
export const LINK_FONT_SIZES = Array.from({ length: 11 }, (_, i) => 12 + i)
const LinkFormatsSchema = FormatsSchema.transform(({ size, ...rest }) =>
  size && Number.parseInt(size, 10) <= 22 ? { ...rest, size } : rest,
)

export const ModuleSchema = z.object({
  moduleId: optionalId,
  homepageId: id,
  name: nameText({ required: '请输入模块名称', max: 20, tooLong: '模块名称不能超过20个字' }),
  icon,
  moduleType: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])).catch(0),
})

export const BagSchema = z.object({
  bid: optionalId,
  moduleId: id,
  parentId: optionalId,
  name: nameText({ required: '请输入名称', max: 20, tooLong: '名称不能超过20个字' }),
  icon,
  color,
})

const checkbox = z.preprocess((v) => v === '1' || v === 1 || v === true || v === 'on' || v === 'true', z.boolean())

export const LinkSchema = z.object({
  id: optionalId,
  bid: id,
  parentLinkId: optionalId,
  name: nameText({ required: '请输入网站名称', max: 100, tooLong: '网站名称的长度不能超过100个字' }),
  url: LinkUrl,
  note: nameText({ max: 100, tooLong: '备注的长度不能超过100个字' }).default(''),
  icon: optionalIcon,
  formats: LinkFormatsSchema.optional(),
  isOnlyOwnView: checkbox.default(false),
  isOnlyOwnViewRemark: nameText({ max: 100, tooLong: '备注的长度不能超过100个字' }).default(''),
})

export const FolderSchema = z.object({
  id: optionalId,
  bid: id,
  name: nameText({ required: '请输入文件夹名称', max: 30, tooLong: '名称不能超过30个字' }),
  summary: nameText({ max: 50, tooLong: '备注长度不能超过50个字' }).default(''),
  icon: optionalIcon,
})

export const DividerSchema = z.object({
  id: optionalId,
  bid: id,
  parentLinkId: optionalId,
  name: nameText({ max: 30, tooLong: '分割线标题不能超过30个字' }).default(''),
  align: z.enum(['left', 'center', 'right']).catch('center'),
  style: z.enum(['solid', 'dashed', 'double']).catch('solid'),
  color: color,
})

/** A note-type bookmark (create-base): its remark is its name. */
export const NoteSourceSchema = z.object({
  bid: id,
  parentId: optionalId,
  remark: nameText({ required: '请输入名称', max: 100, tooLong: '名称不能超过100个字' }),
})

export type ModuleInput = z.infer<typeof ModuleSchema>
export type BagInput = z.infer<typeof BagSchema>
export type LinkInput = z.infer<typeof LinkSchema>
export type FolderInput = z.infer<typeof FolderSchema>
export type DividerInput = z.infer<typeof DividerSchema>
export type NoteSourceInput = z.infer<typeof NoteSourceSchema>

/** A category's card layout (columns of the card, link style, columns of links); invalid values are dropped. */
export const CardConfigSchema = z.object({
  bid: ObjectId,
  column: z.coerce.number().int().min(1).max(12).optional().catch(undefined),
  linkStyle: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,19}$/)
    .optional()
    .catch(undefined),
  linkColumn: z.coerce.number().int().min(1).max(12).optional().catch(undefined),
})

/** How a category's links are drawn (card config linkStyle): tiles with big icons, pictures, text only, compact. */
export const CARD_LINK_STYLES = [
  { value: 'card', name: '卡片' },
  { value: 'image', name: '图标' },
  { value: 'text', name: '文字' },
  { value: 'simple', name: '简洁' },
] as const
export const CARD_VALUE_MSG = '设置项的取值不正确'
const cardNumber = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: CARD_VALUE_MSG }).int(CARD_VALUE_MSG).min(1, CARD_VALUE_MSG).max(max, CARD_VALUE_MSG).optional())

/** The card config dialog: blank means the default; the whole config is replaced. */
export const CardConfigFormSchema = z.object({
  bid: ObjectId,
  /** How many columns of the module the category spans: 1, 2, or 3 (the whole row). */
  column: cardNumber(3),
  linkStyle: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(CARD_LINK_STYLES.map((s) => s.value) as ['card', 'image', 'text', 'simple'], { error: CARD_VALUE_MSG }).optional(),
  ),
  /** Links per row inside the card. */
  linkColumn: cardNumber(12),
})
