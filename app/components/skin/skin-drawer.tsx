import type { SubmissionResult } from '@conform-to/react'
import { useFetcher } from 'react-router'
import { DEFAULT_THEME, THEMES } from '#app/schemas/skin.ts'
import { ThemeColorField } from './theme-color-field.tsx'
import type { ManageActionData, ManageDialogData, ManageFormProps } from '#app/components/manage/types.ts'
import { useDocumentLook } from './document-look.ts'

type Data = Extract<ManageDialogData, { dialog: 'skin' }>

/** The reply of the last save of one of the drawer's forms: the fetcher's (JavaScript), else the page's (no-JS 400). */
function useReply(lastResult: SubmissionResult<string[]> | null | undefined) {
  const fetcher = useFetcher<ManageActionData>()
  const fetched = fetcher.state === 'idle' ? fetcher.data?.result : undefined
  const result = fetched ?? lastResult
  const errors = result?.status === 'error' ? result.error : undefined
  return { fetcher, errors, busy: fetcher.state !== 'idle' }
}

/**
 * The skin drawer's body (spec §2 Skin panel; dialog-views.tsx draws it at 540 px): the theme
 * buttons with the timed window, the 17 theme colours, and reset. Plain forms posting to the
 * page (app/dialogs/skin.server.ts), the same with and without JavaScript; each choice is a radio
 * group (arrow keys) with its own save button.
 */
export function SkinDrawer({ data, lastResult }: ManageFormProps<Data>) {
  const look = useDocumentLook()
  const setting = look?.setting ?? DEFAULT_THEME
  const themeColorId = look?.themeColorId ?? 0
  const theme = useReply(lastResult)
  const color = useReply(lastResult)
  const reset = useFetcher()
  const timeError = theme.errors?.start?.[0] ?? theme.errors?.end?.[0]
  const formError = theme.errors?.['']?.[0] ?? color.errors?.['']?.[0]
  const hid = <input type="hidden" name="homepageId" value={data.homepageId} />
  return (
    <div className="skin-drawer">
      <p className="field-hint">{data.own ? '保存到当前主页，访客打开时也会看到。' : '只对你自己生效，保存在这个浏览器中。'}</p>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <theme.fetcher.Form method="post" className="skin-section" key={`theme:${setting.theme}:${setting.start}:${setting.end}`}>
        <input type="hidden" name="intent" value="save-theme" />
        {hid}
        <fieldset className="skin-themes">
          <legend>主题</legend>
          {THEMES.map((t) => (
            <label key={t.value} className="skin-choice">
              <input type="radio" name="theme" value={t.value} defaultChecked={setting.theme === t.value} />
              <span>{t.name}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="skin-clock" aria-describedby={timeError ? 'skin-time-error' : 'skin-time-hint'}>
          <legend>定时（选择“定时”时生效）</legend>
          <label>
            开始时间 <input type="time" name="start" defaultValue={setting.start || '22:00'} aria-invalid={timeError ? true : undefined} />
          </label>
          <label>
            结束时间 <input type="time" name="end" defaultValue={setting.end || '06:00'} aria-invalid={timeError ? true : undefined} />
          </label>
          {timeError ? (
            <p id="skin-time-error" className="field-error" role="alert">
              {timeError}
            </p>
          ) : (
            <p id="skin-time-hint" className="field-hint">
              开始到结束之间为黑夜；结束早于开始表示到第二天。
            </p>
          )}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={theme.busy}>
          保存主题
        </button>
      </theme.fetcher.Form>
      <color.fetcher.Form method="post" className="skin-section" key={`color:${themeColorId}`}>
        <input type="hidden" name="intent" value="save-theme-color" />
        {hid}
        <ThemeColorField value={themeColorId} />
        <button type="submit" className="button button-primary" disabled={color.busy}>
          保存主题色
        </button>
      </color.fetcher.Form>
      <reset.Form method="post" className="skin-section">
        <input type="hidden" name="intent" value="clear-skin" />
        {hid}
        <button type="submit" className="button" disabled={reset.state !== 'idle'}>
          恢复默认
        </button>
      </reset.Form>
    </div>
  )
}
