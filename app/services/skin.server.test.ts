import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { homepages } from '#app/db/schema/index.ts'
import { THEME_TIME_MSG, ThemeSchema } from '#app/schemas/skin.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN } from './access.server.ts'
import { clearSkin, getSkinParams, homepageLook, saveTheme, saveThemeColor } from './skin.server.ts'

const db = useTestDb()

const row = async (id: number) => (await db().select().from(homepages).where(eq(homepages.id, id)))[0]!

test('the owner saves a timed theme and a theme colour on the homepage; reset brings back the defaults', async () => {
  const { user } = await createUser(db())
  const homepageId = user.currentHomepageId!
  expect(homepageLook(await row(homepageId))).toEqual({ setting: { theme: 0, start: '', end: '' }, themeColorId: 0 })
  // A window crossing midnight is saved as given (the end on the next day).
  await saveTheme(db(), user, homepageId, ThemeSchema.parse({ theme: 2, start: '22:00', end: '06:00' }))
  await saveThemeColor(db(), user, homepageId, 9)
  expect(homepageLook(await row(homepageId))).toEqual({ setting: { theme: 2, start: '22:00', end: '06:00' }, themeColorId: 9 })
  expect(await getSkinParams(db(), user, homepageId)).toMatchObject({ theme: 2, clock_start: '22:00', clock_end: '06:00', themeColorId: 9, opacity: 100 })
  // Night drops the window.
  await saveTheme(db(), user, homepageId, ThemeSchema.parse({ theme: 1, start: '22:00', end: '06:00' }))
  expect((await row(homepageId)).skin).toMatchObject({ theme: 1, clock_start: '', clock_end: '' })
  await clearSkin(db(), user, homepageId)
  const cleared = await row(homepageId)
  expect(cleared.skin).toEqual({})
  expect(homepageLook(cleared)).toEqual({ setting: { theme: 0, start: '', end: '' }, themeColorId: 0 })
})

test('a timed theme without both times never reaches the service', () => {
  const parsed = ThemeSchema.safeParse({ theme: 2, start: '22:00', end: '' })
  expect(parsed.success).toBe(false)
  expect(parsed.error?.issues.map((i) => i.message)).toEqual([THEME_TIME_MSG])
})

test('nobody but the owner saves on the homepage; a visitor of a public one may read it', async () => {
  const { user: owner } = await createUser(db())
  const { user: other } = await createUser(db())
  const homepageId = owner.currentHomepageId!
  await db().update(homepages).set({ code: `skin-${homepageId}`, isOpen: true }).where(eq(homepages.id, homepageId))
  await expect(saveTheme(db(), other, homepageId, { theme: 1, start: '', end: '' })).rejects.toThrow(FORBIDDEN)
  await expect(saveThemeColor(db(), other, homepageId, 3)).rejects.toThrow(FORBIDDEN)
  await expect(clearSkin(db(), other, homepageId)).rejects.toThrow(FORBIDDEN)
  await expect(saveTheme(db(), null, homepageId, { theme: 1, start: '', end: '' })).rejects.toThrow('请先登录')
  expect(homepageLook(await row(homepageId)).setting.theme).toBe(0)
  expect(await getSkinParams(db(), null, homepageId)).toMatchObject({ theme: 0 })
})
