import { expect, test } from 'vitest'
import { NicknameSchema } from './auth.ts'
import { BagSchema, DividerSchema, FolderSchema, LinkSchema, ModuleSchema, NoteSourceSchema } from './content.ts'
import { HomepageSchema } from './homepage.ts'
import { SHARE_PARAMS } from './share.ts'
import { nameText, plainText } from './text.ts'

/** Every kind of invisible character the rule removes (issue 21). */
const INVISIBLE = [
  '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u061C', '\u200E', '\u200F',
  '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069',
  '\uFE00', '\uFE0E', '\uFE0F', '\u{E0100}', '\u{E01EF}', '\u{E0001}', '\u3164', '\u115F',
  '\u0000', '\u0007', '\u001F', '\u007F', '\u0085', '\u009F', '\uD800', '\uDFFF',
]

test('plainText drops NUL, C0 controls, DEL and bidi overrides; keeps tabs, line breaks and all text', () => {
  expect(plainText('a\u0000b\u0007c\u007fd')).toBe('abcd')
  expect(plainText('evil\u202Etxt.exe\u2066x\u2069')).toBe('eviltxt.exex')
  const kept = '一\t二\n三\r\n四 😀 ＡＢ'
  expect(plainText(kept)).toBe(kept)
})

const hex = (c: string) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
test.each(INVISIBLE.map((c) => [hex(c), c]))('plainText removes U+%s wherever it stands', (_, c) => {
  expect(plainText(`${c}小${c}明${c}`)).toBe('小明')
})

test('an emoji keeps the joiners and selectors that draw it; the same characters elsewhere go', () => {
  for (const emoji of ['👨‍👩‍👧', '❤️', '👍🏽', '1️⃣', '🏳️‍🌈', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}']) {
    expect(plainText(`我${emoji}家`)).toBe(`我${emoji}家`)
  }
  expect(plainText('a\u200Db')).toBe('ab')
  expect(plainText('\uFE0F名')).toBe('名')
  expect(plainText('😀\u200B\u200D')).toBe('😀')
})

test('a name of only invisible characters is refused with the field’s own message; inner ones are removed', () => {
  // Spaced: the two halves of a surrogate pair side by side would be one character.
  const only = INVISIBLE.join(' ')
  const cases: [{ safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, Record<string, unknown>, string][] = [
    [NicknameSchema, { nickname: only }, '请输入昵称'],
    [ModuleSchema, { homepageId: 1, icon: 'tabler:star', name: only }, '请输入模块名称'],
    [BagSchema, { moduleId: 1, icon: 'tabler:star', name: only }, '请输入名称'],
    [LinkSchema, { bid: 1, url: 'https://example.com/', name: only }, '请输入网站名称'],
    [FolderSchema, { bid: 1, name: only }, '请输入文件夹名称'],
    [NoteSourceSchema, { bid: 1, remark: only }, '请输入名称'],
    [HomepageSchema, { icon: 'tabler:home', title: only }, '请输入主页名称'],
  ]
  for (const [schema, input, msg] of cases) expect(schema.safeParse(input).error?.issues[0]?.message, msg).toBe(msg)
  expect(NicknameSchema.parse({ nickname: ' 小\u200B明\u2060 ' }).nickname).toBe('小明')
  expect(DividerSchema.parse({ bid: 1, name: `${only}标题` }).name).toBe('标题')
  expect(SHARE_PARAMS.title.parse(`\u200B分享\uFEFF`)).toBe('分享')
  // The length counts what is kept: twenty visible characters and a zero-width space fit in 20.
  expect(nameText({ required: '请输入', max: 20, tooLong: '太长' }).parse(`${'一'.repeat(20)}\u200B`)).toBe('一'.repeat(20))
})
