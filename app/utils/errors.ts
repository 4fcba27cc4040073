/**
 * An expected failure of a use case, carrying the message the user sees (the spec's Chinese
 * wording). The UI edge shows it next to the form or as a toast; /api answers {code, msg}.
 */
export class DomainError extends Error {
  readonly code: number
  /** The form field the message belongs to, when there is one. */
  readonly field?: string
  constructor(message: string, options: { code?: number; field?: string } = {}) {
    super(message)
    this.name = 'DomainError'
    this.code = options.code ?? 0
    this.field = options.field
  }
}

/** Not signed in: /api answers HTTP 403, pages open the login dialog. */
export class NotSignedInError extends DomainError {
  constructor() {
    super('请先登录', { code: -1 })
    this.name = 'NotSignedInError'
  }
}

/** A PostgreSQL unique violation (23505), also when a driver wraps it in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  if ('code' in error && error.code === '23505') return true
  return 'cause' in error && isUniqueViolation(error.cause)
}
