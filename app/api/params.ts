import { NO_SUCH, ObjectId } from '#app/schemas/ids.ts'
import { layoutPatchSchema, type LayoutField } from '#app/schemas/layout.ts'
import { SORT_METHODS } from '#app/schemas/sort.ts'
import { z } from '#app/schemas/zod.ts'

/**
 * The legacy parameter shapes of /api calls (spec §7): ids as strings or padded, comma-separated
 * lists, JSON in a form field, `gb-hid` for the homepage id. Read into the shared schemas here, so
 * the services see one shape.
 */

/** An object id from the query string or a body (legacy clients pad it with spaces): a missing or malformed one reads as "not found". */
export const apiId = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), ObjectId)

/** An optional id: absent, '', '0', 0 and null mean "none". */
export const apiOptionalId = z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), apiId.optional())

/** Ids as a JSON array, a comma-separated string (forms) or one number; duplicates dropped, order kept. */
export const apiIdList = z.preprocess((v) => {
  const items: unknown[] = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : []
  const values = items
    .map((x) => (typeof x === 'string' ? x.trim() : x))
    .filter((x) => x !== '')
    .map((x) => (typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x))
  return [...new Set(values)]
}, z.array(apiId).min(1, NO_SUCH).max(1000, NO_SUCH))

const isBlank = (v: unknown) => v === undefined || v === null || v === ''

function record(raw: unknown): Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
}

/** `homepageId`, or the `gb-hid` every legacy request carries when it is absent. */
export function withHomepageId<S extends z.ZodType>(schema: S) {
  return z.preprocess((raw) => {
    const input = record(raw)
    return { ...input, homepageId: isBlank(input.homepageId) ? input['gb-hid'] : input.homepageId }
  }, schema)
}

/** The first of several legacy spellings of one parameter that is not blank. */
export function firstGiven(...values: unknown[]) {
  return values.find((v) => !isBlank(v))
}

/** A JSON object sent as a string (form fields): parsed; anything unparsable becomes `{}`. */
export function jsonField(v: unknown) {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v) as unknown
  } catch {
    return {}
  }
}

const flag = (values: unknown[]) => z.preprocess((v) => values.includes(v), z.boolean())

/** GET /api/bookmark/list parameters. Out-of-range paging and unknown sorts fall back to the defaults. */
export const SourceListQuerySchema = z.object({
  bid: apiId,
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .catch(20)
    .transform((n) => Math.min(n, 100)),
  sort: z.enum(SORT_METHODS).catch('custom'),
  wd: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 100) : ''), z.string()),
  /** '0' leaves the dividers out. */
  divider: flag(['0', 0, false, 'false']),
  withChild: flag(['1', 1, true, 'true']),
  parentId: apiOptionalId,
})

/** The body of a settings call: `homepageId` (or gb-hid) and the given layout fields, as `patch`. */
export function layoutCallSchema(fields: readonly LayoutField[]) {
  return withHomepageId(
    z.preprocess(
      (raw) => ({ homepageId: (raw as { homepageId?: unknown }).homepageId, patch: raw }),
      z.object({ homepageId: apiId, patch: layoutPatchSchema(fields) }),
    ),
  )
}

/** Like apiIdList, and absent, blank or `[]` (a client's "none of these") is the empty list. */
export const apiOptionalIdList = z
  .preprocess((v) => (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) ? undefined : v), apiIdList.optional())
  .transform((ids) => ids ?? [])
