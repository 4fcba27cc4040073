import { getFormProps } from '@conform-to/react'
import { Link, useLocation } from 'react-router'
import { FolderSchema } from '#app/schemas/content.ts'
import { dialogHref } from './dialog-href.ts'
import { CategoryOptions, FormActions, FormError, SelectField, TextareaField, TextField, useManageForm } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'add-folder' | 'edit-folder' }>

/** Add or edit a folder: name (30), summary (50), category. Its links are managed in `children`. */
export function FolderForm({
  data,
  lastResult,
  cancelHref,
}: ManageFormProps<Data>) {
  const location = useLocation()
  const { folder } = data
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'folder-form',
    schema: FolderSchema,
    defaultValue: { bid: String(data.bid), name: folder?.name ?? '', summary: folder?.summary ?? '' },
    lastResult,
  })
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form">
      <input type="hidden" name="intent" value="save-folder" />
      {folder ? <input type="hidden" name="id" value={folder.id} /> : null}
      {folder?.icon ? <input type="hidden" name="icon" value={folder.icon} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      {folder ? (
        // A folder keeps its category: its links live in the same one.
        <>
          <input type="hidden" name="bid" value={folder.bid} />
          <p className="field-static">
            <span className="field-static-label">所属分类</span>
            <span>{data.categories.find((c) => c.bid === folder.bid)?.name}</span>
          </p>
        </>
      ) : (
        <SelectField field={fields.bid} label="所属分类">
          <CategoryOptions options={data.categories} />
        </SelectField>
      )}
      <TextField field={fields.name} label="文件夹名称" placeholder="请输入文件夹名称" hint="最多30个字" />
      <TextareaField field={fields.summary} label="备注" placeholder="选填，最多50个字" rows={2} />
      {folder ? (
        <p className="field-static">
          <Link to={dialogHref(location, 'children', { id: folder.id })} preventScrollReset>
            管理文件夹里的书签
          </Link>
        </p>
      ) : null}
      <FormActions busy={busy} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
