import { z } from '#app/schemas/zod.ts'
import { NOT_FOUND } from './access.server.ts'
import { apiId, jsonField } from './content-api.server.ts'

/**
 * Parameters of the ordering calls (bookmark/sort, source/sort, source/operation, children/sort,
 * children/move, children/choose, bag/sort-multiple) beyond the id helpers of content-api.
 */

export const OPERATION_TYPE_MSG = '操作类型不正确'

/** move | copy. */
export const transferType = z.enum(['move', 'copy'], { error: OPERATION_TYPE_MSG })

/** A form's one-time token (≤ 64 characters); blank means none. */
export const idempotencyKey = z.preprocess(
  (v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, 64) || undefined : undefined),
  z.string().optional(),
)

/** children/sort `sort`: [{sort, id}] as JSON, or a JSON string of it (forms); at most 1000. */
export const childrenSortList = z.preprocess(
  jsonField,
  z
    .array(z.object({ id: apiId, sort: z.coerce.number({ error: NOT_FOUND }).int(NOT_FOUND).min(0, NOT_FOUND) }), { error: NOT_FOUND })
    .min(1, NOT_FOUND)
    .max(1000, NOT_FOUND),
)

/** bag/sort-multiple `type`. */
export const dropType = z.enum(['before', 'after', 'inner'], { error: OPERATION_TYPE_MSG })
