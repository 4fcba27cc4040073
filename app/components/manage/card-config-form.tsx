import { getFormProps } from '@conform-to/react'
import { CARD_LINK_STYLES, CardConfigFormSchema } from '#app/schemas/content.ts'
import { FieldError, FormActions, FormError, RowAction, SelectField, useManageForm } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'card-config' }>

const WIDTHS = [
  { value: '1', name: '一列' },
  { value: '2', name: '两列' },
  { value: '3', name: '整行' },
] as const
const LINK_COLUMNS = Array.from({ length: 12 }, (_, i) => i + 1)

/**
 * A category's card (spec §3 card config): how wide the card is in its module, how its links are
 * drawn, and how many links a row holds. 默认 everywhere is the page's own layout; 恢复默认 clears all.
 */
export function CardConfigForm({ data, lastResult, cancelHref }: ManageFormProps<Data>) {
  const { card, bid, name } = data.bag
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'card-config-form',
    schema: CardConfigFormSchema,
    defaultValue: {
      bid: String(bid),
      column: card.column ? String(card.column) : '',
      linkStyle: card.linkStyle ?? '',
      linkColumn: card.linkColumn ? String(card.linkColumn) : '',
    },
    lastResult,
  })
  const style = typeof fields.linkStyle.initialValue === 'string' ? fields.linkStyle.initialValue : ''
  return (
    <>
      <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form">
        <input type="hidden" name="intent" value="save-card-config" />
        <input type="hidden" name="bid" value={bid} />
        <FormError id={form.errorId} errors={form.errors} />
        <p className="muted">分类「{name}」的卡片样式。</p>
        <SelectField field={fields.column} label="卡片宽度">
          <option value="">默认</option>
          {WIDTHS.map((w) => (
            <option key={w.value} value={w.value}>
              {w.name}
            </option>
          ))}
        </SelectField>
        <fieldset className="field color-field" aria-describedby={fields.linkStyle.errors ? fields.linkStyle.errorId : undefined}>
          <legend>书签样式</legend>
          <div className="color-options">
            {[{ value: '', name: '默认' }, ...CARD_LINK_STYLES].map((option) => (
              <label key={option.value || 'default'} className="field-check">
                <input type="radio" name={fields.linkStyle.name} value={option.value} defaultChecked={option.value === style} />
                {option.name}
              </label>
            ))}
          </div>
          <FieldError id={fields.linkStyle.errorId} errors={fields.linkStyle.errors} />
        </fieldset>
        <SelectField field={fields.linkColumn} label="每行书签数">
          <option value="">自动</option>
          {LINK_COLUMNS.map((n) => (
            <option key={n} value={String(n)}>
              {n} 个
            </option>
          ))}
        </SelectField>
        <FormActions busy={busy} cancelHref={cancelHref} />
      </fetcher.Form>
      <div className="manage-list-footer">
        <RowAction intent="clear-card-config" fields={{ bid }} label={`恢复默认卡片样式 ${name}`}>
          恢复默认
        </RowAction>
      </div>
    </>
  )
}
