import { DomainError } from '#app/utils/errors.ts'
import { randomBytes } from 'node:crypto'
import type { Db } from '#app/db/client.server.ts'
import { register } from '#app/services/account.server.ts'
import { saveBag } from '#app/services/bag.server.ts'
import { saveModule } from '#app/services/module.server.ts'

export const uniqueEmail = () => `user-${randomBytes(5).toString('hex')}@example.com`
/** A fresh IP per call keeps the registration limit out of tests about something else. */
export const uniqueIp = () => `203.0.113.${randomBytes(1)[0]}:${randomBytes(2).toString('hex')}`

export async function createUser(db: Db, overrides: { nickname?: string; email?: string; password?: string } = {}) {
  const password = overrides.password ?? 'correct horse'
  const user = await register(
    db,
    { nickname: overrides.nickname ?? '测试用户', email: overrides.email ?? uniqueEmail(), password },
    uniqueIp(),
  )
  // Made with an e-mail: narrowed for the tests that use it.
  return { user: { ...user, email: user.email! }, password }
}

/** A new user with a module 工作 holding categories of these names (in order), through the services. */
export async function createOwner(db: Db, categories: string[]) {
  const { user } = await createUser(db)
  const homepageId = user.currentHomepageId!
  const module = await saveModule(db, user, { homepageId, name: '工作', icon: 'tabler:briefcase', moduleType: 0 })
  const bids: number[] = []
  for (const name of categories) bids.push((await saveBag(db, user, { moduleId: module.moduleId, name, icon: 'tabler:tool' })).bid)
  return { user, homepageId, moduleId: module.moduleId, bids }
}

/** The DomainError a call is refused with (fails the test when it succeeds or throws anything else). */
export async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`)
  return error
}
