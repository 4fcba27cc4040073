import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import { IconPicker, IconSearchForm, type IconPickerProps } from '#app/components/icon-picker.tsx'
import { recordIconUse } from '#app/services/icons.server.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { iconPickerHref, readIconPickerParams } from './picker-params.ts'
import { ICON_PICKER_PAGE_SIZE, loadIconPicker } from './picker.server.ts'

const db = useTestDb()

function render(props: Omit<IconPickerProps, 'name' | 'baseHref'> & Partial<IconPickerProps>) {
  const element = createElement(
    'div',
    null,
    createElement(IconSearchForm, { id: 'icon-search', baseHref: '/?dialog=add-module' }),
    createElement('form', { method: 'post' }, createElement(IconPicker, { name: 'icon', baseHref: '/?dialog=add-module', searchFormId: 'icon-search', ...props })),
  )
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/?dialog=add-module'] })
  return renderToStaticMarkup(createElement(RouterProvider, { router }))
}

test('the selector opens on 常用; 最近使用 appears first once the user has history', async () => {
  const { user } = await createUser(db())
  const guest = await loadIconPicker(db(), null, {})
  expect(guest).toMatchObject({ categoryId: 'common', page: 1, pageSize: ICON_PICKER_PAGE_SIZE, recent: [] })
  expect(guest.icons[0]!.key).toBe('tabler:star')
  expect(guest.categories[0]!.id).toBe('common')
  // A history tab without history, or an unknown category, falls back to 常用.
  expect((await loadIconPicker(db(), user, { category: 'history' })).categoryId).toBe('common')
  expect((await loadIconPicker(db(), user, { category: 'nope' })).categoryId).toBe('common')

  await recordIconUse(db(), user, { key: 'tabler:music', type: 'font' })
  const withHistory = await loadIconPicker(db(), user, { category: 'history' })
  expect(withHistory.categories[0]).toEqual({ id: 'history', name: '最近使用', type: 'history' })
  expect(withHistory.icons.map((i) => i.key)).toEqual(['tabler:music'])
})

test('a keyword searches every icon; a page past the end shows the last one', async () => {
  const found = await loadIconPicker(db(), null, { keyword: '星' })
  expect(found.categoryId).toBeUndefined()
  expect(found.icons[0]!.key).toBe('tabler:star')
  const last = await loadIconPicker(db(), null, { category: 'arrows', page: 9999 })
  expect(last.page).toBe(Math.ceil(last.total / ICON_PICKER_PAGE_SIZE))
  expect(last.icons.length).toBeGreaterThan(0)
})

test('the selector is a radio group in the parent form, with links that keep the parent URL', async () => {
  const data = await loadIconPicker(db(), null, { category: 'arrows', page: 2, value: 'star' })
  expect(data.current?.key).toBe('tabler:star')
  const html = render({ ...data, value: 'star', errors: ['请选择图标'] })
  expect(html).toContain('<legend>选择图标</legend>')
  expect(html).toMatch(/<p id="[^"]+-error" class="field-error" role="alert">请选择图标<\/p>/)
  // The current icon is not among the arrows, so it is offered (checked) first.
  expect(html).toContain('<label class="icon-option" title="当前图标：星标"><input type="radio" name="icon" checked="" value="tabler:star"/>')
  expect(html.match(/type="radio"/g)).toHaveLength(data.icons.length + 1)
  expect(html).toContain('href="/?dialog=add-module&amp;iconCategory=arrows&amp;iconPage=3#')
  expect(html).toContain('href="/?dialog=add-module&amp;iconCategory=arrows#')
  expect(html).toMatch(/>上一页<\/a>.*>下一页<\/a>/)
  // Search belongs to the separate GET form; nothing nests a form.
  expect(html).toMatch(/<input id="[^"]+" type="search" form="icon-search"[^>]* name="iconKeyword"/)
  expect(html).toContain('<button type="submit" form="icon-search" class="button">搜索</button>')
  expect(html).toContain('<form id="icon-search" hidden="" data-discover="true" action="/" method="get"><input type="hidden" name="dialog" value="add-module"/></form>')
  expect(html).not.toMatch(/<form[^>]*>(?:(?!<\/form>).)*<form/s)
  // No icon drawing goes into the page, only its URL.
  expect(html).not.toContain('<svg')
  expect(html).toContain('--icon:url(&quot;/resources/icons/tabler/arrow')
})

test('the selector state reads from and writes to the parent URL', () => {
  expect(readIconPickerParams('/x?iconCategory=arrows&iconKeyword=%20星%20&iconPage=2')).toEqual({ category: 'arrows', keyword: '星', page: 2 })
  expect(readIconPickerParams('/x?iconPage=-1&iconPage=abc')).toEqual({ category: undefined, keyword: undefined, page: undefined })
  expect(iconPickerHref('/a?dialog=b&iconPage=4', { category: 'c' })).toBe('/a?dialog=b&iconCategory=c')
  // Never another origin, whatever the base says.
  expect(iconPickerHref('//evil.example/x', {})).toBe('/x')
  expect(iconPickerHref('http://localhost//evil.example/x?iconPage=2', {})).toBe('/evil.example/x')
})
