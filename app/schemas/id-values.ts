/**
 * The one rule for ids and page numbers in URLs, forms and /api payloads, without zod: the
 * browser's links and dialogs read ids too, and zod stays out of every page's JavaScript
 * (ADR 015). `ids.ts` builds its schemas on these checks. A missing, malformed or out-of-range
 * id is "no such object": the same answer as a missing or hidden one, so ids reveal nothing.
 */
export const NO_SUCH = '内容不存在或已被删除'
/** The largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2_147_483_647
export const PAGE_MSG = '页码不正确'
const MAX_PAGE = 10_000

/** Decimal digits only ("0x10", "1e3", " 7 ", "1.0" are not ids); JSON numbers as they are. */
export const digits = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value)

export const isObjectId = (value: number) => Number.isSafeInteger(value) && value > 0 && value <= MAX_ID
export const isPageNumber = (value: number) => Number.isSafeInteger(value) && value >= 1 && value <= MAX_PAGE

/** An id from a query string or form field, or undefined. */
export function idOf(value: unknown): number | undefined {
  const id = digits(value)
  return typeof id === 'number' && isObjectId(id) ? id : undefined
}

/** A page number from a query string, 1 when absent or malformed. */
export function pageOf(value: unknown): number {
  const page = digits(value)
  return typeof page === 'number' && isPageNumber(page) ? page : 1
}
