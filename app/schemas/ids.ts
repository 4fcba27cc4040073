import { digits, isObjectId, isPageNumber, NO_SUCH, PAGE_MSG } from './id-values.ts'
import { z } from './zod.ts'

/**
 * The one rule for ids and page numbers (id-values.ts, zod-free for the browser) as schemas for
 * forms, actions and /api payloads.
 */
export { idOf, MAX_ID, NO_SUCH, PAGE_MSG, pageOf } from './id-values.ts'

export const ObjectId = z.preprocess(digits, z.number({ error: NO_SUCH }).refine(isObjectId, NO_SUCH))

export const PageNumber = z.preprocess(digits, z.number({ error: PAGE_MSG }).refine(isPageNumber, PAGE_MSG))
