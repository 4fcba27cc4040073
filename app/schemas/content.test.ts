import { expect, test } from 'vitest'
import { LinkSchema } from './content.ts'

const link = (formats: unknown) => LinkSchema.parse({ bid: 1, name: '名', url: 'https://example.com/', formats })

test("a link's own format: 12-22px, a colour, bold; anything else is dropped, not refused", () => {
  expect(link({ size: '22px', color: '#e53935', weight: 'bold' }).formats).toEqual({ size: '22px', color: '#e53935', weight: 'bold' })
  expect(link({ size: '12px' }).formats).toEqual({ size: '12px' })
  // 23-30px is a category's batch format only (spec §9).
  expect(link({ size: '30px', weight: 'bold' }).formats).toEqual({ weight: 'bold' })
  expect(link({ size: '', color: 'red; background:url(x)', weight: '' }).formats).toEqual({})
  expect(link(undefined).formats).toBeUndefined()
})
