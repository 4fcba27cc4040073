import { expect, test } from 'vitest'
import { LoginSchema, NicknameSchema, RegisterSchema } from './auth.ts'
import { firstIssue } from '#app/utils/zod.ts'

const messageOf = (schema: typeof LoginSchema | typeof RegisterSchema, input: object) => {
  const result = schema.safeParse(input)
  return result.success ? null : firstIssue(result.error)
}
const ok = { nickname: '小明', email: 'a@example.com', password: '123456' }

test.each([
  [{ ...ok, nickname: undefined }, '请输入昵称'],
  [{ ...ok, nickname: '   ' }, '请输入昵称'],
  [{ ...ok, nickname: '一'.repeat(21) }, '昵称长度不能超过20个字'],
  [{ ...ok, email: undefined }, '请输入邮箱地址'],
  [{ ...ok, email: '' }, '请输入邮箱地址'],
  [{ ...ok, email: 'not-an-email' }, '请输入正确的邮箱地址'],
  [{ ...ok, password: undefined }, '请输入登录密码'],
  [{ ...ok, password: '12345' }, '密码长度不能小于6位'],
  [{ ...ok, password: '密码一二三' }, '密码长度不能小于6位'],
  [{ ...ok, password: 'x'.repeat(257) }, '密码长度不能超过256位'],
])('register %j → %s', (input, message) => {
  expect(messageOf(RegisterSchema, input)).toBe(message)
})

test('register accepts 20-character nicknames and six Chinese characters as a password', () => {
  expect(RegisterSchema.parse({ nickname: '一'.repeat(20), email: ' A@Example.COM ', password: '六个中文密码' })).toEqual({
    nickname: '一'.repeat(20),
    email: 'a@example.com',
    password: '六个中文密码',
  })
})

test.each([
  [{ email: '', password: 'x' }, '请输入邮箱地址'],
  [{ email: 'bad', password: 'x' }, '请输入正确的邮箱地址'],
  [{ email: 'a@example.com', password: '' }, '请输入登录密码'],
])('login %j → %s', (input, message) => {
  expect(messageOf(LoginSchema, input)).toBe(message)
})

test('a nickname is plain text: NUL, control and direction-override characters go before the rules', () => {
  const parsed = NicknameSchema.safeParse({ nickname: '小\u0000明\u202E\u2066 ' })
  expect(parsed.success && parsed.data.nickname).toBe('小明')
  expect(NicknameSchema.safeParse({ nickname: '\u202E\u0000' }).error?.issues[0]?.message).toBe('请输入昵称')
  expect(RegisterSchema.safeParse({ nickname: 'a\u0007b', email: 'a@example.com', password: '123456' }).data?.nickname).toBe('ab')
})
