import { getFormProps } from '@conform-to/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { DividerSchema } from '#app/schemas/content.ts'
import { ColorField, FormActions, FormError, SelectField, TextField, useManageForm } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'add-divider' | 'edit-divider' }>

export const DIVIDER_ALIGNS = [
  { value: 'left', name: '居左' },
  { value: 'center', name: '居中' },
  { value: 'right', name: '居右' },
] as const

export const DIVIDER_STYLES = [
  { value: 'solid', name: '实线' },
  { value: 'dashed', name: '虚线' },
  { value: 'double', name: '双线' },
] as const

/**
 * Add or edit a divider: optional title (30), its alignment (only meaningful with a title, spec
 * §5: with JavaScript the choice appears once a title is typed), line style and colour.
 */
export function DividerForm({
  data,
  lastResult,
  cancelHref,
}: ManageFormProps<Data>) {
  const hydrated = useHydrated()
  const { divider } = data
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'divider-form',
    schema: DividerSchema,
    defaultValue: {
      name: divider?.name ?? '',
      align: divider?.align ?? 'center',
      style: divider?.style ?? 'solid',
      color: divider?.color ?? '',
    },
    lastResult,
  })
  const title = typeof fields.name.value === 'string' ? fields.name.value.trim() : ''
  const showAlign = !hydrated || title !== ''
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form">
      <input type="hidden" name="intent" value="save-divider" />
      <input type="hidden" name="bid" value={data.bid} />
      {data.parentLinkId ? <input type="hidden" name="parentLinkId" value={data.parentLinkId} /> : null}
      {divider ? <input type="hidden" name="id" value={divider.id} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label="标题" placeholder="选填，最多30个字" />
      {showAlign ? (
        <SelectField field={fields.align} label="标题位置" hint={hydrated ? undefined : '仅在填写标题时生效'}>
          {DIVIDER_ALIGNS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SelectField field={fields.style} label="线条样式">
        {DIVIDER_STYLES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <ColorField field={fields.color} label="线条颜色" />
      <FormActions busy={busy} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
