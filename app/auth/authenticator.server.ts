import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { AppContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import { LoginSchema } from '#app/schemas/auth.ts'
import { signIn } from '#app/services/account.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { firstIssue } from '#app/utils/zod.ts'

/** Reads the login form of either edge: the page's (email, password) or the /api's (user_email, user_password). */
function credentials(form: FormData) {
  return {
    email: form.get('email') ?? form.get('user_email') ?? undefined,
    password: form.get('password') ?? form.get('user_password') ?? undefined,
  }
}

/**
 * Signs a request in with remix-auth's form strategy. The request's body must be form-encoded
 * and unread (clone it first). Throws DomainError with the message to show.
 */
export function authenticateWithForm({ db, clientIp }: Pick<AppContext, 'db' | 'clientIp'>, request: Request) {
  const authenticator = new Authenticator<User>().use(
    new FormStrategy<User>(async ({ form }) => {
      const parsed = LoginSchema.safeParse(credentials(form))
      if (!parsed.success) throw new DomainError(firstIssue(parsed.error))
      return signIn(db, parsed.data, clientIp)
    }),
    'form',
  )
  return authenticator.authenticate('form', request)
}
