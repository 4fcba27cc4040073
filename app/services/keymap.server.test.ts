import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { users } from '#app/db/schema/index.ts'
import { KEYMAP_SAME_MSG } from '#app/schemas/keymap.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { keymapOf, saveKeymap } from './keymap.server.ts'
import { seedDemo } from './seed.server.ts'
import { initInfo } from './site.server.ts'

const db = useTestDb((db) => seedDemo(db, 'demo-password'))

const reload = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!

test('a new user has the defaults k (search) and b (notes)', async () => {
  const { user } = await createUser(db())
  expect(keymapOf(user)).toEqual({ searchKeymap: 'k', noteKeymap: 'b' })
})

test('saved keys are the user\'s own and init-info reports them', async () => {
  const { user } = await createUser(db())
  const { user: other } = await createUser(db())
  expect(await saveKeymap(db(), user, { searchKeymap: 'j' })).toEqual({ searchKeymap: 'j', noteKeymap: 'b' })
  const saved = await reload(user.id)
  expect(keymapOf(saved)).toEqual({ searchKeymap: 'j', noteKeymap: 'b' })
  expect(keymapOf(await reload(other.id))).toEqual({ searchKeymap: 'k', noteKeymap: 'b' })
  expect(await initInfo(db(), saved, {})).toMatchObject({ searchKeymap: 'j', noteKeymap: 'b' })
  // Empty turns the shortcut off.
  await saveKeymap(db(), saved, { noteKeymap: '' })
  expect(keymapOf(await reload(user.id))).toEqual({ searchKeymap: 'j', noteKeymap: '' })
})

test('one key for both is refused against the stored other key, and nothing changes', async () => {
  const { user } = await createUser(db())
  await expect(saveKeymap(db(), user, { noteKeymap: 'k' })).rejects.toThrow(KEYMAP_SAME_MSG)
  await expect(saveKeymap(db(), user, { searchKeymap: 'b', noteKeymap: 'b' })).rejects.toThrow(KEYMAP_SAME_MSG)
  expect(keymapOf(await reload(user.id))).toEqual({ searchKeymap: 'k', noteKeymap: 'b' })
  // Swapping both at once is fine.
  expect(await saveKeymap(db(), user, { searchKeymap: 'b', noteKeymap: 'k' })).toEqual({ searchKeymap: 'b', noteKeymap: 'k' })
})

test('a guest\'s own settings apply over the homepage layout in init-info, never for a signed-in user', async () => {
  const guest = await initInfo(db(), null, { guestConfig: { anchorPosition: 'top', rootFontSize: 18 } })
  expect(guest.homepageLayout).toMatchObject({ anchorPosition: 'top', rootFontSize: 18, sidebarPosition: 'right' })
  const { user } = await createUser(db())
  const signedIn = await initInfo(db(), user, { guestConfig: { anchorPosition: 'top' } })
  expect(signedIn.homepageLayout).toMatchObject({ anchorPosition: 'left' })
})
