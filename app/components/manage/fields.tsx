import {
  type DefaultValue,
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ReactNode, useEffect, useId } from 'react'
import { Form, Link, useFetcher, useNavigation } from 'react-router'
import type { z } from 'zod'
import type { ManageActionData } from './types.ts'

/**
 * A management form: Conform over the same zod schema as the action. It posts to the page's own
 * action (a real HTML form without JavaScript); with JavaScript it validates on blur, submits
 * through a fetcher so errors appear in place, and focuses the first invalid field.
 */
export function useManageForm<Schema extends z.ZodObject>({
  id,
  schema,
  defaultValue,
  lastResult,
  validateAsYouType = false,
}: {
  id: string
  schema: Schema
  /** Field values as the form shows them (strings), keyed by the schema's field names. */
  defaultValue: { [K in keyof z.input<Schema>]?: string }
  lastResult?: SubmissionResult<string[]> | null
  /** Check each keystroke, not only on leaving a field: for a short form of one prefilled field. */
  validateAsYouType?: boolean
}) {
  const fetcher = useFetcher<ManageActionData>()
  const fetched = fetcher.data?.result
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    // Strings are what a form holds; Conform's type wants the schema's input types.
    defaultValue: defaultValue as DefaultValue<z.input<Schema>>,
    lastResult: fetcher.state === 'idle' ? (fetched ?? lastResult) : null,
    shouldValidate: validateAsYouType ? 'onInput' : 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  // Conform focuses the first field with an error; a message of the whole form (a rule of the
  // service, such as 最多添加100个书签) gets the focus itself so it is read out.
  const formError = form.errors?.[0]
  useEffect(() => {
    if (fetched?.status !== 'error' || !formError) return
    const fieldErrors = Object.entries(fetched.error ?? {}).filter(([name, errors]) => name !== '' && errors?.length)
    if (fieldErrors.length) return
    document.getElementById(form.id)?.querySelector<HTMLElement>('.form-error')?.focus()
  }, [fetched, formError, form.id])
  return { fetcher, form, fields, busy: fetcher.state !== 'idle' }
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p id={id} className="field-error" role="alert">
      {errors[0]}
    </p>
  )
}

/** A form-level message (a rule of the service, such as 最多添加100个书签). */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p id={id} className="form-error" role="alert" tabIndex={-1}>
      {errors[0]}
    </p>
  )
}

type Field = FieldMetadata<unknown>

/** A labelled text input (management dialogs and account forms) with its error (aria-describedby) and an optional hint. */
export function TextField({
  field,
  label,
  type = 'text',
  placeholder,
  hint,
  autoComplete = 'off',
  autoFocus,
}: {
  field: Field
  label: string
  type?: 'text' | 'url' | 'email' | 'password'
  placeholder?: string
  hint?: string
  autoComplete?: string
  autoFocus?: boolean
}) {
  const hintId = useId()
  const { key, ...props } = getInputProps(field as FieldMetadata<string>, { type, ariaDescribedBy: hint ? hintId : undefined })
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input key={key} {...props} placeholder={placeholder} autoComplete={autoComplete} autoFocus={autoFocus} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}

export function TextareaField({ field, label, placeholder, rows = 3 }: { field: Field; label: string; placeholder?: string; rows?: number }) {
  const { key, ...props } = getTextareaProps(field as FieldMetadata<string>)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea key={key} {...props} placeholder={placeholder} rows={rows} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}

export function SelectField({
  field,
  label,
  hint,
  children,
}: {
  field: Field
  label: string
  hint?: string
  children: React.ReactNode
}) {
  const hintId = useId()
  const { key, ...props } = getSelectProps(field as FieldMetadata<string>, { ariaDescribedBy: hint ? hintId : undefined })
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select key={key} {...props}>
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}

/** Options for a category select: grouped by module, sub-categories indented. */
export function CategoryOptions({
  options,
}: {
  options: { bid: number; name: string; depth: number; moduleId: number; moduleName: string }[]
}) {
  const groups = new Map<number, { name: string; options: typeof options }>()
  for (const option of options) {
    const group = groups.get(option.moduleId) ?? { name: option.moduleName, options: [] }
    group.options.push(option)
    groups.set(option.moduleId, group)
  }
  return (
    <>
      {[...groups].map(([moduleId, group]) => (
        <optgroup key={moduleId} label={group.name}>
          {group.options.map((option) => (
            <option key={option.bid} value={String(option.bid)}>
              {`${'\u3000'.repeat(option.depth)}${option.depth ? '└ ' : ''}${option.name}`}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  )
}

/** The seven colour presets of the editor (spec §9), and "none" (the theme colour). */
export const COLOR_PRESETS = [
  { value: '#e53935', name: '红色' },
  { value: '#fb8c00', name: '橙色' },
  { value: '#fdd835', name: '黄色' },
  { value: '#43a047', name: '绿色' },
  { value: '#00acc1', name: '青色' },
  { value: '#1e88e5', name: '蓝色' },
  { value: '#8e24aa', name: '紫色' },
] as const

/**
 * A colour choice that works without JavaScript and can be empty: radio buttons for 默认 and the
 * presets, plus the current colour when it is none of them.
 */
export function ColorField({ field, label = '颜色', defaultLabel = '默认' }: { field: Field; label?: string; defaultLabel?: string }) {
  const current = typeof field.initialValue === 'string' ? field.initialValue.toLowerCase() : ''
  const hasError = Boolean(field.errors?.length)
  return (
    <fieldset className="field color-field" aria-describedby={hasError ? field.errorId : undefined}>
      <legend>{label}</legend>
      <ColorChoices name={field.name} current={current} defaultLabel={defaultLabel} />
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}

/** The radio buttons of a colour choice: `defaultLabel` (empty), the presets, and the current one if it is none of them. */
export function ColorChoices({ name, current, defaultLabel }: { name: string; current: string; defaultLabel: string }) {
  const choices: { value: string; name: string }[] = [{ value: '', name: defaultLabel }, ...COLOR_PRESETS]
  if (current && !choices.some((c) => c.value === current)) choices.push({ value: current, name: `当前颜色 ${current}` })
  return (
    <div className="color-options">
      {choices.map((choice) => (
        <label key={choice.value || 'none'} className="color-option" title={choice.name}>
          <input type="radio" name={name} value={choice.value} defaultChecked={choice.value === current} />
          <span
            className={choice.value ? 'color-swatch' : 'color-swatch color-swatch-none'}
            style={choice.value ? { background: choice.value } : undefined}
            aria-hidden="true"
          />
          <span className="visually-hidden">{choice.name}</span>
        </label>
      ))}
    </div>
  )
}

/**
 * Enter in a text field presses a form's first submit button. Forms with other submit buttons
 * before 保存 (获取 of a remote icon, 获取网站名称和图标) start with this one, so Enter still saves.
 */
export function DefaultSubmit() {
  return (
    <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
      保存
    </button>
  )
}

/** 保存 (and any extra submit buttons) and 取消, which goes back without saving. */
export function FormActions({
  busy,
  cancelHref,
  submitLabel = '保存',
  children,
}: {
  busy: boolean
  cancelHref: string
  submitLabel?: string
  children?: React.ReactNode
}) {
  return (
    <div className="form-actions">
      <Link to={cancelHref} className="button" replace preventScrollReset>
        取消
      </Link>
      {/* The first submit button is the one Enter presses: plain 保存 comes first. */}
      <SubmitButton busy={busy} label={submitLabel} />
      {children}
    </div>
  )
}

/** A form's main submit button; while the form is on its way it says so and cannot be pressed again. */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className="button button-primary" disabled={busy}>
      {busy ? '请稍候…' : label}
    </button>
  )
}

/** A one-click POST button of a list row (the page's own action; a reload without JavaScript). */
export function RowAction({
  intent,
  fields,
  label,
  children,
  danger = false,
}: {
  intent: string
  fields: Record<string, string | number>
  label: string
  children: ReactNode
  danger?: boolean
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Form method="post" className="inline-form" preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={`button button-small${danger ? ' button-danger-text' : ''}`} aria-label={label} disabled={busy}>
        {children}
      </button>
    </Form>
  )
}

/**
 * A setting's on / off switch: a one-click form like RowAction (a plain POST without JavaScript),
 * drawn as a switch (role switch, its state in aria-checked). It stays enabled while saving, so
 * keyboard focus stays on it.
 */
export function SwitchAction({
  intent,
  fields,
  checked,
  children,
}: {
  intent: string
  fields: Record<string, string | number>
  checked: boolean
  children: ReactNode
}) {
  return (
    <Form method="post" className="inline-form" preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} role="switch" aria-checked={checked} className="switch">
        <span className="switch-track" aria-hidden="true" />
        {children}
      </button>
    </Form>
  )
}
