import { nameText } from './text.ts'
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

/** The rules of a password being chosen (register, reset, change): spec §5, min 6. */
const newPassword = loginPassword.refine((value) => [...value].length >= 6, '密码长度不能小于6位')
// Plain text first (the invisible-character rule of text.ts), then the spec's rules.
const nickname = nameText({ required: '请输入昵称', max: 20, tooLong: '昵称长度不能超过20个字' })

export const RegisterSchema = z.object({
  nickname,
  email,
  password: newPassword,
})

export const CheckEmailSchema = z.object({ email })

export const PASSWORDS_DIFFER = '两次输入的密码不一致'

/** A new password typed twice (reset and change). */
const newPasswordPair = {
  password: newPassword,
  confirm: z.string({ error: '请再次输入新密码' }).min(1, '请再次输入新密码'),
}
const confirmed = (value: { password: string; confirm: string }) => value.password === value.confirm
const confirmIssue = { message: PASSWORDS_DIFFER, path: ['confirm'] }

/** The forgotten-password page's second step: the link's token and the new password. */
export const ResetPasswordSchema = z
  .object({ token: z.string({ error: '重置链接无效' }).max(200), ...newPasswordPair })
  .refine(confirmed, confirmIssue)


/** /user/account: the password change, with the current one; an account made by a social sign-in sets its first. */
export const changePasswordSchema = (hasPassword: boolean) =>
  z
    .object({ current: hasPassword ? currentPassword : z.string().max(PASSWORD_MAX).optional(), ...newPasswordPair })
    .refine(confirmed, confirmIssue)

export const NicknameSchema = z.object({ nickname })

export type LoginInput = z.infer<typeof LoginSchema>
export type RegisterInput = z.infer<typeof RegisterSchema>

const currentPassword = z.string({ error: '请输入当前密码' }).min(1, '请输入当前密码').max(PASSWORD_MAX)

export const CONFIRM_LOGOFF = '请勾选确认框，确认已了解注销的后果'

/**
 * /user/logoff: the confirmation box, and the current password, or (for an account without one)
 * its nickname typed again.
 */
export const deleteAccountSchema = (hasPassword: boolean) =>
  z.object({
    password: hasPassword ? currentPassword : z.string().max(PASSWORD_MAX).optional(),
    nickname: hasPassword ? z.string().max(40).optional() : z.string({ error: '请输入你的昵称' }).trim().min(1, '请输入你的昵称').max(40),
    confirm: z.boolean({ error: CONFIRM_LOGOFF }).refine((value) => value, CONFIRM_LOGOFF),
  })

/** /user/account: a new sign-in e-mail, with the current password when the account has one. */
export const changeEmailSchema = (hasPassword: boolean) =>
  z.object({
    email,
    current: hasPassword ? currentPassword : z.string().max(PASSWORD_MAX).optional(),
  })
