import { z } from 'zod'

/**
 * Reads a legacy /api payload into a shared schema: the contract's parameter names
 * (user_email, sour_name, …) are renamed to the schema's before validation, so both edges
 * get the same rules and the same messages.
 */
export function fromContract<S extends z.ZodType>(names: Record<string, string>, schema: S) {
  return z.preprocess((raw) => {
    const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
    return Object.fromEntries(Object.entries(names).map(([from, to]) => [to, input[from]]))
  }, schema)
}
