import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { browserHistory, users } from '#app/db/schema/index.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { clearHistory, HISTORY_LIMIT, historyBuffer, listHistory, pagePath, setHistoryRecording, writeHistory } from './browser-history.server.ts'

const db = useTestDb()
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s))

test('the page of a request: data requests name their page; only kept query parameters stay', () => {
  const path = (url: string, keep?: string[]) => pagePath(new Request(`http://qiye.test${url}`), keep)
  // React Router 8 asks for a path ending in "/" (the start page) as `…/_.data`: never a page "/_".
  expect(path('/_.data?_routes=root%2Croutes%2Fhome')).toBe('/')
  expect(path('/user/trash/_.data')).toBe('/user/trash')
  expect(path('/abc.data')).toBe('/abc')
  expect(path('//evil.example/x')).toBe('/evil.example/x')
  expect(path('/abc/12?dialog=members')).toBe('/abc/12')
  expect(path('/search.data?wd=%E4%B9%A6&page=2&_routes=x', ['wd'])).toBe('/search?wd=%E4%B9%A6')
})

test('one row per page, its time and title moved on; newest first; capped per user', async () => {
  const { user } = await createUser(db())
  const { user: other } = await createUser(db())
  await writeHistory(db(), [
    { userId: user.id, path: '/', title: '我的主页', at: at(1) },
    { userId: user.id, path: '/tool', title: '工具箱', at: at(2) },
    { userId: other.id, path: '/', title: '别人的主页', at: at(1) },
  ])
  await writeHistory(db(), [{ userId: user.id, path: '/', title: '改名的主页', at: at(3) }])
  expect((await listHistory(db(), user)).map((r) => [r.path, r.title])).toEqual([
    ['/', '改名的主页'],
    ['/tool', '工具箱'],
  ])
  const many = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => ({ userId: user.id, path: `/p${i}`, title: `页面${i}`, at: at(10 + i) }))
  await writeHistory(db(), many)
  const rows = await listHistory(db(), user)
  expect(rows).toHaveLength(HISTORY_LIMIT)
  expect(rows[0]!.path).toBe(`/p${HISTORY_LIMIT + 4}`)
  expect(await db().select().from(browserHistory).where(eq(browserHistory.userId, user.id))).toHaveLength(HISTORY_LIMIT)
  // The other user's history is their own.
  expect((await listHistory(db(), other)).map((r) => r.title)).toEqual(['别人的主页'])
  await clearHistory(db(), user)
  expect(await listHistory(db(), user)).toEqual([])
  expect(await listHistory(db(), other)).toHaveLength(1)
})

test('recording off writes nothing; a deleted user’s entries do not fail the batch', async () => {
  const { user } = await createUser(db())
  const { user: gone } = await createUser(db())
  const { user: third } = await createUser(db())
  await setHistoryRecording(db(), user, false)
  await db().delete(users).where(eq(users.id, gone.id))
  await writeHistory(db(), [
    { userId: user.id, path: '/', title: '不记', at: at(1) },
    { userId: gone.id, path: '/', title: '已注销', at: at(1) },
    { userId: third.id, path: '/', title: '记下', at: at(1) },
  ])
  expect(await listHistory(db(), user)).toEqual([])
  expect((await listHistory(db(), third)).map((r) => r.title)).toEqual(['记下'])
  await setHistoryRecording(db(), user, true)
  await writeHistory(db(), [{ userId: user.id, path: '/', title: '又记了', at: at(2) }])
  expect((await listHistory(db(), user)).map((r) => r.title)).toEqual(['又记了'])
})

test('the buffer writes nothing until it flushes, then one entry per page (the last visit)', async () => {
  const { user } = await createUser(db())
  const buffer = historyBuffer(db(), 60_000)
  buffer.add({ userId: user.id, path: '/', title: '第一次', at: at(1) })
  buffer.add({ userId: user.id, path: '/', title: '第二次', at: at(2) })
  expect(await listHistory(db(), user)).toEqual([])
  await buffer.stop()
  expect((await listHistory(db(), user)).map((r) => r.title)).toEqual(['第二次'])
})

test('clearing forgets the visits still waiting in the buffer: the cleared list stays empty', async () => {
  const { user } = await createUser(db())
  const { user: other } = await createUser(db())
  const buffer = historyBuffer(db(), 60_000)
  buffer.add({ userId: user.id, path: '/', title: '清空前', at: at(1) })
  buffer.add({ userId: other.id, path: '/', title: '别人的', at: at(1) })
  await clearHistory(db(), user, buffer)
  await buffer.stop()
  expect(await listHistory(db(), user)).toEqual([])
  expect((await listHistory(db(), other)).map((r) => r.title)).toEqual(['别人的'])
})
