import { getFormProps, getInputProps } from '@conform-to/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { LinkSchema } from '#app/schemas/content.ts'
import { CategoryOptions, FieldError, FormActions, FormError, SelectField, TextareaField, TextField, useManageForm } from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'add-link' | 'edit-link' }>

/**
 * Add or edit a link (spec "Link form"). 保存 closes the dialog; 保存并继续 (adding only) saves
 * and opens the same form again, empty, in the same category or folder (spec §4).
 */
export function LinkForm({
  data,
  lastResult,
  cancelHref,
}: ManageFormProps<Data>) {
  const hydrated = useHydrated()
  const { link } = data
  const { fetcher, form, fields, busy } = useManageForm({
    id: 'link-form',
    schema: LinkSchema,
    defaultValue: {
      bid: String(data.bid),
      name: link?.name ?? '',
      url: link?.url ?? '',
      note: link?.note ?? '',
      isOnlyOwnView: link?.isOnlyOwnView ? '1' : undefined,
      isOnlyOwnViewRemark: link?.isOnlyOwnViewRemark ?? '',
    },
    lastResult,
  })
  const { key: privateKey, ...privateProps } = getInputProps(fields.isOnlyOwnView, { type: 'checkbox', value: '1' })
  // The folders listed are those of the category the dialog opened in: with JavaScript the choice
  // shows only while that category is selected.
  const bagName = data.categories.find((c) => c.bid === data.bid)?.name ?? ''
  const showFolders = data.folders.length > 0 && (!hydrated || fields.bid.value === String(data.bid))
  // With JavaScript the remark shows only while 仅自己可见 is ticked; without, it is always there.
  const showRemark = !hydrated || fields.isOnlyOwnView.value === '1'
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="manage-form">
      <input type="hidden" name="intent" value="save-link" />
      {link ? <input type="hidden" name="id" value={link.id} /> : null}
      {link?.icon ? <input type="hidden" name="icon" value={link.icon} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      {data.parentLinkId ? (
        <>
          <input type="hidden" name="bid" value={data.bid} />
          <input type="hidden" name="parentLinkId" value={data.parentLinkId} />
          <p className="field-static">
            <span className="field-static-label">所在文件夹</span>
            <span>{data.folderName}</span>
          </p>
        </>
      ) : (
        <>
          <SelectField field={fields.bid} label="所属分类">
            <CategoryOptions options={data.categories} />
          </SelectField>
          {showFolders ? (
            <SelectField
              field={fields.parentLinkId}
              label="所在文件夹"
              hint={hydrated ? undefined : `只能选择「${bagName}」里的文件夹`}
            >
              <option value="">不放入文件夹</option>
              {data.folders.map((folder) => (
                <option key={folder.id} value={String(folder.id)}>
                  {folder.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </>
      )}
      <TextField field={fields.name} label="网站名称" placeholder="请输入网站名称" />
      <TextField field={fields.url} label="网站链接" type="url" placeholder="https://" hint="以 http:// 或 https:// 开头" />
      <TextareaField field={fields.note} label="备注" placeholder="选填，最多100个字" rows={2} />
      <div className="field field-check">
        <label htmlFor={fields.isOnlyOwnView.id}>
          <input key={privateKey} {...privateProps} />
          仅自己可见
        </label>
        <FieldError id={fields.isOnlyOwnView.errorId} errors={fields.isOnlyOwnView.errors} />
      </div>
      {showRemark ? (
        <TextField
          field={fields.isOnlyOwnViewRemark}
          label="私密备注"
          placeholder="选填，仅自己可见"
          hint={hydrated ? undefined : '勾选“仅自己可见”时保存'}
        />
      ) : null}
      <FormActions busy={busy} cancelHref={cancelHref}>
        {link ? null : (
          <button type="submit" name="continue" value="1" className="button" disabled={busy}>
            保存并继续
          </button>
        )}
      </FormActions>
    </fetcher.Form>
  )
}
