import { getFormProps, getInputProps } from '@conform-to/react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Badge } from '#app/components/homepage/view-kit.tsx'
import { ImageIconTools } from '#app/components/image-icon-tools.tsx'
import { hostNameOf, LINK_FONT_SIZES, LinkSchema, LinkUrl } from '#app/schemas/content.ts'
import {
  CategoryOptions,
  ColorChoices,
  DefaultSubmit,
  FieldError,
  FormActions,
  FormError,
  SelectField,
  TextareaField,
  TextField,
  useManageForm,
} from './fields.tsx'
import type { ManageDialogData, ManageFormProps } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'add-link' | 'edit-link' }>

/** The intent of 获取网站名称和图标 without JavaScript: the form comes back filled in, unsaved. */
export const FILL_LINK_INTENT = 'fill-link'

type WebContentReply = { code: number; msg?: string; data?: { title: string; icon: string } | null }

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
  const again = useSearchParams()[0].get('continue') === '1' && !data.link
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
      icon: link?.icon ?? '',
    },
    lastResult,
  })
  const [filling, setFilling] = useState<{ busy: boolean; error?: string; done?: string }>({ busy: false })
  const icon = typeof fields.icon.value === 'string' ? fields.icon.value : ''
  const { key: iconKey, ...iconProps } = getInputProps(fields.icon, { type: 'hidden' })

  /** With JavaScript: ask /api for the site's name and icon and fill them in, without a page load. */
  async function fillIn() {
    setFilling({ busy: true })
    const url = typeof fields.url.value === 'string' ? fields.url.value.trim() : ''
    // The host names the link until the site names itself (or when it cannot be fetched).
    const address = LinkUrl.safeParse(url)
    const nameless = !(typeof fields.name.value === 'string' && fields.name.value.trim())
    if (address.success && nameless) form.update({ name: fields.name.name, value: hostNameOf(address.data) })
    try {
      const response = await fetch(`/api/source/get-web-content?${new URLSearchParams({ site_url: url })}`)
      const reply = (await response.json().catch(() => null)) as WebContentReply | null
      if (reply?.code !== 1 || !reply.data) return setFilling({ busy: false, error: reply?.msg || '网络异常，请稍后再试' })
      if (reply.data.title) form.update({ name: fields.name.name, value: reply.data.title })
      if (reply.data.icon) form.update({ name: fields.icon.name, value: reply.data.icon })
      setFilling({ busy: false, done: reply.data.icon ? '已获取网站名称和图标' : '已获取网站名称，该网站没有可用的图标' })
    } catch {
      setFilling({ busy: false, error: '网络异常，请稍后再试' })
    }
  }
  const { key: privateKey, ...privateProps } = getInputProps(fields.isOnlyOwnView, { type: 'checkbox', value: '1' })
  // The folders listed are those of the category the dialog opened in: with JavaScript the choice
  // shows only while that category is selected.
  const bagName = data.categories.find((c) => c.bid === data.bid)?.name ?? ''
  const showFolders = data.folders.length > 0 && (!hydrated || fields.bid.value === String(data.bid))
  // With JavaScript the remark shows only while 仅自己可见 is ticked; without, it is always there.
  const showRemark = !hydrated || fields.isOnlyOwnView.value === '1'
  return (
    <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="manage-form">
      <DefaultSubmit />
      <input type="hidden" name="intent" value="save-link" />
      {link ? <input type="hidden" name="id" value={link.id} /> : null}
      <input key={iconKey} {...iconProps} />
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
      {/* After 保存并继续 the next link starts at its name: the page's autofocus, or React's focus in the open dialog. */}
      <TextField field={fields.name} label="网站名称" placeholder="请输入网站名称" autoFocus={again} />
      <TextField field={fields.url} label="网站链接" type="url" placeholder="https://" hint="可省略 https://，如 www.baidu.com" />
      <fieldset className="field link-icon-field">
        <legend>网站图标</legend>
        <div className="field-row">
          <span className="link-icon-preview">
            <Badge
              name={typeof fields.name.value === 'string' && fields.name.value ? fields.name.value : '?'}
              url={typeof fields.url.value === 'string' ? fields.url.value : ''}
              icon={icon}
            />
          </span>
          <button
            type="submit"
            name="intent"
            value={FILL_LINK_INTENT}
            formNoValidate
            className="button"
            disabled={filling.busy}
            onClick={
              hydrated
                ? (event) => {
                    event.preventDefault()
                    void fillIn()
                  }
                : undefined
            }
          >
            {filling.busy ? '获取中…' : '获取网站名称和图标'}
          </button>
        </div>
        {/* A live region once scripts run (the fetch answers in place); a plain hint before. */}
        <p className={filling.error ? 'field-error' : 'field-hint'} role={hydrated ? 'status' : undefined}>
          {filling.error ?? filling.done ?? (hydrated ? '' : '填好网站链接后点此获取，不会保存')}
        </p>
        <FieldError id={fields.icon.errorId} errors={fields.icon.errors} />
        <ImageIconTools onIcon={(src) => form.update({ name: fields.icon.name, value: src })} />
      </fieldset>
      <TextareaField field={fields.note} label="备注" placeholder="选填，最多100个字" rows={2} />
      <LinkFormats formats={link?.formats ?? {}} />
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

/**
 * The link's own text format (spec §9: 12-22px, the editor's colours, bold), over its category's
 * batch format. Plain fields named `formats.*`, which the schema reads as one object; folded
 * away until wanted.
 */
function LinkFormats({ formats }: { formats: { size?: string; color?: string; weight?: string } }) {
  const set = Boolean(formats.size || formats.color || formats.weight)
  return (
    <details className="link-formats" open={set || undefined}>
      <summary>文字格式{set ? '（已设置）' : ''}</summary>
      <div className="field">
        <label htmlFor="link-form-format-size">字号</label>
        <select id="link-form-format-size" name="formats.size" defaultValue={formats.size ?? ''}>
          <option value="">跟随分类</option>
          {LINK_FONT_SIZES.map((size) => (
            <option key={size} value={`${size}px`}>
              {size}px
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field color-field">
        <legend>文字颜色</legend>
        <ColorChoices name="formats.color" current={formats.color?.toLowerCase() ?? ''} defaultLabel="跟随分类" />
      </fieldset>
      <div className="field field-check">
        <label>
          <input type="checkbox" name="formats.weight" value="bold" defaultChecked={formats.weight === 'bold'} />
          加粗
        </label>
      </div>
    </details>
  )
}
