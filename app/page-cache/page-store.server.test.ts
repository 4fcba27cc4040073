import { expect, test } from 'vitest'
import { type KeptPage, PageStore, pickEncoding } from './page-store.server.ts'

const page = (bytes: number, encoded: Partial<Pick<KeptPage, 'gzip' | 'br'>> = {}): KeptPage => ({
  viewer: null,
  session: null,
  homepages: [[1, 0]],
  groups: [],
  visit: null,
  headers: {},
  etag: 'W/"x"',
  identity: Buffer.alloc(bytes, 'a'),
  ...encoded,
})

test('pickEncoding: brotli over gzip over none, among what the client accepts and the page has', () => {
  const both = page(10, { gzip: Buffer.from('g'), br: Buffer.from('b') })
  expect(pickEncoding(both, 'gzip, deflate, br')).toBe('br')
  expect(pickEncoding(both, 'gzip')).toBe('gzip')
  expect(pickEncoding(both, 'br;q=0, gzip;q=0.5')).toBe('gzip')
  expect(pickEncoding(both, 'identity')).toBeNull()
  expect(pickEncoding(both, undefined)).toBeNull()
  expect(pickEncoding(both, '*')).toBe('br')
  expect(pickEncoding(page(10, { gzip: Buffer.from('g') }), 'br, gzip')).toBe('gzip')
  expect(pickEncoding(page(10), 'br, gzip')).toBeNull()
})

test('PageStore: bounded in bytes, least recently used out; a page larger than the bound is not kept', () => {
  const store = new PageStore(100)
  const a = page(40)
  store.keep('a', a)
  store.keep('b', page(40))
  store.touch('a', a)
  store.keep('c', page(40))
  expect(store.get('b')).toBeUndefined()
  expect(store.get('a')).toBe(a)
  expect(store.get('c')).toBeDefined()
  store.keep('huge', page(101))
  expect(store.get('huge')).toBeUndefined()
  expect(store.size).toBe(2)
})

test('PageStore: compressed once in the background, both encodings decode to the page', async () => {
  const store = new PageStore(1e6)
  const kept = page(5_000)
  store.keep('p', kept)
  await expect.poll(() => Boolean(kept.gzip && kept.br)).toBe(true)
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
  expect(gunzipSync(kept.gzip!).equals(kept.identity)).toBe(true)
  expect(brotliDecompressSync(kept.br!).equals(kept.identity)).toBe(true)
})
