import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { IconPicker, IconSearchForm } from '#app/components/icon-picker.tsx'
import { ModuleSchema } from '#app/schemas/content.ts'
import { DefaultSubmit, FormActions, FormError, SelectField, TextField, useManageForm } from './fields.tsx'
import type { ManageDialogData } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'add-module' | 'edit-module' }>

export const MODULE_TYPES = [
  { value: 2, name: '多级分类' },
  { value: 1, name: '单级导航' },
] as const

/** Add or edit a module: name, icon (required, spec §5) and, when adding, its type. */
export function ModuleForm({
  data,
  lastResult,
  baseHref,
  cancelHref,
}: {
  data: Data
  lastResult?: SubmissionResult<string[]> | null
  /** The page URL with the dialog: the icon selector's tabs and pages keep it. */
  baseHref: string
  cancelHref: string
}) {
  const { module } = data
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'module-form',
    schema: ModuleSchema,
    defaultValue: {
      name: module?.name ?? '',
      icon: module?.icon ?? '',
      moduleType: String(module?.moduleType ?? 2),
    },
    lastResult,
  })
  const searchFormId = `${form.id}-icon-search`
  const typeName = module ? (MODULE_TYPES.find((t) => t.value === module.moduleType)?.name ?? '常用分类') : null
  return (
    <>
      <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="manage-form">
        <DefaultSubmit />
        <input type="hidden" name="intent" value="save-module" />
        <input type="hidden" name="homepageId" value={data.homepageId} />
        {module ? <input type="hidden" name="moduleId" value={module.moduleId} /> : null}
        <FormError id={form.errorId} errors={form.errors} />
        <TextField field={fields.name} label="模块名称" placeholder="请输入模块名称" hint="最多20个字" />
        {module ? (
          <p className="field-static">
            <span className="field-static-label">模块类型</span>
            <span>{typeName}</span>
            <span className="muted">（创建后不能修改）</span>
          </p>
        ) : (
          <SelectField field={fields.moduleType} label="模块类型" hint="创建后不能修改">
            {MODULE_TYPES.map((t) => (
              <option key={t.value} value={String(t.value)}>
                {t.name}
              </option>
            ))}
          </SelectField>
        )}
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
