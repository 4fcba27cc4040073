import { Parser } from 'htmlparser2'
import { describe, expect, test } from 'vitest'
import { escapeHtml } from '#app/utils/escape-html.ts'
import { type ExportFolder, type ExportNode, writeBookmarksHtml } from './write.ts'

type ReadFolder = { folder: string; children: Read[] }
type Read = ReadFolder | { link: string; href: string; addDate: string | undefined; dd?: string }

/**
 * Reads a file back as an importer does (bookmark-format.md's stack rule on htmlparser2's
 * events, entities decoded once), so the tests check what a browser would import, not markup.
 */
function readBack(html: string) {
  const root: Read[] = []
  const stack: Read[][] = [root]
  let pending: ReadFolder | null = null
  let last: Read | null = null
  let text: 'h3' | 'a' | 'dd' | null = null
  let buffer = ''
  const flushDd = () => {
    if (text === 'dd' && last && 'link' in last) last.dd = buffer.trim()
    if (text === 'dd') text = null
  }
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name !== 'dd') flushDd()
        if (name === 'h3' || name === 'a' || name === 'dd') {
          text = name
          buffer = ''
        }
        if (name === 'a') {
          last = { link: '', href: attrs.href ?? '', addDate: attrs.add_date }
          stack.at(-1)!.push(last)
        }
        if (name === 'dl') {
          const folder = pending
          pending = null
          if (folder) stack.push(folder.children)
          else if (stack.length > 1 || root.length) stack.push([])
        }
      },
      ontext(chunk) {
        if (text) buffer += chunk
      },
      onclosetag(name) {
        if (name === 'h3') {
          pending = { folder: buffer, children: [] }
          stack.at(-1)!.push(pending)
          last = pending
          text = null
        }
        if (name === 'a' && last && 'link' in last) {
          last.link = buffer
          text = null
        }
        if (name === 'dl') {
          flushDd()
          if (stack.length > 1) stack.pop()
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return root
}

const at = (iso: string) => new Date(iso)

describe('writeBookmarksHtml', () => {
  test('the skeleton browsers expect: doctype, UTF-8 meta, TITLE, H1, one root list; LF only', () => {
    const html = writeBookmarksHtml({ title: '起页书签', children: [] })
    expect(html.split('\n').slice(0, 5)).toEqual([
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<!-- This is an automatically generated file.',
      '     It will be read and overwritten.',
      '     DO NOT EDIT! -->',
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    ])
    expect(html).toContain('<TITLE>起页书签</TITLE>\n<H1>起页书签</H1>\n<DL><p>\n</DL><p>\n')
    expect(html).not.toContain('\r')
  })

  test('nested folders and links, indented by four spaces a level, dates in seconds', () => {
    const tree: ExportNode[] = [
      {
        name: '工作',
        addDate: at('2026-01-02T03:04:05.999Z'),
        children: [
          {
            name: '开发',
            addDate: at('2026-01-02T03:04:06Z'),
            children: [{ name: 'GitHub', url: 'https://github.com/', addDate: at('2026-02-01T00:00:00Z'), description: '代码托管' }],
          },
          { name: '空文件夹', addDate: at('2026-01-03T00:00:00Z'), children: [] },
        ],
      },
      { name: '根上的链接', url: 'https://example.com/', addDate: at('1970-01-01T00:00:01.5Z') },
    ]
    const html = writeBookmarksHtml({ title: 'Bookmarks', children: tree })
    expect(html.slice(html.indexOf('<DL><p>'))).toBe(
      [
        '<DL><p>',
        '    <DT><H3 ADD_DATE="1767323045">工作</H3>',
        '    <DL><p>',
        '        <DT><H3 ADD_DATE="1767323046">开发</H3>',
        '        <DL><p>',
        '            <DT><A HREF="https://github.com/" ADD_DATE="1769904000">GitHub</A>',
        '            <DD>代码托管',
        '        </DL><p>',
        '        <DT><H3 ADD_DATE="1767398400">空文件夹</H3>',
        '        <DL><p>',
        '        </DL><p>',
        '    </DL><p>',
        '    <DT><A HREF="https://example.com/" ADD_DATE="1">根上的链接</A>',
        '</DL><p>',
        '',
      ].join('\n'),
    )
    expect(readBack(html)).toEqual([
      {
        folder: '工作',
        children: [
          { folder: '开发', children: [{ link: 'GitHub', href: 'https://github.com/', addDate: '1769904000', dd: '代码托管' }] },
          { folder: '空文件夹', children: [] },
        ],
      },
      { link: '根上的链接', href: 'https://example.com/', addDate: '1' },
    ])
  })

  test('a date that is not one leaves ADD_DATE out', () => {
    const html = writeBookmarksHtml({ title: 'B', children: [{ name: 'x', url: 'https://x.example/', addDate: new Date(Number.NaN) }] })
    expect(html).toContain('<DT><A HREF="https://x.example/">x</A>')
  })

  test('hostile names and URLs are escaped once: no markup gets out, and they read back as typed', () => {
    const hostile = '</A><script>alert("x")</script>'
    const tree: ExportFolder[] = [
      {
        name: `</H3></DL><DL><p><DT><H3>假文件夹 & 'quotes'`,
        addDate: at('2026-01-01T00:00:00Z'),
        description: '<b>粗</b>',
        children: [
          { name: hostile, url: 'https://e.example/?a=1&b="2"&c=<3>', addDate: at('2026-01-01T00:00:00Z'), description: '</DL>&amp;' },
          { name: '&amp; 已经是实体', url: 'https://e.example/&amp;', addDate: at('2026-01-01T00:00:00Z') },
        ],
      },
    ]
    const html = writeBookmarksHtml({ title: '<title>', children: tree })
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;/A&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</A>')
    expect(html).toContain('HREF="https://e.example/?a=1&amp;b=&quot;2&quot;&amp;c=&lt;3&gt;"')
    // Encoded once: a literal "&amp;" becomes "&amp;amp;", which decodes back to "&amp;".
    expect(html).toContain('>&amp;amp; 已经是实体</A>')
    expect(html).toContain('&#39;quotes&#39;')
    expect(html).toContain('<TITLE>&lt;title&gt;</TITLE>')
    expect(html).toContain('</H3>\n    <DD>&lt;b&gt;粗&lt;/b&gt;\n    <DL><p>\n')
    // Exactly one folder and two links, each with the text it had.
    expect(readBack(html)).toEqual([
      {
        folder: `</H3></DL><DL><p><DT><H3>假文件夹 & 'quotes'`,
        children: [
          { link: hostile, href: 'https://e.example/?a=1&b="2"&c=<3>', addDate: '1767225600', dd: '</DL>&amp;' },
          { link: '&amp; 已经是实体', href: 'https://e.example/&amp;', addDate: '1767225600' },
        ],
      },
    ])
  })

  test('a name with line breaks stays on one line; a description keeps its breaks as &#10;', () => {
    const html = writeBookmarksHtml({
      title: 'B',
      children: [
        {
          name: '第一行\r\n第二行\n\t第三行\u0000',
          url: 'https://x.example/\n',
          addDate: at('2026-01-01T00:00:00Z'),
          description: '备注一\r\n备注二\r备注三',
        },
      ],
    })
    expect(html).toContain('    <DT><A HREF="https://x.example/" ADD_DATE="1767225600">第一行 第二行 第三行</A>\n    <DD>备注一&#10;备注二&#10;备注三\n')
    expect(html).not.toContain('\u0000')
    expect(readBack(html)).toEqual([{ link: '第一行 第二行 第三行', href: 'https://x.example/', addDate: '1767225600', dd: '备注一\n备注二\n备注三' }])
  })
})

test('escapeHtml: & < > " and apostrophe, nothing else', () => {
  expect(escapeHtml(`a&b<c>d"e'f 中文`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f 中文')
})
