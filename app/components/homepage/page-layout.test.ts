import { expect, test } from 'vitest'
import { pageLayoutOf } from './page-layout.ts'

const start = { pageWidth: 'default', signedIn: true, startPage: true } as const

test('the defaults: no style rule, the theme colours, the engine box fixed in default mode', () => {
  const layout = pageLayoutOf({}, start)
  expect(layout).toMatchObject({ mode: 'default', anchor: 'left', sidebar: 'right', newTab: true, maxRows: 6, engine: { fixes: true }, website: true, css: null })
  expect(layout.vars).toEqual({ '--max-rows': 6, '--site-link-columns': 6 })
  expect(layout.attrs).not.toHaveProperty('flags')
})

test('spec §4: default and simple modes show the background over the whole page; focus and screen the chosen area', () => {
  for (const [mode, chosen, shown] of [
    ['default', 'engine', 'full'],
    ['simple', 'engine', 'full'],
    ['focus', 'engine', 'engine'],
    ['focus', 'full', 'full'],
    ['screen', 'engine', 'engine'],
  ] as const) {
    expect(pageLayoutOf({ mode, backgroundArea: chosen }, start).attrs['bg-area'], `${mode} ${chosen}`).toBe(shown)
  }
})

test('simple mode is for signed-in viewers; a guest sees the default mode', () => {
  expect(pageLayoutOf({ mode: 'simple' }, start)).toMatchObject({ mode: 'simple', engine: null })
  expect(pageLayoutOf({ mode: 'simple' }, { ...start, signedIn: false })).toMatchObject({ mode: 'default', engine: { fixes: true } })
})

test('root font and page width (the header’s row too) are one style; screen mode is full width whatever the device says', () => {
  expect(pageLayoutOf({ rootFontSize: 19 }, { ...start, pageWidth: 'min-2' }).css).toBe(':root{font-size:19px}.page{max-width:840px}.site-header-inner{max-width:840px}')
  expect(pageLayoutOf({ mode: 'screen', screenSliderWidth: 30 }, { ...start, pageWidth: 'min-1' })).toMatchObject({
    css: '.page{max-width:100%}.site-header-inner{max-width:100%}',
    vars: { '--screen-slider-width': 30 },
  })
})

test('stored values that fail their rule (old or tampered) fall back to the defaults', () => {
  const layout = pageLayoutOf({ rootFontSize: 40, anchorPosition: 'middle', cardBorderColor: 'red;}', websiteBookmarkStyle: 'fancy', engineVisible: 'x' }, start)
  expect(layout).toMatchObject({ anchor: 'left', css: null, engine: { fixes: true } })
  expect(layout.vars).not.toHaveProperty('--card-border-color')
  expect(layout.attrs['link-style']).toBe('default')
})

test('switches become flags of the wrapper', () => {
  const layout = pageLayoutOf({ websitePrivacy: true, moduleRememberTab: true, bookmarkFolderBadge: false, websiteVisible: false }, start)
  expect(layout.attrs.flags).toBe('privacy remember-tab no-folder-badge')
  expect(layout.website).toBe(false)
})
