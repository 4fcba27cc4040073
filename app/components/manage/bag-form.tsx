import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { IconPicker, IconSearchForm } from '#app/components/icon-picker.tsx'
import { BagSchema } from '#app/schemas/content.ts'
import { CategoryOptions, ColorField, DefaultSubmit, FormActions, FormError, SelectField, TextField, useManageForm } from './fields.tsx'
import type { ManageDialogData } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'add-bag' | 'edit-bag' }>

/** Add or edit a category (bag): name, parent category in the same module, colour and icon. */
export function BagForm({
  data,
  lastResult,
  baseHref,
  cancelHref,
}: {
  data: Data
  lastResult?: SubmissionResult<string[]> | null
  baseHref: string
  cancelHref: string
}) {
  const { bag } = data
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'bag-form',
    schema: BagSchema,
    defaultValue: {
      name: bag?.name ?? '',
      parentId: data.parentId ? String(data.parentId) : '',
      color: bag?.color ?? '',
      icon: bag?.icon ?? '',
    },
    lastResult,
  })
  const searchFormId = `${form.id}-icon-search`
  return (
    <>
      <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="manage-form">
        <DefaultSubmit />
        <input type="hidden" name="intent" value="save-bag" />
        <input type="hidden" name="moduleId" value={data.moduleId} />
        {bag ? <input type="hidden" name="bid" value={bag.bid} /> : null}
        <FormError id={form.errorId} errors={form.errors} />
        <p className="field-static">
          <span className="field-static-label">所属模块</span>
          <span>{data.moduleName}</span>
        </p>
        <TextField field={fields.name} label="分类名称" placeholder="请输入名称" hint="最多20个字" />
        <SelectField field={fields.parentId} label="上级分类">
          <option value="">无（一级分类）</option>
          <CategoryOptions options={data.parents} />
        </SelectField>
        <ColorField field={fields.color} label="分类颜色" />
        <IconPicker
          name="icon"
          value={typeof fields.icon.initialValue === 'string' ? fields.icon.initialValue : ''}
          {...data.iconPicker}
          baseHref={baseHref}
          searchFormId={searchFormId}
          errors={fields.icon.errors}
        />
        <FormActions busy={busy} cancelHref={cancelHref} />
      </fetcher.Form>
      <IconSearchForm id={searchFormId} baseHref={baseHref} />
    </>
  )
}
