import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { IconPicker, IconSearchForm } from '#app/components/icon-picker.tsx'
import { DefaultSubmit, FieldError, FormActions, FormError, TextField } from '#app/components/manage/fields.tsx'
import type { IconPickerData } from '#app/icons/picker.server.ts'
import { GroupSchema } from '#app/schemas/group.ts'
import './groups.css'

/** A group as the form starts from: the one being edited, or a new one's defaults. */
export type GroupFormValues = { id?: number; name: string; summary: string; icon: string; isOpen: boolean }

/**
 * Create or edit a group (/group/create, `?id=` edits): 小组名称, 小组简介, 图标 (the icon picker of
 * the category forms, with upload and remote fetch), 公开小组. A real multipart form posted to the
 * page: without JavaScript the server answers 400 with the messages beside the fields and the
 * values kept; with it Conform checks each field as it is left, against the same schema.
 */
export function GroupForm({
  group,
  iconPicker,
  baseHref,
  cancelHref,
  lastResult,
}: {
  group: GroupFormValues
  iconPicker: IconPickerData
  /** The page's own address (the picker's tabs and pages keep it). */
  baseHref: string
  cancelHref: string
  lastResult?: SubmissionResult<string[]> | null
}) {
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    id: 'group-form',
    lastResult,
    defaultValue: { name: group.name, summary: group.summary, icon: group.icon, isOpen: group.isOpen ? 'on' : '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GroupSchema }),
  })
  const searchFormId = `${form.id}-icon-search`
  const { key: summaryKey, ...summaryProps } = getTextareaProps(fields.summary, { ariaDescribedBy: 'group-summary-hint' })
  const { key: openKey, ...openProps } = getInputProps(fields.isOpen, { type: 'checkbox', ariaDescribedBy: 'group-open-hint' })
  const icon = typeof fields.icon.initialValue === 'string' ? fields.icon.initialValue : group.icon
  return (
    <>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="group-form">
        <DefaultSubmit />
        <FormError id={form.errorId} errors={form.errors} />
        <TextField field={fields.name} label="小组名称" placeholder="例如：设计资源" hint="最多20个字" />
        <div className="field">
          <label htmlFor={fields.summary.id}>小组简介</label>
          <textarea key={summaryKey} {...summaryProps} rows={3} placeholder="介绍一下这个小组收集什么书签（选填）" />
          <p id="group-summary-hint" className="field-hint">
            最多200个字
          </p>
          <FieldError id={fields.summary.errorId} errors={fields.summary.errors} />
        </div>
        <IconPicker name="icon" value={icon} {...iconPicker} baseHref={baseHref} searchFormId={searchFormId} errors={fields.icon.errors} />
        <div className="field field-check">
          <label htmlFor={fields.isOpen.id}>
            <input key={openKey} {...openProps} />
            公开小组
          </label>
          <p id="group-open-hint" className="field-hint">
            公开小组任何人可查看和加入；私密小组需申请或邀请码加入。
          </p>
          <FieldError id={fields.isOpen.errorId} errors={fields.isOpen.errors} />
        </div>
        <FormActions busy={busy} cancelHref={cancelHref} submitLabel={group.id ? '保存' : '创建小组'} />
      </Form>
      <IconSearchForm id={searchFormId} baseHref={baseHref} />
    </>
  )
}
