import fc from 'fast-check'
import { Parser } from 'htmlparser2'
import { expect, test } from 'vitest'
import { isUploadPath } from '#app/uploads/upload-path.ts'
import { NOTE_COLOURS } from './colours.ts'
import { noteExtract, noteText, sanitizeNoteHtml } from './sanitize.server.ts'

const hash = '0123456789abcdef0123456789abcdef'
const upload = `/uploads/${hash}.png`
const LINK = 'rel="noopener noreferrer nofollow" target="_blank"'
const PRESETS: string[] = NOTE_COLOURS.map((c) => c.value)

/** The preset colours as browsers serialise them, worked out by hand rather than by the code under test. */
const RGB: Record<string, string> = {
  '#e03131': 'rgb(224, 49, 49)',
  '#e8590c': 'rgb(232, 89, 12)',
  '#2f9e44': 'rgb(47, 158, 68)',
  '#0c8599': 'rgb(12, 133, 153)',
  '#1971c2': 'rgb(25, 113, 194)',
  '#7048e8': 'rgb(112, 72, 232)',
  '#868e96': 'rgb(134, 142, 150)',
}

/**
 * Nothing in `html` can run script, load a foreign resource or restyle the page. Checked on the whole
 * string, so it also fails on markup that survived as text; `tagsOf` narrows it to the tags.
 */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i)
  expect(html).not.toMatch(/on\w+=/i)
  expect(html).not.toMatch(/javascript:/i)
  for (const tag of ['iframe', 'svg', 'math', 'style', 'form', 'object', 'embed', 'noscript', 'xmp', 'textarea']) {
    expect(html).not.toMatch(new RegExp(`<${tag}`, 'i'))
  }
  for (const [, style] of html.matchAll(/style=("[^"]*"|'[^']*'|[^\s>]*)/gi)) {
    expect(PRESETS.map((c) => `"color:${c}"`)).toContain(style)
  }
  for (const [img] of html.matchAll(/<img\b[^>]*>/gi)) {
    expect(img).toMatch(/^<img src="([^"]*)"/)
    expect(isUploadPath(/^<img src="([^"]*)"/.exec(img)![1]!), img).toBe(true)
  }
}

/** The tags of sanitised output: its text has every `<` and `>` escaped, attribute values too. */
function tagsOf(html: string) {
  return (html.match(/<[^>]*>/g) ?? []).join('')
}

const ALLOWED: Record<string, Record<string, (value: string) => boolean>> = {
  p: {},
  br: {},
  h2: {},
  strong: {},
  em: {},
  s: {},
  u: {},
  pre: {},
  blockquote: {},
  ol: {},
  hr: {},
  code: { class: (v) => /^language-[a-z0-9+#-]{1,20}$/.test(v) },
  ul: { 'data-type': (v) => v === 'taskList' },
  li: { 'data-type': (v) => v === 'taskItem', 'data-checked': (v) => v === 'true' || v === 'false' },
  a: {
    href: (v) => /^(?:https?|mailto):/i.test(v),
    rel: (v) => v === 'noopener noreferrer nofollow',
    target: (v) => v === '_blank',
  },
  img: { src: isUploadPath, alt: () => true },
  span: { style: (v) => PRESETS.some((c) => v === `color:${c}`) },
}

/** Every element and attribute in `html`, read back by a parser, is on the allow-list. */
function expectAllowListed(html: string) {
  const seen: string[] = []
  new Parser({
    onopentag(name, attribs) {
      const rules = ALLOWED[name]
      if (!rules) seen.push(`<${name}>`)
      for (const [key, value] of Object.entries(attribs)) {
        if (!rules?.[key]?.(value)) seen.push(`<${name} ${key}="${value}">`)
      }
      if (name === 'a' && !attribs.href) seen.push('<a> without href')
      if (name === 'span' && !attribs.style) seen.push('<span> without style')
    },
  }).end(html)
  expect(seen, html).toEqual([])
}

test('SECURITY.md §4 B 9-11: each hostile input comes out inert, exactly as expected', () => {
  const cases: [input: string, output: string][] = [
    ['<img src=x onerror=alert(1)>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="javascript:alert(1)"></iframe>', ''],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href=" jav&#x09;ascript:alert(1)">x</a>', 'x'],
    ['<a href="&#0000106;avascript:alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['<a href="java\nscript:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['<a href="vbscript:msgbox(1)">x</a>', 'x'],
    ['<a href="//evil.example/">x</a>', 'x'],
    ['<xmp><script>alert(1)</script></xmp>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['<p>x</p><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>y</p>', '<p>x</p><p>y</p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<svg><textarea><img src=x onerror=alert(1)></textarea></svg>', ''],
    ['<p>a<iframe>b<img src=x onerror=alert(1)></iframe>c</p>', '<p>ac</p>'],
    ['<title><img src=x onerror=alert(1)></title><p>t</p>', '<p>t</p>'],
    ['<template><img src=x onerror=alert(1)></template><p>t</p>', '<p>t</p>'],
    ['<style>body{}</style>', ''],
    ['<p style="background:url(//evil)">x</p>', '<p>x</p>'],
    ['<form action="//evil"><input name=a></form>', ''],
    ['<span style="color:#e03131;background:url(//evil)">x</span>', '<span style="color:#e03131">x</span>'],
    ['<span style="color:#123456">x</span>', 'x'],
    ['<img src="https://evil.example/a.png">', ''],
    [`<img src="${upload}?w=40" alt="a" onerror="x">`, `<img src="${upload}" alt="a" />`],
    ['<P ONCLICK=alert(1)>x</P>', '<p>x</p>'],
    ['<a href="https://x.example/" onmouseover="alert(1)">x</a>', `<a href="https://x.example/" ${LINK}>x</a>`],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ]
  for (const [input, output] of cases) {
    const clean = sanitizeNoteHtml(input)
    expect(clean, input).toBe(output)
    expectInert(clean)
    expectAllowListed(clean)
  }
})

test('SECURITY.md §4 B 13: every kept link opens apart from the page, whatever rel and target it came with', () => {
  expect(sanitizeNoteHtml('<a href="https://a.example/x?y=1&amp;z=2" target="_self" rel="opener">a</a>')).toBe(
    `<a href="https://a.example/x?y=1&amp;z=2" ${LINK}>a</a>`,
  )
  expect(sanitizeNoteHtml('<a href="http://a.example/">a</a>')).toBe(`<a href="http://a.example/" ${LINK}>a</a>`)
  expect(sanitizeNoteHtml('<a href="mailto:a@b.example">m</a>')).toBe(`<a href="mailto:a@b.example" ${LINK}>m</a>`)
  expect(sanitizeNoteHtml('<a href="https://a.example/?q=&quot;&gt;<x>">q</a>')).toBe(
    `<a href="https://a.example/?q=&quot;&gt;&lt;x&gt;" ${LINK}>q</a>`,
  )
})

test('a link with any other scheme, or none, is dropped and its text kept', () => {
  const hrefs = ['ftp://a.example/', 'tel:123', 'file:///etc/passwd', '/relative', '#top', '', '\u3000javascript:x']
  for (const href of hrefs) {
    expect(sanitizeNoteHtml(`<p><a href="${href}">t</a></p>`), href).toBe('<p>t</p>')
  }
  expect(sanitizeNoteHtml('<p><a>t</a></p>')).toBe('<p>t</p>')
})

test('an image stays only when it is one of our uploads, stored as the bare path', () => {
  for (const ext of ['png', 'jpg', 'webp', 'gif']) {
    expect(sanitizeNoteHtml(`<img src="/uploads/${hash}.${ext}">`)).toBe(`<img src="/uploads/${hash}.${ext}" />`)
  }
  expect(sanitizeNoteHtml(`<img alt="图" src="${upload}#x" title="t" width="10">`)).toBe(
    `<img src="${upload}" alt="图" />`,
  )
  expect(sanitizeNoteHtml(`<img src="${upload}" alt="">`)).toBe(`<img src="${upload}" alt="" />`)
  for (const src of [
    `https://evil.example${upload}`,
    `//evil.example${upload}`,
    `/uploads/${hash.toUpperCase()}.png`,
    `/uploads/${hash}.svg`,
    `/uploads/../${hash}.png`,
    ` ${upload}`,
    'data:image/png;base64,iVBORw0KGgo=',
    'javascript:alert(1)',
    'x',
    '',
  ]) {
    expect(sanitizeNoteHtml(`<p>a<img src="${src}" alt="b">c</p>`), src).toBe('<p>ac</p>')
  }
})

test('a span keeps only a preset colour, in hex or rgb() of any case, normalised to the lowercase preset', () => {
  for (const [hex, rgb] of Object.entries(RGB)) {
    expect(sanitizeNoteHtml(`<span style="color: ${hex.toUpperCase()}">c</span>`)).toBe(
      `<span style="color:${hex}">c</span>`,
    )
    expect(sanitizeNoteHtml(`<span style="color: ${rgb};">c</span>`)).toBe(`<span style="color:${hex}">c</span>`)
    expect(sanitizeNoteHtml(`<span style="font-size:40px; COLOR:${rgb.replaceAll(' ', '')}">c</span>`)).toBe(
      `<span style="color:${hex}">c</span>`,
    )
  }
  for (const style of [
    'color: red',
    'color: #e03131 !important',
    'color: rgba(224, 49, 49, 1)',
    'color: #e03131; color: red',
    'background: #e03131',
    'color:/**/#e03131',
    '',
  ]) {
    expect(sanitizeNoteHtml(`<p><span style="${style}">c</span></p>`), style).toBe('<p>c</p>')
  }
  expect(sanitizeNoteHtml('<p><span class="x" id="y" data-a="1">c</span></p>')).toBe('<p>c</p>')
})

test('the colour presets are the 7 of spec §9, in lowercase 6-digit hex, with Chinese names', () => {
  expect(NOTE_COLOURS.map((c) => c.name)).toEqual(['红色', '橙色', '绿色', '青色', '蓝色', '紫色', '灰色'])
  expect(PRESETS).toEqual(Object.keys(RGB))
  for (const value of PRESETS) expect(value).toMatch(/^#[0-9a-f]{6}$/)
})

test('no other attribute survives on any tag', () => {
  expect(
    sanitizeNoteHtml(
      '<h2 id="a" class="b" style="color:#e03131" data-x="1" onclick="x" title="t">h</h2>' +
        '<p dir="rtl" lang="en" contenteditable="true" tabindex="1">p</p>' +
        '<blockquote cite="https://a.example/">q</blockquote>' +
        '<pre class="x" data-language="js"><code class="hljs language-ts" data-x="1">t</code></pre>' +
        '<ol start="3"><li value="9">o</li></ol>',
    ),
  ).toBe('<h2>h</h2><p>p</p><blockquote>q</blockquote><pre><code class="language-ts">t</code></pre><ol><li>o</li></ol>')
})

test('a code block keeps one language class of the form language-<1-20 of a-z 0-9 + # ->', () => {
  for (const name of ['js', 'c++', 'c#', 'objective-c', 'a'.repeat(20)]) {
    expect(sanitizeNoteHtml(`<pre><code class="language-${name}">x</code></pre>`)).toBe(
      `<pre><code class="language-${name}">x</code></pre>`,
    )
  }
  for (const name of ['', 'JS', 'a'.repeat(21), 'js&quot;', '<script>', 'a/b', 'a.b']) {
    expect(sanitizeNoteHtml(`<pre><code class="language-${name}">x</code></pre>`), name).toMatch(/^<pre><code>/)
  }
})

test('task list attributes are kept only with their exact values', () => {
  expect(
    sanitizeNoteHtml(
      '<ul data-type="taskList"><li data-checked="yes" data-type="taskItem"><p>a</p></li>' +
        '<li data-checked="true" data-type="other"><p>b</p></li>' +
        '<li data-checked="false" data-type="taskItem"><p>c</p></li></ul>' +
        '<ul data-type="bulletList"><li data-checked="true">d</li></ul>',
    ),
  ).toBe(
    '<ul data-type="taskList"><li data-type="taskItem"><p>a</p></li><li><p>b</p></li>' +
      '<li data-checked="false" data-type="taskItem"><p>c</p></li></ul><ul><li>d</li></ul>',
  )
})

test('a document of everything the editor makes survives exactly, checkboxes and wrappers aside', () => {
  const colours = (form: (hex: string) => string) =>
    PRESETS.map((hex) => `<span style="color: ${form(hex)}">${hex}</span>`).join('')
  const input = [
    '<h2>标题</h2>',
    '<p>普通<strong>粗体</strong><em>斜体</em><s>删除</s><u>下划线</u><code>a &lt; b</code></p>',
    '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">链接</a></p>',
    '<ul><li><p>一</p></li><li><p>二</p></li></ul>',
    '<ol><li><p>第一</p><ul><li><p>嵌套</p></li></ul></li></ol>',
    '<ul data-type="taskList">',
    '<li data-checked="true" data-type="taskItem">',
    '<label><input type="checkbox" checked="checked"><span></span></label><div><p>done</p></div>',
    '</li>',
    '<li data-checked="false" data-type="taskItem">',
    '<label><input type="checkbox"><span></span></label><div><p>todo</p></div>',
    '</li>',
    '</ul>',
    '<pre><code class="language-js">const a = 1 &lt; 2</code></pre>',
    '<blockquote><p>引用</p></blockquote>',
    '<hr>',
    `<img src="${upload}" alt="图">`,
    `<p>${colours((hex) => hex)}</p>`,
    `<p>${colours((hex) => RGB[hex]!)}</p>`,
    '<p>a<br>b</p>',
  ].join('')
  const spans = PRESETS.map((hex) => `<span style="color:${hex}">${hex}</span>`).join('')
  const output = [
    '<h2>标题</h2>',
    '<p>普通<strong>粗体</strong><em>斜体</em><s>删除</s><u>下划线</u><code>a &lt; b</code></p>',
    `<p><a href="https://example.com/a?b=1&amp;c=2" ${LINK}>链接</a></p>`,
    '<ul><li><p>一</p></li><li><p>二</p></li></ul>',
    '<ol><li><p>第一</p><ul><li><p>嵌套</p></li></ul></li></ol>',
    '<ul data-type="taskList">',
    '<li data-checked="true" data-type="taskItem"><p>done</p></li>',
    '<li data-checked="false" data-type="taskItem"><p>todo</p></li>',
    '</ul>',
    '<pre><code class="language-js">const a = 1 &lt; 2</code></pre>',
    '<blockquote><p>引用</p></blockquote>',
    '<hr />',
    `<img src="${upload}" alt="图" />`,
    `<p>${spans}</p>`,
    `<p>${spans}</p>`,
    '<p>a<br />b</p>',
  ].join('')
  expect(sanitizeNoteHtml(input)).toBe(output)
  expect(sanitizeNoteHtml(output)).toBe(output)
  expectAllowListed(output)
})

test('other headings become h2 and pasted b, i, strike and del become the editor’s marks', () => {
  expect(sanitizeNoteHtml('<h1 id="x">一</h1><h3>三</h3><h4>四</h4><h5>五</h5><h6>六</h6>')).toBe(
    '<h2>一</h2><h2>三</h2><h2>四</h2><h2>五</h2><h2>六</h2>',
  )
  expect(sanitizeNoteHtml('<p><b class="x">b</b><i>i</i><strike>s</strike><del>d</del></p>')).toBe(
    '<p><strong>b</strong><em>i</em><s>s</s><s>d</s></p>',
  )
})

test('other tags give way to their text, comments go, and a note with nothing in it is empty', () => {
  expect(sanitizeNoteHtml('<table><tr><td>格</td></tr></table><div><font color="red">字</font></div>')).toBe('格字')
  expect(sanitizeNoteHtml('<!-- c --><p>a<!-- <img src=x onerror=alert(1)> --></p><![CDATA[x]]>')).toBe('<p>a</p>')
  for (const empty of [
    '',
    '  \n',
    '<p></p>',
    '<p> </p><p>&nbsp;</p>',
    '<p><br></p>',
    '<ul data-type="taskList"><li data-checked="false" data-type="taskItem"><p></p></li></ul>',
    '<script>x</script>',
  ]) {
    expect(sanitizeNoteHtml(empty), empty).toBe('')
  }
  expect(sanitizeNoteHtml('<hr>')).toBe('<hr />')
  expect(sanitizeNoteHtml(`<p><img src="${upload}"></p>`)).toBe(`<p><img src="${upload}" /></p>`)
})

test('a dropped tag that changed how the rest nests is settled in the first call', () => {
  const once = sanitizeNoteHtml('<p>a<button><p>b')
  expect(once).toBe('<p>a</p><p>b</p><p></p>')
  expect(sanitizeNoteHtml(once)).toBe(once)
})

const TAGS = [
  ...Object.keys(ALLOWED),
  ...['h1', 'h3', 'b', 'i', 'del', 'div', 'label', 'input', 'button', 'table', 'tr', 'td', 'dl', 'dd'],
  ...['select', 'option', 'svg', 'math', 'mtext', 'mglyph', 'script', 'style', 'xmp', 'noscript', 'iframe'],
  ...['textarea', 'title', 'template', 'form', 'object', 'noembed', 'plaintext', 'html', 'body', 'head'],
]
const ATTRIBUTES = [
  '',
  ' href="https://a.example/x?y=1&amp;z"',
  ' href="javascript:alert(1)"',
  ' href=//evil.example',
  ` src="${upload}?w=40"`,
  ' src=x',
  ' onerror=alert(1)',
  ' style="color:#e03131"',
  ' style="color: rgb(25, 113, 194)"',
  ' style="background:url(//evil)"',
  ' data-type="taskList"',
  ' data-type="taskItem"',
  ' data-checked="true"',
  ' data-checked=maybe',
  ' class="language-js"',
  ' alt="a&quot;b"',
  ' title="</noscript><img src=x onerror=alert(1)>"',
  ' checked',
]
const tagSoup = fc
  .array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom(...TAGS), fc.constantFrom(...ATTRIBUTES), fc.boolean())
        .map(([tag, attribute, selfClosing]) => `<${tag}${attribute}${selfClosing ? ' /' : ''}>`),
      fc.constantFrom(...TAGS).map((tag) => `</${tag}>`),
      fc.constantFrom('text', '文字', '😀', ' ', '\n', '&lt;', '&amp;', '&nbsp;', '&', '<', '>', '"', '<!--', '-->', '</'),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 40 },
  )
  .map((pieces) => pieces.join(''))

test('sanitising is idempotent and its output allow-listed, for arbitrary strings and for tag soup', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), tagSoup, tagSoup), (html) => {
      const clean = sanitizeNoteHtml(html)
      expect(sanitizeNoteHtml(clean)).toBe(clean)
      expectAllowListed(clean)
      // Tag soup may well hold `onerror=` or `javascript:` as text, which is harmless there.
      expectInert(tagsOf(clean))
    }),
    { numRuns: 400 },
  )
})

test('the plain text of a note has one line per block, entities decoded and blank lines gone', () => {
  expect(
    noteText(
      '<h2>标题</h2><p>a &lt; b &amp; c&nbsp;d</p><ul><li><p>一</p></li><li><p>二</p></li></ul><p>1<br />2</p>' +
        '<pre><code>x\n  y</code></pre><p></p><p></p><blockquote><p>引用</p></blockquote><hr />' +
        '<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><p>done</p></li></ul>' +
        `<p><strong>粗</strong>体<a href="https://a.example/" ${LINK}>链接</a><img src="${upload}" alt="图" /></p>`,
    ),
  ).toBe('标题\na < b & c\u00a0d\n一\n二\n1\n2\nx\n  y\n引用\ndone\n粗体链接')
  expect(noteText('')).toBe('')
  expect(noteText('<p> </p><p></p>')).toBe('')
  expect(noteText('<p>&lt;script&gt;</p><script>x</script>')).toBe('<script>')
})

test('an extract is the first 100 code points of the text on one line', () => {
  expect(noteExtract('<h2>标题</h2><p>a &lt; b</p><ul><li><p>一</p></li><li><p>二</p></li></ul>')).toBe('标题 a < b 一 二')
  const long = `<p>${'字'.repeat(5000)}${'x'.repeat(5000)}</p>`
  expect(noteText(long)).toHaveLength(10_000)
  expect(noteExtract(long)).toBe('字'.repeat(100))
  const emoji = `<p>${'😀'.repeat(150)}</p>`
  expect(Array.from(noteExtract(emoji))).toHaveLength(100)
  expect(noteExtract(emoji)).toBe('😀'.repeat(100))
  expect(noteExtract('<p>ab</p><p>cd</p>', 3)).toBe('ab')
  expect(noteExtract('<p>ab</p><p>cd</p>', 4)).toBe('ab c')
  expect(noteExtract('<p>ab</p>', 0)).toBe('')
  expect(noteExtract('')).toBe('')
})
