import { getFormProps, getInputProps } from '@conform-to/react'
import { BAG_FONT_SIZES, BagFormatSchema } from '#app/schemas/batch.ts'
import { ColorField, FieldError, FormActions, FormError, SelectField, useManageForm } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'bag-format' }>

const ALIGNS = [
  { value: '', name: '默认' },
  { value: 'left', name: '左对齐' },
  { value: 'center', name: '居中' },
  { value: 'right', name: '右对齐' },
] as const

/** The batch format of a category's bookmarks (spec §2 "Batch format dialog"). */
export function BagFormatForm({ data, lastResult, cancelHref }: ManageFormProps<Data>) {
  const { formats } = data.bag
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'bag-format-form',
    schema: BagFormatSchema,
    defaultValue: {
      bid: String(data.bag.bid),
      size: formats.size ? formats.size.replace('px', '') : '',
      color: formats.color ?? '',
      bold: formats.weight === 'bold' ? '1' : undefined,
      align: formats.align ?? '',
    },
    lastResult,
  })
  const { key: boldKey, ...boldProps } = getInputProps(fields.bold, { type: 'checkbox', value: '1' })
  const align = typeof fields.align.initialValue === 'string' ? fields.align.initialValue : ''
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form">
      <input type="hidden" name="intent" value="save-bag-format" />
      <input type="hidden" name="bid" value={data.bag.bid} />
      <FormError id={form.errorId} errors={form.errors} />
      <p className="muted">分类「{data.bag.name}」里所有书签的文字格式。</p>
      <SelectField field={fields.size} label="字号">
        <option value="">默认</option>
        {BAG_FONT_SIZES.map((size) => (
          <option key={size} value={String(size)}>
            {size}px
          </option>
        ))}
      </SelectField>
      <ColorField field={fields.color} label="文字颜色" />
      <div className="field field-check">
        <label htmlFor={fields.bold.id}>
          <input key={boldKey} {...boldProps} />
          加粗
        </label>
        <FieldError id={fields.bold.errorId} errors={fields.bold.errors} />
      </div>
      <fieldset className="field color-field">
        <legend>对齐</legend>
        <div className="color-options">
          {ALIGNS.map((option) => (
            <label key={option.value || 'default'} className="field-check">
              <input type="radio" name={fields.align.name} value={option.value} defaultChecked={option.value === align} />
              {option.name}
            </label>
          ))}
        </div>
        <FieldError id={fields.align.errorId} errors={fields.align.errors} />
      </fieldset>
      <FormActions busy={busy} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
