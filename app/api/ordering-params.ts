import { z } from '#app/schemas/zod.ts'
import { IdempotencyKey } from '#app/schemas/idempotency-key.ts'
import { NO_SUCH } from '#app/schemas/ids.ts'
import { apiId, jsonField } from './params.ts'

/**
 * Parameters of the ordering calls (bookmark/sort, source/sort, source/operation, children/sort,
 * children/move, children/choose, bag/sort-multiple) beyond the id helpers of params.ts.
 */

export const OPERATION_TYPE_MSG = '操作类型不正确'

/** move | copy. */
export const transferType = z.enum(['move', 'copy'], { error: OPERATION_TYPE_MSG })

/** A form's one-time token (≤ 64 characters, refused beyond); blank means none. */
export const idempotencyKey = IdempotencyKey

/** children/sort `sort`: [{sort, id}] as JSON, or a JSON string of it (forms); at most 1000. */
export const childrenSortList = z.preprocess(
  jsonField,
  z
    .array(z.object({ id: apiId, sort: z.coerce.number({ error: NO_SUCH }).int(NO_SUCH).min(0, NO_SUCH) }), { error: NO_SUCH })
    .min(1, NO_SUCH)
    .max(1000, NO_SUCH),
)

/**
 * children/move `afterId`: the bookmark of the target list it goes right after; 0 = first;
 * absent or blank = last. A drag and drop sends where it landed.
 */
export const afterIdParam = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : String(v).trim() === '0' ? 0 : v),
  z.union([z.literal(0), apiId], { error: NO_SUCH }).optional(),
)

/** bag/sort-multiple `type`. */
export const dropType = z.enum(['before', 'after', 'inner'], { error: OPERATION_TYPE_MSG })
