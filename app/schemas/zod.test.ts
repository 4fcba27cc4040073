import { z as plainZod } from 'zod'
import { expect, test } from 'vitest'
import { BAD_PARAM_MSG, MISSING_PARAM_MSG, z } from './zod.ts'

test('a rule without its own message refuses in Chinese, also in a schema made from zod directly', () => {
  for (const make of [z, plainZod]) {
    const schema = make.object({ n: make.number().int().max(3), list: make.array(make.object({ id: make.number() })).max(1), kind: make.enum(['a', 'b']) })
    const message = (input: unknown) => schema.safeParse(input).error?.issues[0]?.message
    expect(message({ list: [], kind: 'a' })).toBe(MISSING_PARAM_MSG)
    expect(message({ n: 'x', list: [], kind: 'a' })).toBe(BAD_PARAM_MSG)
    expect(message({ n: 9, list: [], kind: 'a' })).toBe(BAD_PARAM_MSG)
    expect(message({ n: 1, list: [{ id: 1 }, { id: 2 }], kind: 'a' })).toBe(BAD_PARAM_MSG)
    expect(message({ n: 1, list: [[[[]]]], kind: 'a' })).toBe(BAD_PARAM_MSG)
    expect(message({ n: 1, list: [], kind: 'c' })).toBe(BAD_PARAM_MSG)
  }
  // A rule's own message still wins.
  expect(z.string({ error: '请输入名称' }).safeParse(1).error?.issues[0]?.message).toBe('请输入名称')
})
