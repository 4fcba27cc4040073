import type { FormReply } from './types.ts'

/**
 * Pieces of the group page's forms: a labelled field with its message, and a form's own message.
 * A refused form comes back with what was typed (`reply.values`), shown again.
 */

export const valueOf = (reply: FormReply | null, form: string, name: string, fallback = '') =>
  reply?.form === form ? (reply.values[name] ?? fallback) : fallback

export function TextField({
  form,
  name,
  label,
  reply,
  defaultValue = '',
  required = false,
  maxLength,
  type = 'text',
  placeholder,
  hint,
}: {
  form: string
  name: string
  label: string
  reply: FormReply | null
  defaultValue?: string
  required?: boolean
  maxLength?: number
  type?: 'text' | 'url'
  placeholder?: string
  hint?: string
}) {
  const id = `${form}-${name}`
  const error = reply?.form === form ? reply.fieldErrors[name] : undefined
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        // `www.baidu.com` is an address too (the schema adds https://): a text field, not type=url.
        type={type === 'url' ? 'text' : type}
        inputMode={type === 'url' ? 'url' : undefined}
        defaultValue={valueOf(reply, form, name, defaultValue)}
        required={required}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function FormMessage({ form, reply }: { form: string; reply: FormReply | null }) {
  if (reply?.form !== form || !reply.formError) return null
  return (
    <p className="form-error" role="alert">
      {reply.formError}
    </p>
  )
}

/** A few library icons for a category (no icon is fine too): a select works with a keyboard and without JavaScript. */
export const CATEGORY_ICONS: ReadonlyArray<[string, string]> = [
  ['', '无图标'],
  ['tabler:folder', '文件夹'],
  ['tabler:star', '星标'],
  ['tabler:code', '代码'],
  ['tabler:book', '书'],
  ['tabler:palette', '设计'],
  ['tabler:tool', '工具'],
  ['tabler:world', '网站'],
  ['tabler:music', '音乐'],
  ['tabler:movie', '影视'],
  ['tabler:school', '学习'],
  ['tabler:briefcase', '工作'],
  ['tabler:news', '资讯'],
  ['tabler:shopping-cart', '购物'],
  ['tabler:device-gamepad', '游戏'],
  ['tabler:photo', '图片'],
  ['tabler:bulb', '灵感'],
  ['tabler:heart', '收藏'],
]

export function IconSelect({ form, reply, defaultValue = '' }: { form: string; reply: FormReply | null; defaultValue?: string }) {
  const id = `${form}-icon`
  const current = valueOf(reply, form, 'icon', defaultValue)
  // An icon set elsewhere (an upload, another library icon) stays the choice until another is picked.
  const known = CATEGORY_ICONS.some(([key]) => key === current)
  return (
    <div className="field">
      <label htmlFor={id}>图标（可选）</label>
      <select id={id} name="icon" defaultValue={current}>
        {known ? null : <option value={current}>当前图标</option>}
        {CATEGORY_ICONS.map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
    </div>
  )
}
