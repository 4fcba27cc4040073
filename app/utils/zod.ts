import type { z } from 'zod'

/** The message of the first failed rule: what a toast or an /api `msg` shows. */
export function firstIssue(error: z.ZodError) {
  return error.issues[0]?.message ?? '参数错误'
}
