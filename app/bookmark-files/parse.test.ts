import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
  BookmarkFileError,
  decodeBookmarkBytes,
  MAX_DEPTH,
  MAX_ENTRIES,
  MAX_FILE_BYTES,
  parseBookmarkFile,
  type ParsedFile,
} from './parse.ts'

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/bookmarks/${name}`, import.meta.url))
const utf8 = (text: string) => new TextEncoder().encode(text)
/** Bytes from ASCII strings and raw byte runs, for files in legacy encodings. */
const bytesOf = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...utf8(part)] : part)))
const parse = (text: string) => parseBookmarkFile(utf8(text))

const folderPath = (file: ParsedFile, index: number | null): string => {
  const names: string[] = []
  for (let i = index; i !== null; i = file.folders[i]!.parent) names.unshift(file.folders[i]!.name)
  return names.join(' > ')
}
const folderNamed = (file: ParsedFile, path: string) => {
  const folder = file.folders.find((f) => folderPath(file, f.index) === path)
  if (!folder) throw new Error(`no folder ${path}`)
  return folder
}
const linkNamed = (file: ParsedFile, name: string) => {
  const link = file.links.find((l) => l.name === name)
  if (!link) throw new Error(`no link ${name}`)
  return link
}
const linksIn = (file: ParsedFile, folder: number | null) => file.links.filter((l) => l.folder === folder).map((l) => l.name)
const depthOf = (file: ParsedFile, folder: number | null) => (folder === null ? 0 : file.folders[folder]!.depth)

function expectBookmarkError(run: () => unknown, message: string) {
  let error: unknown
  try {
    run()
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(BookmarkFileError)
  expect((error as Error).message).toBe(message)
}

describe('the eight real exports', () => {
  // Copied from tests/fixtures/bookmarks/SOURCES.md, counted there by three other parsers.
  const table = [
    ['chrome-en-toolbar-icons-crlf.html', 18, 7, 2, 2, 0],
    ['chrome-zh-deep-imported-folders.html', 138, 43, 7, 7, 1],
    ['edge-zh-favorites-bar.html', 85, 9, 3, 2, 4],
    ['firefox-en-tags-separators.html', 24, 6, 2, 2, 0],
    ['firefox-zh-keywords-descriptions.html', 133, 4, 2, 2, 0],
    ['safari-zh-folded-reading-list.html', 218, 27, 4, 4, 0],
    ['360chrome-zh-mobile-favorites.html', 68, 2, 1, 1, 1],
    ['ie11-en-bom-folded.htm', 27, 9, 2, 2, 0],
  ] as const

  test.each(table)('%s: %i bookmarks, %i folders, folder depth %i, bookmark depth %i, %i duplicate URLs', (name, bookmarks, folders, folderDepth, bookmarkDepth, dups) => {
    const file = parseBookmarkFile(fixture(name))
    expect(file.encoding).toBe('utf-8')
    expect(file.links).toHaveLength(bookmarks)
    expect(file.folders).toHaveLength(folders)
    expect(Math.max(...file.folders.map((f) => f.depth))).toBe(folderDepth)
    expect(Math.max(...file.links.map((l) => depthOf(file, l.folder)))).toBe(bookmarkDepth)
    expect(file.links.length - new Set(file.links.map((l) => l.url)).size).toBe(dups)
    expect(file.flattened).toBe(0)

    // The shape the importer relies on: parents first, depth = parent's + 1, no icons kept.
    file.folders.forEach((folder, i) => {
      expect(folder.index).toBe(i)
      expect(folder.parent === null || folder.parent < i).toBe(true)
      expect(folder.depth).toBe(depthOf(file, folder.parent) + 1)
      expect(Object.keys(folder).sort()).toEqual(['addDate', 'depth', 'description', 'index', 'name', 'order', 'parent', 'toolbar'])
    })
    for (const link of file.links) {
      expect(Object.keys(link).sort()).toEqual(['addDate', 'description', 'folder', 'name', 'order', 'tags', 'url'])
      expect(link.name).not.toMatch(/[\r\n\t]|^\s|\s$/)
      expect(link.url).not.toMatch(/^\s|\s$/)
      expect(link.description).not.toMatch(/\r|^\s|\s$/)
    }
  })

  test('Chrome zh: imported folders nest seven deep; entities decoded once; one toolbar', () => {
    const file = parseBookmarkFile(fixture('chrome-zh-deep-imported-folders.html'))
    const retrofit = linkNamed(file, 'Retrofit使用指南 - 简书')
    expect(folderPath(file, retrofit.folder)).toBe('书签栏 > 已导入 > 书签栏 > 各个端 > Android > 网络请求框架 > Retrofit')
    expect(file.folders.filter((f) => f.toolbar).map((f) => f.name)).toEqual(['书签栏'])
    expect(folderPath(file, linkNamed(file, "w4lle's Notes").folder)).toBe('书签栏 > Android大佬文章')
    expect(file.links.filter((l) => l.url.startsWith('chrome://'))).toHaveLength(3)
    expect(linkNamed(file, "w4lle's Notes").addDate?.toISOString()).toBe('2019-08-01T09:11:13.000Z')
  })

  test('Firefox en: a folder description does not pull its links out of the folder', () => {
    const file = parseBookmarkFile(fixture('firefox-en-tags-separators.html'))
    const comics = folderNamed(file, 'Comics')
    expect(comics.description).toBe('Comics, webcomics, fun stuff!')
    expect(linksIn(file, comics.index)).toEqual([
      'True story: one code review too many | CommitStrip',
      'xkcd: Slippery Slope',
      'Garkov -- Garfield + Markov chains -- Josh Millard',
      'Fractal Flowchart - Spiked Math',
    ])
    const dev = folderNamed(file, 'Dev')
    expect(dev.description).toBe('Development & programming')
    // The link after Dev > PHP's </DL> is back in Dev.
    expect(linksIn(file, dev.index)).toHaveLength(7)
    expect(linksIn(file, folderNamed(file, 'Dev > PHP').index)).toHaveLength(2)
    expect(linksIn(file, null)).toEqual(['Recently saved', 'Recent tags', 'Timeline of the Elves in Tolkien’s works | LotrProject Blog'])
    expect(folderNamed(file, 'Personal toolbar').toolbar).toBe(true)

    const commitStrip = linkNamed(file, 'True story: one code review too many | CommitStrip')
    expect(commitStrip.description).toBe('The blog relating the daily life of web agency developers')
    expect(commitStrip.tags).toBe('webcomic,commit,code,review,dev')
    expect(linkNamed(file, 'xkcd: Slippery Slope').description).toBe('') // an empty <DD>
    // `&amp;#8230;` in the file is the text "&#8230;": decoded once, not twice.
    expect(linkNamed(file, 'The Most Important Object In Computer Graphics History Is This Teapot - Facts So Romantic - Nautilus').description).toMatch(/you figure out&#8230;$/)
    expect(linkNamed(file, 'Recent tags').url).toBe('place:type=6&sort=14&maxResults=10')
  })

  test('Firefox zh: loose menu links at the root, escaped titles, the toolbar description', () => {
    const file = parseBookmarkFile(fixture('firefox-zh-keywords-descriptions.html'))
    expect(linksIn(file, null)).toHaveLength(108)
    expect(file.folders.filter((f) => f.parent === null).map((f) => f.name)).toEqual(['Mozilla Firefox', '书签工具栏', '其他书签'])
    expect(folderNamed(file, '书签工具栏')).toMatchObject({ toolbar: true, description: '添加到此文件夹的书签会被显示到书签工具栏中' })
    expect(file.links.some((l) => l.name.startsWith('<详解>C语言实现程序跳转到绝对地址0x100000处执行'))).toBe(true)
    expect(file.links.filter((l) => l.description !== '').length).toBeGreaterThan(0)
  })

  test('Safari: no root <DL>, top folders straight after <H1>, no dates', () => {
    const file = parseBookmarkFile(fixture('safari-zh-folded-reading-list.html'))
    expect(file.folders.filter((f) => f.parent === null).map((f) => f.name)).toEqual(['个人收藏', '书签菜单', '阅读列表'])
    expect(folderNamed(file, '个人收藏 > Develop > Android > 音视频').depth).toBe(4)
    expect(linksIn(file, folderNamed(file, '书签菜单').index)).toEqual([])
    expect(linksIn(file, folderNamed(file, '阅读列表').index)).toEqual([])
    expect(linksIn(file, folderNamed(file, '个人收藏 > Develop > it新闻').index)).toEqual(['zerotothree', 'mashable', 'techcrunch', '推酷'])
    expect(file.folders.every((f) => f.addDate === null && !f.toolbar)).toBe(true)
  })

  test('IE 11: the UTF-8 BOM is decoded and dropped; loose links after the folders stay at the root', () => {
    const bytes = fixture('ie11-en-bom-folded.htm')
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const { text, encoding } = decodeBookmarkBytes(bytes)
    expect(encoding).toBe('utf-8')
    expect(text.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true)
    const file = parseBookmarkFile(bytes)
    expect(file.folders.filter((f) => f.parent === null).map((f) => f.name)).toEqual(['Comics', 'Dev', 'Links', 'Microsoft Websites', 'Music', 'Windows Live'])
    expect(file.links.at(-1)).toMatchObject({ folder: null, name: 'Let me google that for you', url: 'http://lmgtfy.com/' })
    expect(folderNamed(file, 'Comics').addDate?.toISOString()).toBe('2016-06-18T17:44:24.000Z')
  })

  test('Edge: an empty folder name, entities in titles decoded once, raw & in HREF kept', () => {
    const file = parseBookmarkFile(fixture('edge-zh-favorites-bar.html'))
    expect(folderNamed(file, '收藏夹栏 > 论文参考 > ').name).toBe('')
    expect(folderNamed(file, '收藏夹栏').toolbar).toBe(true)
    expect(folderPath(file, linkNamed(file, '海康威视-领先的安防产品&解决方案提供商').folder)).toBe('收藏夹栏 > Hik')
    expect(file.links.some((l) => l.name.includes("HollisChuang's Blog"))).toBe(true)
    expect(file.links.some((l) => l.url === 'http://cn.epubee.com/books/?s=&input=1&action=')).toBe(true)
  })

  test('360: the unindented empty phone folder comes before the bar; CRLF Chrome: no stray carriage returns', () => {
    const file360 = parseBookmarkFile(fixture('360chrome-zh-mobile-favorites.html'))
    expect(file360.folders.map((f) => [f.name, f.parent, f.toolbar])).toEqual([
      ['手机收藏', null, false],
      ['收藏栏', null, true],
    ])
    expect(linksIn(file360, 0)).toEqual([])

    const chrome = parseBookmarkFile(fixture('chrome-en-toolbar-icons-crlf.html'))
    expect(folderNamed(chrome, 'Personal toolbar').toolbar).toBe(true)
    expect(chrome.folders.map((f) => folderPath(chrome, f.index))).toContain('Dev > Python')
    expect(chrome.links.some((l) => l.name === 'Timeline of the Elves in Tolkien’s works | LotrProject Blog')).toBe(true)
  })
})

describe('decoding', () => {
  const baidu = [0xb0, 0xd9, 0xb6, 0xc8] // 百度 in GBK
  const shuqian = [0xca, 0xe9, 0xc7, 0xa9] // 书签 in GBK

  test('GBK without BOM or <meta> (old IE on Chinese Windows) is read as GB18030', () => {
    const bytes = bytesOf('<TITLE>Bookmarks</TITLE>\r\n<DL><p>\r\n<DT><H3 FOLDED>', shuqian, '</H3>\r\n<DL><p>\r\n<DT><A HREF="https://www.baidu.com/">', baidu, '</A>\r\n</DL><p>\r\n</DL><p>\r\n')
    const file = parseBookmarkFile(bytes)
    expect(file.encoding).toBe('gb18030')
    expect(file.folders.map((f) => f.name)).toEqual(['书签'])
    expect(file.links).toMatchObject([{ folder: 0, name: '百度', url: 'https://www.baidu.com/' }])
  })

  test('a <meta charset> is used when the bytes are not UTF-8', () => {
    const gbk = bytesOf('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=GBK">\n<DL><p><DT><A HREF="https://www.baidu.com/">', baidu, '</A></DL>')
    expect(parseBookmarkFile(gbk)).toMatchObject({ encoding: 'gbk', links: [{ name: '百度' }] })
    // Big5 bytes are valid GB18030 too, so only the declaration gets 書籤 right.
    const big5 = bytesOf('<meta charset="big5"><DL><p><DT><H3>', [0xae, 0xd1, 0xc5, 0xd2], '</H3><DL></DL></DL>')
    expect(parseBookmarkFile(big5)).toMatchObject({ encoding: 'big5', folders: [{ name: '書籤' }] })
  })

  test('a BOM wins over everything; valid UTF-8 wins over a wrong <meta>', () => {
    // One bad byte (in a comment) makes strict UTF-8 fail, yet the BOM still beats the <meta>.
    const bom = bytesOf([0xef, 0xbb, 0xbf], '<META CONTENT="text/html; charset=GBK"><!--', [0xff], '--><DL><p><DT><A HREF="https://example.com/">书签</A></DL>')
    expect(decodeBookmarkBytes(bom).text.startsWith('<META')).toBe(true)
    expect(parseBookmarkFile(bom)).toMatchObject({ encoding: 'utf-8', links: [{ name: '书签' }] })

    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(new Uint16Array([...'<DT><A HREF="https://example.com/">书签</A>'].map((c) => c.charCodeAt(0))).buffer)])
    expect(parseBookmarkFile(utf16)).toMatchObject({ encoding: 'utf-16le', links: [{ name: '书签' }] })

    const lying = utf8('<META CONTENT="text/html; charset=GBK"><DL><p><DT><A HREF="https://example.com/">书签</A></DL>')
    expect(parseBookmarkFile(lying)).toMatchObject({ encoding: 'utf-8', links: [{ name: '书签' }] })
  })

  test('bytes that are neither UTF-8 nor GB18030 fall back to Windows-1252', () => {
    const file = parseBookmarkFile(bytesOf('<DL><p><DT><A HREF="https://example.com/">Caf', [0xe9], '</A></DL>'))
    expect(file).toMatchObject({ encoding: 'windows-1252', links: [{ name: 'Café' }] })
  })
})

describe('markup quirks', () => {
  test('a javascript: bookmarklet with raw < > and markup inside its quoted HREF keeps the next links in place', () => {
    const bookmarklet = `javascript:(function(){if(a<b&&c>d){document.body.innerHTML='<DL><p><DT><H3>x</H3></DL><a href="y">';}})()`
    const file = parse(`<DL><p>
      <DT><H3>Tools</H3>
      <DL><p>
        <DT><A HREF="${bookmarklet.replaceAll('"', '&quot;')}" ADD_DATE="0">Bookmarklet</A>
        <DT><A HREF="https://after.example/">After</A>
      </DL><p>
      <DT><A HREF="https://root.example/">Root</A>
    </DL><p>`)
    expect(file.folders.map((f) => f.name)).toEqual(['Tools'])
    expect(file.links).toMatchObject([
      { folder: 0, name: 'Bookmarklet', url: bookmarklet, addDate: null },
      { folder: 0, name: 'After' },
      { folder: null, name: 'Root' },
    ])
  })

  test('missing final </DL>s close at the end; a stray </DL> never pops past the root', () => {
    const chrome = new TextDecoder().decode(fixture('chrome-en-toolbar-icons-crlf.html'))
    const truncated = parse(chrome.replace(/(<\/DL><p>\s*)+$/, ''))
    const whole = parseBookmarkFile(fixture('chrome-en-toolbar-icons-crlf.html'))
    expect(chrome.length - chrome.replace(/(<\/DL><p>\s*)+$/, '').length).toBeGreaterThan(10)
    expect(truncated.links.map((l) => [l.folder, l.name])).toEqual(whole.links.map((l) => [l.folder, l.name]))

    const file = parse(`<DL><p>
      <DT><H3>A</H3><DL><p><DT><A HREF="1">one</A></DL><p></DL><p></DL><p></DL><p>
      <DT><A HREF="2">two</A>
      <DT><H3>B</H3><DL><p><DT><A HREF="3">three</A></DL><p>
      <DT><A HREF="4">four</A>`)
    expect(file.folders.map((f) => [f.name, f.parent, f.depth])).toEqual([
      ['A', null, 1],
      ['B', null, 1],
    ])
    expect(file.links.map((l) => [l.name, l.folder])).toEqual([
      ['one', 0],
      ['two', null],
      ['three', 1],
      ['four', null],
    ])
  })

  test('an <H3> with no <DL> is an empty folder: the links after it stay in the parent', () => {
    const file = parse(`<DL><p>
      <DT><H3>Parent</H3>
      <DL><p>
        <DT><H3>Empty</H3>
        <DT><A HREF="https://a.example/">a</A>
        <DT><H3>Also empty</H3>
        <DT><A HREF="https://c.example/">c</A>
        <DL><p><DT><A HREF="https://d.example/">d, in a list of no folder</A></DL><p>
      </DL><p>
      <DT><A HREF="https://b.example/">b</A>
      <DT><H3>Last</H3>
    </DL>`)
    expect(file.folders.map((f) => [f.name, f.parent])).toEqual([
      ['Parent', null],
      ['Empty', 0],
      ['Also empty', 0],
      ['Last', null],
    ])
    expect(file.links.map((l) => [l.name, l.folder])).toEqual([
      ['a', 0],
      ['c', 0],
      ['d, in a list of no folder', 0],
      ['b', null],
    ])
  })

  test('mixed-case tags, unknown attributes, <HR>, whitespace, empty names, <DD> on links and folders', () => {
    const file = parse(`<html><Title>x</Title><h1>Menu</h1><dl><P>
      <dt><h3 Personal_Toolbar_Folder="TRUE" Add_Date="1600000000" WEB_PANEL ID="rdf:#$x">  Tool
        bar  </h3>
      <dd>Folder &amp;amp; notes
      <Dl><p>
        <dT><a Href=" https://x.example/?a=1&copy=2 " TAGS="a, b" FAV_POS="3" ICON="data:image/png;base64,AAAA">  A &lt;b&gt; &#39;t&#39; </A>
        <DD>line one
line two
        <HR><dt><a href="https://y.example/"></a>
      </dL><p>
      <dt><h3></h3><dl><p></dl>
    </dl></html>`)
    expect(file.folders).toEqual([
      { index: 0, parent: null, name: 'Tool bar', description: 'Folder &amp; notes', addDate: new Date(1600000000 * 1000), toolbar: true, depth: 1, order: 0 },
      { index: 1, parent: null, name: '', description: '', addDate: null, toolbar: false, depth: 1, order: 3 },
    ])
    expect(file.links).toEqual([
      { folder: 0, name: "A <b> 't'", url: 'https://x.example/?a=1&copy=2', description: 'line one\nline two', addDate: null, tags: 'a, b', order: 1 },
      { folder: 0, name: '', url: 'https://y.example/', description: '', addDate: null, tags: '', order: 2 },
    ])
  })

  test('CRLF inside a multi-line description becomes LF', () => {
    expect(parse('<DT><A HREF="x">x</A>\r\n<DD>one\r\ntwo\r\n<DT>').links[0]!.description).toBe('one\ntwo')
  })

  test('dates: seconds, milliseconds, microseconds; zero, negative, empty, junk and past year 9999 are unknown', () => {
    const dates = ['1622427872', '1622427872000', '1622427872000000', '0', '-11644473600', '', 'soon', '1e9', '253402300800000000', '9999999999999999999'].map(
      (value) => parse(`<DT><A HREF="x" ADD_DATE="${value}">x</A>`).links[0]!.addDate?.toISOString() ?? null,
    )
    expect(dates).toEqual(['2021-05-31T02:24:32.000Z', '2021-05-31T02:24:32.000Z', '2021-05-31T02:24:32.000Z', null, null, null, null, null, null, null])
  })
})

describe('limits', () => {
  test('10,000 nested folders parse fast; folders below depth 16 are flattened into the depth-16 one', () => {
    const levels = 10_000
    const text = `<DL><p>${'<DT><H3>f</H3>\n<DL><p>\n'.repeat(levels)}<DT><A HREF="https://deep.example/">deep</A>${'</DL><p>\n'.repeat(levels)}<DT><A HREF="https://top.example/">top</A></DL>`
    const started = performance.now()
    const file = parse(text)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(file.folders).toHaveLength(MAX_DEPTH)
    expect(file.folders.map((f) => f.depth)).toEqual(Array.from({ length: MAX_DEPTH }, (_, i) => i + 1))
    expect(file.flattened).toBe(levels - MAX_DEPTH)
    expect(file.links.map((l) => [l.name, l.folder])).toEqual([
      ['deep', MAX_DEPTH - 1],
      ['top', null],
    ])
  })

  test('10,000 bare <DL><p> levels, and a full 2 MB of them, take linear time', () => {
    let started = performance.now()
    const file = parse(`${'<DL><p>'.repeat(10_000)}<DT><A HREF="x">x</A>`)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(file.links).toMatchObject([{ folder: null }])

    const text = `${'<dl>'.repeat((MAX_FILE_BYTES - 100) / 4)}<a href="x">x</a>`
    started = performance.now()
    expect(parse(text).links).toHaveLength(1)
    expect(performance.now() - started).toBeLessThan(3000)
  })

  test('more than 100,000 folders and links is refused; exactly 100,000 is fine', () => {
    expect(parse('<a href=x>'.repeat(MAX_ENTRIES)).links).toHaveLength(MAX_ENTRIES)
    expectBookmarkError(() => parse('<a href=x>'.repeat(MAX_ENTRIES + 1)), '书签数量过多，最多导入100000个')
    expectBookmarkError(() => parse('<h3>f</h3><dl></dl>'.repeat(MAX_ENTRIES / 2) + '<a href=x>'.repeat(MAX_ENTRIES / 2 + 1)), '书签数量过多，最多导入100000个')
  })

  test('a file over 2 MB is refused before decoding; exactly 2 MB is read', () => {
    expectBookmarkError(() => parseBookmarkFile(new Uint8Array(MAX_FILE_BYTES + 1)), '文件大小不能超过2M')
    const link = '<DT><A HREF="https://example.com/">x</A>\n'
    const filled = link + ' '.repeat(MAX_FILE_BYTES - link.length)
    expect(parseBookmarkFile(utf8(filled)).links).toHaveLength(1)
  })

  test('a file with neither a link nor a folder is not a bookmark file', () => {
    for (const text of ['', 'just some notes\nwith lines', '<html><body><p>Hello</p><dl><dt>term<dd>definition</dl></body></html>', '<!-- <DT><A HREF="x">commented out</A> -->']) {
      expectBookmarkError(() => parse(text), '文件中没有找到书签')
    }
    expectBookmarkError(() => parseBookmarkFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), '文件中没有找到书签')
  })
})
