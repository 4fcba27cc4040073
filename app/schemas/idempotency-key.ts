import { z } from './zod.ts'

/**
 * A form's one-time token (`key`: a double click or a retry does the work once). At most 64
 * characters, refused beyond: cut short, two different keys could share their first 64 and the
 * second be taken for a repeat. Blank, or not a string or number, means none.
 */
export const KEY_MAX = 64
export const KEY_TOO_LONG_MSG = '一次性令牌不能超过64个字符'

export const IdempotencyKey = z.preprocess(
  (v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined),
  z.string().max(KEY_MAX, KEY_TOO_LONG_MSG).optional(),
)
