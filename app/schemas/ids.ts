import { z } from './zod.ts'

/**
 * The one rule for ids and page numbers in URLs, forms and /api payloads (instead of a `\d{1,N}`
 * regex per file). A missing, malformed or out-of-range id is "no such object": the same answer
 * as a missing or hidden one, so ids reveal nothing.
 */
export const NO_SUCH = '内容不存在或已被删除'
/** The largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2_147_483_647

/** Decimal digits only ("0x10", "1e3", " 7 ", "1.0" are not ids); JSON numbers as they are. */
const digits = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value)

export const ObjectId = z.preprocess(digits, z.number({ error: NO_SUCH }).int(NO_SUCH).positive(NO_SUCH).max(MAX_ID, NO_SUCH))

export const PAGE_MSG = '页码不正确'
export const PageNumber = z.preprocess(digits, z.number({ error: PAGE_MSG }).int(PAGE_MSG).min(1, PAGE_MSG).max(10_000, PAGE_MSG))

/** An id from a query string or form field, or undefined. */
export function idOf(value: unknown): number | undefined {
  const parsed = ObjectId.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** A page number from a query string, 1 when absent or malformed. */
export function pageOf(value: unknown): number {
  const parsed = PageNumber.safeParse(value)
  return parsed.success ? parsed.data : 1
}
