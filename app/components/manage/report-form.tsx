import { getFormProps, getTextareaProps } from '@conform-to/react'
import { REPORT_OTHER_MAX, REPORT_REASONS, ReportSchema } from '#app/schemas/report.ts'
import { FieldError, FormActions, FormError, SelectField, useManageForm } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'report-link' }>

/** 举报链接: one of the category's links, a reason, and (for 其他) what is wrong. Kept for the site's operator. */
export function ReportLinkForm({ data, lastResult, cancelHref }: ManageFormProps<Data>) {
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'report-form',
    schema: ReportSchema,
    defaultValue: { sourceId: data.sourceId ? String(data.sourceId) : '', type: '', otherType: '' },
    lastResult,
  })
  if (!data.links.length) return <p className="muted">分类「{data.bagName}」里没有可以举报的链接。</p>
  const { key: otherKey, ...otherProps } = getTextareaProps(fields.otherType)
  const type = typeof fields.type.initialValue === 'string' ? fields.type.initialValue : ''
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form">
      <input type="hidden" name="intent" value="report-link" />
      <FormError id={form.errorId} errors={form.errors} />
      <SelectField field={fields.sourceId} label="链接">
        <option value="">请选择链接</option>
        {data.links.map((link) => (
          <option key={link.id} value={String(link.id)}>
            {link.host ? `${link.name}（${link.host}）` : link.name}
          </option>
        ))}
      </SelectField>
      <fieldset className="field" aria-describedby={fields.type.errors ? fields.type.errorId : undefined}>
        <legend>原因</legend>
        <div className="color-options">
          {REPORT_REASONS.map((reason) => (
            <label key={reason.code} className="field-check">
              <input type="radio" name={fields.type.name} value={reason.code} defaultChecked={reason.code === type} />
              {reason.label}
            </label>
          ))}
        </div>
        <FieldError id={fields.type.errorId} errors={fields.type.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.otherType.id}>具体原因（选择“其他”时必填）</label>
        <textarea key={otherKey} {...otherProps} rows={3} maxLength={REPORT_OTHER_MAX} />
        <FieldError id={fields.otherType.errorId} errors={fields.otherType.errors} />
      </div>
      <FormActions busy={busy} cancelHref={cancelHref} submitLabel="提交举报" />
    </fetcher.Form>
  )
}
