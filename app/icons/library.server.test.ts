import { expect, test } from 'vitest'
import { iconUrl } from './icon-url.ts'
import { hasIcon, iconCategories, iconSvg, iconWordNames, libraryIcon, listIcons } from './library.server.ts'

const keysOf = (result: ReturnType<typeof listIcons>) => result!.list.map((icon) => icon.key)

test('the library has thousands of icons in categories with Chinese names, 常用 first', () => {
  const categories = iconCategories()
  expect(categories[0]).toEqual({ id: 'common', name: '常用', type: 'font' })
  expect(categories.length).toBeGreaterThan(30)
  for (const category of categories) expect(category.name, category.id).toMatch(/[\u4e00-\u9fff]/)
  expect(categories.find((c) => c.id === 'arrows')?.name).toBe('箭头')
  expect(listIcons({})!.total).toBeGreaterThanOrEqual(500)
  const perCategory = categories.slice(1).reduce((sum, c) => sum + listIcons({ categoryId: c.id })!.total, 0)
  expect(perCategory).toBe(listIcons({})!.total)
})

test('every icon with Chinese words exists in the installed set and leads 常用', () => {
  const missing = iconWordNames().filter((name) => !hasIcon(name))
  expect(missing).toEqual([])
  expect(iconWordNames().length).toBeGreaterThanOrEqual(80)
  expect(keysOf(listIcons({ categoryId: 'common', size: 3 }))).toEqual(['tabler:star', 'tabler:heart', 'tabler:bookmark'])
})

test('search matches the English name and tags', () => {
  expect(keysOf(listIcons({ keyword: 'star' }))[0]).toBe('tabler:star')
  expect(keysOf(listIcons({ keyword: 'Arrow Left' }))[0]).toBe('tabler:arrow-left')
  // 'favorite' is a tag of star, not part of its name.
  expect(keysOf(listIcons({ keyword: 'favorite', size: 200 }))).toContain('tabler:star')
  expect(listIcons({ keyword: 'qwertyuiop' })).toMatchObject({ list: [], total: 0 })
})

test('search matches Chinese words, then related icons and whole categories', () => {
  expect(keysOf(listIcons({ keyword: '星' }))[0]).toBe('tabler:star')
  expect(keysOf(listIcons({ keyword: '星' }))).toContain('tabler:star-off')
  expect(keysOf(listIcons({ keyword: '收藏' })).slice(0, 3)).toEqual(['tabler:star', 'tabler:heart', 'tabler:bookmark'])
  expect(keysOf(listIcons({ keyword: '音乐' }))[0]).toBe('tabler:music')
  expect(keysOf(listIcons({ keyword: '首页' }))[0]).toBe('tabler:home')
  expect(listIcons({ keyword: '天气', size: 200 })!.total).toBeGreaterThanOrEqual(listIcons({ categoryId: 'weather' })!.total)
  // Within a category only.
  expect(keysOf(listIcons({ categoryId: 'weather', keyword: '星' }))).toEqual(['tabler:cloud-star'])
})

test('an icon is a complete SVG document built from the set, and nothing else is', () => {
  const svg = iconSvg('tabler:star')!
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*viewBox="0 0 24 24"[^>]*>(<path d="[^"<>]+"\/>)+<\/svg>$/)
  expect(iconSvg('star')).toBe(svg)
  for (const key of ['tabler:nope', 'x:star', '../star', 'tabler:../../etc/passwd', 'tabler:star.svg', '', 'tabler:STAR']) {
    expect(iconSvg(key), key).toBeNull()
    expect(hasIcon(key), key).toBe(false)
  }
  expect(libraryIcon('tabler:brand-github')).toMatchObject({ name: 'GitHub', icon: '/resources/icons/tabler/brand-github.svg' })
  expect(libraryIcon('tabler:a-b-2')?.name).toBe('a b 2')
  expect(libraryIcon('tabler:brand-aws')?.name).toBe('aws')
  expect(iconUrl('tabler:a"b')).toBeNull()
})
