import type { z } from 'zod'
// Also makes sure the Chinese defaults of app/schemas/zod.ts are set wherever a refusal is shown.
import { BAD_PARAM_MSG } from '#app/schemas/zod.ts'

/** The message of the first failed rule: what a toast or an /api `msg` shows. */
export function firstIssue(error: z.ZodError) {
  return error.issues[0]?.message ?? BAD_PARAM_MSG
}
