import { type FieldMetadata, getFormProps, getInputProps } from '@conform-to/react'
import { KEYMAP_KEYS, KEYMAP_LABELS, KeymapFormSchema, shortcutLabel } from '#app/schemas/keymap.ts'
import { useIsMac } from '#app/utils/use-shortcut.ts'
import { FieldError, FormActions, FormError, useManageForm } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'keymap' }>

/** One key: a one-character field after the modifier it is pressed with. */
function KeyField({ field, label, current, mac }: { field: FieldMetadata<string>; label: string; current: string; mac: boolean }) {
  const { key, ...props } = getInputProps(field, { type: 'text', ariaDescribedBy: `${field.id}-now` })
  return (
    <div className="field keymap-field">
      <label htmlFor={field.id}>{label}</label>
      <span className="keymap-combo">
        <kbd aria-hidden="true">{mac ? '⌘' : 'Ctrl'}</kbd>
        <span aria-hidden="true">+</span>
        <input key={key} {...props} maxLength={1} autoComplete="off" spellCheck={false} className="keymap-input" />
      </span>
      <p id={`${field.id}-now`} className="field-hint">
        当前：{shortcutLabel(current, mac)}
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}

/**
 * The keymap popover (spec §2, §5): the owner's shortcut keys for search and notes, one letter,
 * digit or symbol each, pressed with Ctrl (Command on a Mac); empty turns one off.
 */
export function KeymapForm({ data, lastResult, cancelHref }: ManageFormProps<Data>) {
  const mac = useIsMac()
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'keymap-form',
    schema: KeymapFormSchema,
    defaultValue: { searchKeymap: data.keymap.searchKeymap, noteKeymap: data.keymap.noteKeymap },
    lastResult,
  })
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form">
      <input type="hidden" name="intent" value="save-keymap" />
      <FormError id={form.errorId} errors={form.errors} />
      <p className="field-hint">每个快捷键一个字母、数字或符号，与 {mac ? 'Command' : 'Ctrl'} 同时按下；留空则关闭。只在自己的主页上有效。</p>
      {KEYMAP_KEYS.map((name) => (
        <KeyField key={name} field={fields[name] as FieldMetadata<string>} label={`${KEYMAP_LABELS[name]}快捷键`} current={data.keymap[name]} mac={mac} />
      ))}
      <FormActions busy={busy} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
