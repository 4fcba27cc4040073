import { isIconValue, LinkUrl } from './content.ts'
import { ObjectId } from './ids.ts'
import { nameText, plainText } from './text.ts'
import { z } from './zod.ts'

/**
 * Forms and /api payloads of the discover area (spec §7 /api/cool/*; issue 25; ADR 034). The spec
 * gives no lengths (§9): a site's name is a bookmark's (100), its summary a group's (200); at most
 * 5 tags of at most 10 characters each.
 */

export const DISCOVER_PAGE_SIZE = 24
export const MAX_TAGS = 5
export const MAX_TAG_CHARS = 10
export const TAGS_TOO_MANY = `最多${MAX_TAGS}个标签`
export const TAG_TOO_LONG = `每个标签不能超过${MAX_TAG_CHARS}个字`
export const PICK_CATEGORY = '请选择分类'

/**
 * Tags as typed: a JSON array, or one string split at commas (，、 too) and spaces; each trimmed,
 * with invisible characters dropped; empty ones and repeats (whatever their case) dropped.
 */
export const TagList = z
  .preprocess((v) => {
    const items: unknown[] = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,，、;；\s]+/u) : v === undefined || v === null ? [] : [v]
    const seen = new Set<string>()
    const out: string[] = []
    for (const item of items) {
      if (typeof item !== 'string') continue
      const tag = plainText(item).trim().replace(/^#+/, '')
      if (!tag || seen.has(tag.toLowerCase())) continue
      seen.add(tag.toLowerCase())
      out.push(tag)
    }
    return out
  }, z.array(z.string().max(MAX_TAG_CHARS, TAG_TOO_LONG)).max(MAX_TAGS, TAGS_TOO_MANY))
  .default([])

/** An icon kept on our side (an upload or a library icon), or none; never another site's address. */
const IconValue = z
  .string()
  .trim()
  .max(200, '请选择图标')
  .refine((value) => value === '' || isIconValue(value), '请选择图标')
  .default('')

/**
 * recommend {name, url, crawler_icon, icon, tags, summary, sourceType (default '1'), cid}: `icon`
 * (uploaded or from the library) wins over `crawler_icon` (what 抓取 stored for the site).
 */
export const RecommendSchema = z
  .object({
    name: nameText({ required: '请输入网站名称', max: 100, tooLong: '网站名称的长度不能超过100个字' }),
    url: LinkUrl,
    icon: IconValue,
    crawler_icon: IconValue,
    tags: TagList,
    summary: nameText({ max: 200, tooLong: '网站简介不能超过200个字' }).default(''),
    // The spec's only kind of recommendation ('1': a website); anything else reads as it.
    sourceType: z.literal('1').catch('1').default('1'),
    // A missing, empty or unknown category: 请选择分类 (the service checks that it exists).
    cid: z.unknown().transform((value, ctx) => {
      const id = ObjectId.safeParse(value)
      if (id.success) return id.data
      ctx.addIssue({ code: 'custom', message: PICK_CATEGORY })
      return z.NEVER
    }),
  })
  .transform(({ crawler_icon, cid, ...input }) => ({ ...input, icon: input.icon || crawler_icon, cid }))
export type RecommendInput = z.output<typeof RecommendSchema>

/** A list of approved sites: a category, a tag, or words to search for; paged. */
export const SiteListQuery = z.object({
  cid: z.preprocess((v) => (v === '' || v === '0' || v === 0 ? undefined : v), ObjectId.optional().catch(undefined)),
  tag: z.string().trim().max(50).transform(plainText).optional().catch(undefined),
  wd: z.string().trim().max(100).transform(plainText).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  size: z.coerce.number().int().min(1).max(100).catch(DISCOVER_PAGE_SIZE).default(DISCOVER_PAGE_SIZE),
})
export type SiteListInput = z.output<typeof SiteListQuery>
