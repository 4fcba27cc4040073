import { z } from './zod.ts'

/** Passwords are never truncated; the cap only stops hashing megabytes (SECURITY.md §2.4). */
export const PASSWORD_MAX = 256

const email = z
  .string({ error: '请输入邮箱地址' })
  .trim()
  .min(1, '请输入邮箱地址')
  .max(254, '请输入正确的邮箱地址')
  .pipe(z.email('请输入正确的邮箱地址'))
  .transform((value) => value.toLowerCase())

const loginPassword = z
  .string({ error: '请输入登录密码' })
  .min(1, '请输入登录密码')
  .max(PASSWORD_MAX, `密码长度不能超过${PASSWORD_MAX}位`)

export const LoginSchema = z.object({
  email,
  password: loginPassword,
})

export const RegisterSchema = z.object({
  nickname: z.string({ error: '请输入昵称' }).trim().min(1, '请输入昵称').max(20, '昵称长度不能超过20个字'),
  email,
  password: loginPassword.refine((value) => [...value].length >= 6, '密码长度不能小于6位'),
})

export const CheckEmailSchema = z.object({ email })

export type LoginInput = z.infer<typeof LoginSchema>
export type RegisterInput = z.infer<typeof RegisterSchema>
