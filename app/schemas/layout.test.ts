import { expect, test } from 'vitest'
import { BOOKMARK_STYLES, ENGINE_BG_SIZES, LAYOUT_FIELDS, LAYOUT_VALUE_MSG } from './layout.ts'
import { SaveThemeColorFormSchema, THEME_COLORS } from './skin.ts'

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error?.issues[0]?.message)

test.each([
  ['websiteBookmarkStyle', BOOKMARK_STYLES, ['fancy', 'card-x', 'Default', '']],
  ['engineBgSize', ENGINE_BG_SIZES, ['huge', 'medium', 'Small', '']],
] as const)('%s takes the values of its radios only', (field, options, refused) => {
  for (const option of options) expect(LAYOUT_FIELDS[field].safeParse(option.value)).toEqual({ success: true, data: option.value })
  for (const value of refused) expect(message(LAYOUT_FIELDS[field].safeParse(value)), value).toBe(LAYOUT_VALUE_MSG)
})

test('one theme-colour rule: the layout field, used by the skin drawer too, takes exactly the 17 presets', () => {
  expect(THEME_COLORS).toHaveLength(17)
  for (const { id } of THEME_COLORS) expect(LAYOUT_FIELDS.themeColorId.safeParse(String(id)).success).toBe(true)
  for (const value of ['-1', String(THEME_COLORS.length), '1.5', 'red']) {
    expect(message(LAYOUT_FIELDS.themeColorId.safeParse(value)), value).toBe(LAYOUT_VALUE_MSG)
    expect(message(SaveThemeColorFormSchema.safeParse({ homepageId: '1', themeColorId: value })), value).toBe(LAYOUT_VALUE_MSG)
  }
})
