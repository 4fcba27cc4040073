import { afterAll, beforeAll, expect, test } from 'vitest'
import { sources } from '#app/db/schema/index.ts'
import { createOwner } from '#tests/db-utils.ts'
import { createTestDb, type TestDb } from '#tests/setup/test-db.ts'
import { assembleContent, FragmentStore, type FragmentView, placeFragments, redrawFragments, staleFragments } from './fragments.server.ts'
import { versionReader } from './versions.server.ts'

/** The start page's fragments (ADR 036): drawn once per version and view, placed in a page, redrawn one by one. */

let handle: TestDb
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.dispose())

const bagVersions = async (ids: number[]) => (await versionReader(handle.rows)([{ session: null, homepages: [], bags: ids }])).bags

test('the store keeps fragments by key, least recently used out, within its bytes', () => {
  const store = new FragmentStore(2 * 2 * 10)
  store.set('a', 'x'.repeat(9))
  store.set('b', 'y'.repeat(9))
  expect([store.get('a'), store.get('b')]).toEqual(['x'.repeat(9), 'y'.repeat(9)])
  store.get('a')
  store.set('c', 'z'.repeat(9))
  // 'b' was used least recently: it made room.
  expect([store.get('a'), store.get('b'), store.get('c')]).toEqual(['x'.repeat(9), undefined, 'z'.repeat(9)])
  expect(store.bytes).toBeLessThanOrEqual(store.maxBytes)
})

test('a page of fragments: each placed in the bytes, the stale one redrawn at the new version, the rest of the page kept but for what `shell` does', async () => {
  const db = handle.db
  const owner = await createOwner(db, ['片甲', '片乙'])
  const [first, second] = owner.bids as [number, number]
  const link = (bagId: number, name: string, isPrivate = false) =>
    ({ homepageId: owner.homepageId, bagId, type: 'link' as const, name, url: `https://${bagId}.example/`, sortKey: Date.now() % 1e6, isPrivate })
  await db.insert(sources).values([link(first, '甲的书签'), { ...link(second, '乙的秘密', true), sortKey: 1 }])
  const store = new FragmentStore(1e6)
  const view = (role: FragmentView['role']): FragmentView =>
    ({ homepageId: owner.homepageId, role, sort: 'custom', newTab: true, childBadge: true, pathname: '/p', formAction: '/p' })

  const { content, drawn } = await assembleContent(db, store, view('owner'))
  // The starter's category first, then these two, in their order.
  const at = drawn.findIndex((fragment) => fragment.bags[0]!.id === first)
  expect(drawn.slice(at).map((fragment) => fragment.bags[0]!.id)).toEqual([first, second])
  expect(content.fragments!.get(second)).toContain('乙的秘密')
  // Another role has its own fragments: the private bookmark is masked in a guest's.
  const asGuest = await assembleContent(db, store, view('guest'))
  expect(asGuest.content.fragments!.get(second)).not.toContain('乙的秘密')
  expect(asGuest.content.fragments!.get(second)).toContain('未公开链接')

  const html = drawn.map((fragment) => fragment.html)
  const identity = Buffer.from(`<head nonce="N1">${html.join('<p>between N1</p>')}<footer>N1</footer>`)
  const kept = placeFragments(identity, view('owner'), drawn)!
  expect(kept.parts.map((part) => identity.subarray(part.start, part.end).toString())).toEqual(html)
  expect(placeFragments(Buffer.from('<p>no list</p>'), view('owner'), drawn), 'a fragment not in the page').toBeNull()
  const ids = drawn.flatMap((fragment) => fragment.bags.map((bag) => bag.id))
  expect(staleFragments(kept, await bagVersions(ids))).toEqual([])

  await db.insert(sources).values({ ...link(first, '甲的新书签'), sortKey: 999_999_999 })
  const versions = await bagVersions(ids)
  expect(staleFragments(kept, versions)).toEqual([at])
  const swap = (bytes: Buffer) => Buffer.from(bytes.toString().replaceAll('N1', 'N2'))
  const redrawn = await redrawFragments(db, store, { identity, fragments: kept }, [at], versions, swap)
  const page = redrawn.identity.toString()
  const parts = redrawn.fragments.parts.map((part) => redrawn.identity.subarray(part.start, part.end).toString())
  expect(parts[at]).toContain('甲的新书签')
  expect(parts.filter((_, index) => index !== at)).toEqual(html.filter((_, index) => index !== at))
  expect(page).toBe(`<head nonce="N2">${parts.join('<p>between N2</p>')}<footer>N2</footer>`)
  expect(staleFragments(redrawn.fragments, versions)).toEqual([])
  // A category gone: the page is not current (rendered whole).
  expect(staleFragments(kept, new Map([[second, 0]]))).toBeNull()
})
