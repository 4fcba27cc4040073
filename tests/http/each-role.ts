import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * One case of a role matrix (`name`), a test per role, each on a `fresh` object of its own (a new
 * category: no list fills up, and the snapshot stays small). The roles that `keep` the world must
 * leave everything of its owner's as it was: their objects are made first, the world is read, each
 * makes its call in a test of its own, one more test reads the world again and compares, and only
 * then is each cleaned up. One pair of snapshots a case instead of one a role: they were 80% of
 * the matrices' time (tests/http/role-matrix.test.ts: a refused role 465 ms, an allowed one 53).
 * Every other role's test runs on its own, before them, cleaned up after it.
 */
export function eachRole<Role extends string, State>(
  roles: readonly Role[],
  name: string,
  allowed: readonly Role[],
  steps: {
    keeps: (role: Role) => boolean
    fresh: () => Promise<unknown>
    /** Throws the fresh object away (once its tests are done and cleaned up). */
    discard?: () => Promise<unknown>
    snapshot: () => Promise<string>
    prepare: (role: Role) => Promise<State>
    act: (role: Role, state: State) => Promise<void>
    cleanup?: (role: Role, state: State) => Promise<unknown>
  },
) {
  const { keeps, fresh, discard, snapshot, prepare, act, cleanup } = steps
  const title = (role: Role) => `${name} as ${role} (allowed: ${allowed.includes(role)})`
  for (const role of roles.filter((role) => !keeps(role))) {
    test(title(role), async () => {
      await fresh()
      const state = await prepare(role)
      try {
        await act(role, state)
      } finally {
        await cleanup?.(role, state)
        await discard?.()
      }
    })
  }
  const keeping = roles.filter(keeps)
  if (!keeping.length) return
  describe(`${name} by ${keeping.join(', ')}`, () => {
    const states = new Map<Role, State>()
    let before = ''
    // Up to five roles' objects, some with a new user each (argon2, slow on a loaded machine).
    beforeAll(async () => {
      await fresh()
      for (const role of keeping) states.set(role, await prepare(role))
      before = await snapshot()
    }, 180_000)
    for (const role of keeping) test(title(role), () => act(role, states.get(role)!))
    test('the world after their calls is the world before them', async () => {
      expect(await snapshot(), `${keeping.join(', ')} changed the owner's world`).toBe(before)
    })
    afterAll(async () => {
      for (const [role, state] of states) await cleanup?.(role, state)
      await discard?.()
    }, 180_000)
  })
}
