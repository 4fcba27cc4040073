import { getFormProps } from '@conform-to/react'
import { NoteSourceSchema } from '#app/schemas/content.ts'
import { FormActions, FormError, TextField, useManageForm } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'add-note' }>

/** A note-type bookmark (create-base): a name now, its text later in the notepad. */
export function NoteForm({
  data,
  lastResult,
  cancelHref,
}: ManageFormProps<Data>) {
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'note-form',
    schema: NoteSourceSchema,
    defaultValue: { remark: '' },
    lastResult,
  })
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form">
      <input type="hidden" name="intent" value="save-note" />
      <input type="hidden" name="bid" value={data.bid} />
      {data.parentId ? <input type="hidden" name="parentId" value={data.parentId} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <TextField field={fields.remark} label="便签名称" placeholder="请输入名称" />
      <FormActions busy={busy} cancelHref={cancelHref} />
    </fetcher.Form>
  )
}
