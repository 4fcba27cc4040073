/**
 * An expected failure of a use case, carrying the message the user sees (the spec's Chinese
 * wording). The UI edge shows it next to the form or as a toast; /api answers {code, msg}.
 */
export class DomainError extends Error {
  readonly code: number
  /** The form field the message belongs to, when there is one. */
  readonly field?: string
  /** What the caller needs to act on the failure (a note's current text when a save came too late). */
  readonly data?: unknown
  constructor(message: string, options: { code?: number; field?: string; data?: unknown } = {}) {
    super(message)
    this.name = 'DomainError'
    this.code = options.code ?? 0
    this.field = options.field
    this.data = options.data
  }
}

/** Spec §8 (warnings): a guest asking for a feature that is for signed-in users only (here: custom skins). */
export const SIGNED_IN_ONLY_MSG = '此功能登录后可用'

/**
 * Not signed in: /api answers HTTP 403, pages open the login dialog. 请先登录 for an action on
 * something (a homepage, a bookmark); SIGNED_IN_ONLY_MSG for a feature guests do not have.
 */
export class NotSignedInError extends DomainError {
  constructor(message = '请先登录') {
    super(message, { code: -1 })
    this.name = 'NotSignedInError'
  }
}

/** A PostgreSQL unique violation (23505), also when a driver wraps it in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  if ('code' in error && error.code === '23505') return true
  return 'cause' in error && isUniqueViolation(error.cause)
}
