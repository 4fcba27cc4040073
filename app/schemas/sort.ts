import { SORT_METHODS } from './sort-methods.ts'
import { z } from './zod.ts'

export * from './sort-methods.ts'

/** POST /api/bookmark/switch-sort-method {method}. */
export const SwitchSortSchema = z.object({
  method: z.enum(SORT_METHODS, { error: '排序方式不正确' }),
})
