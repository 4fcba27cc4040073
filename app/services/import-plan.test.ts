import { describe, expect, test } from 'vitest'
import { cut, type FileFolder, type FileLink, planImport, urlKey } from './import-plan.ts'

let nextId = 1
let position = 0
function folder(name: string, parentId: number | null = null, description = ''): FileFolder {
  return { id: nextId++, parentId, position: position++, name, description, addDate: null }
}
function link(name: string, folderId: number | null, url: string | null = `https://example.com/${position}`, skip: FileLink['skip'] = null): FileLink {
  return { id: nextId++, folderId, position: position++, name, url, skip, description: '', addDate: null }
}

describe('planImport', () => {
  test('into a category: each picked folder becomes one folder, deeper folders flattened into it, loose links in document order', () => {
    const a = folder('甲')
    const a1 = link('a1', a.id)
    const b = folder('乙', a.id)
    const b1 = link('b1', b.id)
    const c = folder('丙', b.id)
    const c1 = link('c1', c.id)
    const loose = link('loose', null)
    const plan = planImport({
      folders: [a, b, c],
      links: [a1, b1, c1, loose],
      pickedFolders: new Set([a.id]),
      pickedLinks: new Set([loose.id]),
      target: { kind: 'category', name: '目标', roomLeft: 100 },
    })
    expect(plan.items.map((i) => (i.kind === 'folder' ? [i.name, i.links.map((l) => l.name)] : i.name))).toEqual([['甲', ['a1', 'b1', 'c1']], 'loose'])
    expect(plan.report).toMatchObject({ folders: 1, links: 4, flattened: 2, categories: 0 })
  })

  test('as new categories: top folders are categories, their sub-folders folders, links and folders interleaved as in the file', () => {
    const a = folder('工作')
    const x = link('x', a.id)
    const sub = folder('文档', a.id)
    const s1 = link('s1', sub.id)
    const y = link('y', a.id)
    const plan = planImport({ folders: [a, sub], links: [x, s1, y], pickedFolders: new Set([a.id]), pickedLinks: new Set(), target: { kind: 'module' } })
    expect(plan.categories).toHaveLength(1)
    expect(plan.categories[0]!.name).toBe('工作')
    expect(plan.categories[0]!.items.map((i) => i.name)).toEqual(['x', '文档', 'y'])
  })

  test('as new modules: a module’s own links become a category of its name, first', () => {
    const m = folder('模块')
    const own = link('own', m.id)
    const cat = folder('分类', m.id)
    const inCat = link('in', cat.id)
    const plan = planImport({ folders: [m, cat], links: [own, inCat], pickedFolders: new Set([m.id]), pickedLinks: new Set(), target: { kind: 'homepage' } })
    expect(plan.modules.map((mod) => [mod.name, mod.categories.map((c) => [c.name, c.items.map((i) => i.name)])])).toEqual([
      ['模块', [['模块', ['own']], ['分类', ['in']]]],
    ])
    expect(plan.report).toMatchObject({ modules: 1, categories: 2, links: 2 })
  })

  test('more than 100 links go on in 继续 folders and categories; nothing is dropped', () => {
    const big = folder('很多书签的文件夹名字超过三十个字符会被截短吗是的会被截短的')
    const links = Array.from({ length: 250 }, (_, i) => link(`l${i}`, big.id))
    const plan = planImport({ folders: [big], links, pickedFolders: new Set([big.id]), pickedLinks: new Set(), target: { kind: 'category', name: '目标分类', roomLeft: 2 } })
    const folders = [...plan.items, ...plan.categories.flatMap((c) => c.items)]
    expect(folders.map((f) => (f.kind === 'folder' ? f.links.length : 1))).toEqual([100, 100, 50])
    expect(folders.every((f) => f.name.length <= 30)).toBe(true)
    expect(folders[1]!.name.endsWith(' 继续')).toBe(true)
    expect(folders[2]!.name.endsWith(' 继续 2')).toBe(true)
    // Two places left in the target: two folders there, the third in a 继续 category.
    expect(plan.items).toHaveLength(2)
    expect(plan.categories.map((c) => c.name)).toEqual(['目标分类 继续'])
    expect(plan.report).toMatchObject({ links: 250, continued: 3 })
  })

  test('unsafe and invalid links are skipped and counted; duplicates only when asked', () => {
    const f = folder('f')
    const js = link('js', f.id, null, 'scheme')
    const bad = link('bad', f.id, null, 'invalid')
    const dup = link('dup', f.id, 'https://www.Example.com/a/#top')
    const ok = link('', f.id, 'https://ok.example/')
    const input = { folders: [f], links: [js, bad, dup, ok], pickedFolders: new Set([f.id]), pickedLinks: new Set<number>(), target: { kind: 'module' } as const }
    const keep = planImport(input)
    expect(keep.report.skipped).toEqual({ scheme: 1, invalid: 1, duplicate: 0 })
    expect(keep.categories[0]!.items.map((i) => i.name)).toEqual(['dup', 'ok.example'])
    const skip = planImport({ ...input, existing: new Set([urlKey('https://example.com/a')]) })
    expect(skip.report.skipped.duplicate).toBe(1)
    expect(skip.report.links).toBe(1)
  })

  test('a folder with nothing to import below it is counted, not made: no empty category, module or 未命名文件夹', () => {
    const work = folder('工作')
    const docs = folder('文档', work.id)
    const d1 = link('d1', docs.id)
    const unnamed = folder('', work.id)
    const deeper = folder('更深', unnamed.id)
    const w1 = link('w1', work.id)
    const named = folder('空的')
    const onlyScript = folder('脚本')
    const js = link('js', onlyScript.id, null, 'scheme')
    const withName = folder('', null)
    const n1 = link('n1', withName.id)
    const input = { folders: [work, docs, unnamed, deeper, named, onlyScript, withName], links: [d1, w1, js, n1] }
    const picked = { pickedFolders: new Set([work.id, named.id, onlyScript.id, withName.id]), pickedLinks: new Set<number>() }

    const asCategories = planImport({ ...input, ...picked, target: { kind: 'module' } })
    // A nameless folder that holds bookmarks keeps its 未命名文件夹.
    expect(asCategories.categories.map((c) => [c.name, c.items.map((i) => i.name)])).toEqual([
      ['工作', ['文档', 'w1']],
      ['未命名文件夹', ['n1']],
    ])
    // 未命名 and 更深 in 工作, 空的, and 脚本 (its one link is no web page).
    expect(asCategories.report).toMatchObject({ categories: 2, folders: 1, links: 3, empty: 4, skipped: { scheme: 1 } })

    const asModules = planImport({ ...input, ...picked, target: { kind: 'homepage' } })
    expect(asModules.modules.map((m) => [m.name, m.categories.map((c) => c.name)])).toEqual([
      ['工作', ['工作', '文档']],
      ['未命名文件夹', ['未命名文件夹']],
    ])
    expect(asModules.report.empty).toBe(4)

    const intoCategory = planImport({ ...input, ...picked, target: { kind: 'category', name: '目标', roomLeft: 100 } })
    expect(intoCategory.items.map((i) => (i.kind === 'folder' ? [i.name, i.links.map((l) => l.name)] : i.name))).toEqual([
      ['工作', ['d1', 'w1']],
      ['未命名文件夹', ['n1']],
    ])
    expect(intoCategory.report).toMatchObject({ folders: 2, empty: 4, flattened: 1 })

    // Left empty by leaving out what the user has: not made either.
    const duplicates = planImport({ ...input, pickedFolders: new Set([docs.id]), pickedLinks: new Set(), target: { kind: 'module' }, existing: new Set([urlKey(d1.url!)]) })
    expect(duplicates.categories).toEqual([])
    expect(duplicates.report).toMatchObject({ empty: 1, skipped: { duplicate: 1 } })
  })

  test('over-long names and notes are cut to the limits and counted', () => {
    const f = folder('x'.repeat(40), null, 'd'.repeat(80))
    const l = { ...link('名'.repeat(150), f.id), description: '注'.repeat(120) }
    const plan = planImport({ folders: [f], links: [l], pickedFolders: new Set([f.id]), pickedLinks: new Set(), target: { kind: 'category', name: 't', roomLeft: 100 } })
    const item = plan.items[0]!
    expect(item.kind === 'folder' && [item.name.length, item.note.length, item.links[0]!.name.length, item.links[0]!.note.length]).toEqual([30, 50, 100, 100])
    expect(plan.report.trimmed).toBe(4)
  })
})

test('cut counts code points, as PostgreSQL does', () => {
  expect(cut('😀'.repeat(5), 3)).toEqual({ text: '😀😀😀', cut: true })
  expect(cut('  a \n b  ', 10)).toEqual({ text: 'a b', cut: false })
})

test('urlKey: one key for the same address written differently', () => {
  expect(urlKey('https://www.example.com/a/#x')).toBe(urlKey('https://example.com/a'))
  expect(urlKey('https://example.com/a?q=1')).not.toBe(urlKey('https://example.com/a?q=2'))
})
