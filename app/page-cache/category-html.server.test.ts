import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ROLES } from '#app/auth/permissions.ts'
import { capabilitiesOf } from '#app/components/homepage/capabilities.ts'
import { Category } from '#app/components/homepage/homepage-body.tsx'
import { viewKit } from '#app/components/homepage/kit.ts'
import type { BagView, ItemView } from '#app/services/homepage.server.ts'
import { categoryHtml } from './category-html.server.ts'

// The server's HTML function must write exactly what the list's React components render: the
// browser keeps the server's list and draws its own after a save, and the two must not differ.

const UPLOAD = '/uploads/0123456789abcdef0123456789abcdef.png'
const HOSTILE = `<script>alert("x")</script> & 'q'`

const link = (id: number, more: Partial<ItemView> = {}): ItemView => ({ id, type: 'link', name: `站点${id}`, url: `https://site${id}.example/`, ...more })

/** Every kind of bookmark, flag and format the list draws. */
const ITEMS: ItemView[] = [
  link(1),
  link(2, { icon: 'tabler:star', clicks: 12, note: '常用' }),
  link(3, { icon: UPLOAD, referral: true, private: true, liked: true, clicks: 12_345 }),
  link(4, { name: '国家税务总局全国增值税发票查验平台', clicks: 1_500 }),
  link(5, { name: HOSTILE, url: 'https://x.example/?a=1&b="2"', note: HOSTILE, formats: { color: '#e0464e', weight: 'bold', size: '16px' } }),
  link(6, { formats: { style: 'italic', align: 'right' } }),
  link(7, { formats: { style: 'underline' } }),
  link(8, { icon: 'not a key!' }),
  link(9, { url: 'javascript:alert(1)' }),
  { id: 10, type: 'link', name: '未公开链接', masked: 'private' },
  { id: 11, type: 'link', name: '违规链接', masked: 'blacklist' },
  { id: 12, type: 'divider', name: '' },
  { id: 13, type: 'divider', name: '分组 <b>', formats: { style: 'dashed', align: 'left', color: '#333' } },
  { id: 14, type: 'divider', name: '双线', formats: { style: 'double' } },
  {
    id: 15,
    type: 'folder',
    name: '文件夹',
    note: '收起的',
    children: [link(16), { id: 17, type: 'divider', name: '' }, link(18, { formats: { color: '#3b7ddd' } })],
  },
  { id: 19, type: 'folder', name: '空文件夹', children: [] },
  { id: 20, type: 'note', name: '便签', note: '记事' },
  { id: 21, type: 'post', name: '文章' },
  { id: 22, type: 'code', name: '代码' },
  { id: 23, type: 'link', name: '没有地址' },
]

const bag = (bid: number, more: Partial<BagView> = {}): BagView => ({ bid, name: `分类${bid}`, icon: '', items: ITEMS, ...more })

/** Every look of a category: card settings, icons, colours, formats, sub-categories, none at all. */
const BAGS: BagView[] = [
  bag(1),
  bag(2, { icon: 'tabler:code', color: '#f5a623', formats: { color: '#27ae60', weight: 'bold' }, card: { column: 2, linkStyle: 'card', linkColumn: 4 } }),
  bag(3, { icon: UPLOAD, card: { column: 3, linkStyle: 'text' } }),
  bag(4, { name: HOSTILE, card: { column: 1, linkStyle: 'simple' } }),
  bag(5, { card: { linkStyle: 'image' }, items: ITEMS.slice(0, 3) }),
  bag(6, { items: [] }),
  bag(7, { items: [link(30)] }),
  bag(8, { items: [ITEMS[9]!] }),
  bag(9, { items: [], children: [bag(10, { items: [link(31)] }), bag(11, { items: [], children: [bag(12, { items: [] })] })] }),
  bag(13, { items: ITEMS.slice(0, 2), children: [bag(14, { card: { column: 2 } })] }),
]

test('the HTML function writes what React renders, for every kind of category, bookmark, viewer and setting', () => {
  let compared = 0
  for (const role of ROLES) {
    for (const [newTab, childBadge] of [
      [false, false],
      [true, true],
    ] as const) {
      const kit = viewKit({ caps: capabilitiesOf(role), newTab, childBadge, location: { pathname: '/abc', search: '' }, formAction: '/abc' })
      for (const moduleType of [0, 1, 2]) {
        for (const category of BAGS) {
          const react = renderToStaticMarkup(createElement(Category, { bag: category, kit, level: 3, moduleType }))
          expect(categoryHtml(category, kit, 3, moduleType), `${role} ${moduleType} bag ${category.bid} newTab ${newTab}`).toBe(react)
          compared++
        }
      }
    }
  }
  expect(compared).toBe(ROLES.length * 2 * 3 * BAGS.length)
})

test('on the start page at / (an index route) too, and as a sub-category', () => {
  const kit = viewKit({ caps: capabilitiesOf('visitor'), newTab: false, childBadge: true, location: { pathname: '/', search: '' }, formAction: '/?index' })
  for (const category of BAGS) {
    expect(categoryHtml(category, kit, 3, 0)).toBe(renderToStaticMarkup(createElement(Category, { bag: category, kit, level: 3, moduleType: 0 })))
    expect(categoryHtml(category, kit, 4, 1, true)).toBe(renderToStaticMarkup(createElement(Category, { bag: category, kit, level: 4, moduleType: 1, sub: true })))
  }
})

test('hostile names and notes are text, never markup', () => {
  const kit = viewKit({ caps: capabilitiesOf('owner'), newTab: false, childBadge: false, location: { pathname: '/abc', search: '' }, formAction: '/abc' })
  const html = categoryHtml(BAGS[3]!, kit, 3, 0)
  expect(html).not.toContain('<script>')
  expect(html).not.toContain('<b>')
  expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;q&#x27;')
  expect(html).not.toContain('href="javascript:alert')
})
