import { DEFAULT_THEME, THEMES } from '#app/schemas/skin.ts'
import { ThemeColorField } from './theme-color-field.tsx'
import type { ManageDialogData, ManageFormProps } from '#app/components/manage/types.ts'
import { usePageSkin, useDocumentLook } from './document-look.ts'
import { SkinBackgroundPanel } from './skin-background.tsx'
import { FieldError } from '#app/components/manage/fields.tsx'
import { useSkinForm } from './skin-form.tsx'
import { DEFAULT_BACKGROUND } from '#app/schemas/skin-background.ts'

type Data = Extract<ManageDialogData, { dialog: 'skin' }>

/**
 * The skin drawer's body (spec §2 Skin panel; dialog-views.tsx draws it at 540 px): the theme
 * buttons with the timed window, the 17 theme colours, the background (skin-background.tsx), and reset. Plain forms posting to the
 * page (app/dialogs/skin.server.ts), the same with and without JavaScript; each choice is a radio
 * group (arrow keys) with its own save button, and a refused one shows its message beside it.
 */
export function SkinDrawer({ data, lastResult }: ManageFormProps<Data>) {
  const look = useDocumentLook()
  const background = usePageSkin()?.background ?? DEFAULT_BACKGROUND
  const setting = look?.setting ?? DEFAULT_THEME
  const themeColorId = look?.themeColorId ?? 0
  const theme = useSkinForm('save-theme', lastResult)
  const color = useSkinForm('save-theme-color', lastResult)
  const reset = useSkinForm('clear-skin', lastResult)
  const timeError = theme.errors('start', 'end')
  const themeError = theme.errors('theme', '')
  const colorError = color.errors('themeColorId', '')
  const hid = <input type="hidden" name="homepageId" value={data.homepageId} />
  return (
    <div className="skin-drawer">
      <p className="field-hint">{data.own ? '保存到当前主页，访客打开时也会看到。' : '只对你自己生效，保存在这个浏览器中。'}</p>
      <theme.fetcher.Form method="post" className="skin-section" key={`theme:${setting.theme}:${setting.start}:${setting.end}`}>
        <input type="hidden" name="intent" value="save-theme" />
        {hid}
        <fieldset className="skin-themes" aria-describedby={themeError ? 'skin-theme-error' : undefined}>
          <legend>主题</legend>
          {THEMES.map((t) => (
            <label key={t.value} className="skin-choice">
              <input type="radio" name="theme" value={t.value} defaultChecked={setting.theme === t.value} />
              <span>{t.name}</span>
            </label>
          ))}
          <FieldError id="skin-theme-error" errors={themeError} />
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
            <FieldError id="skin-time-error" errors={timeError} />
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
        <ThemeColorField value={themeColorId} errorId={colorError ? 'skin-color-error' : undefined} />
        <FieldError id="skin-color-error" errors={colorError} />
        <button type="submit" className="button button-primary" disabled={color.busy}>
          保存主题色
        </button>
      </color.fetcher.Form>
      <SkinBackgroundPanel data={data} background={background} lastResult={lastResult} />
      <reset.fetcher.Form method="post" className="skin-section">
        <input type="hidden" name="intent" value="clear-skin" />
        {hid}
        <FieldError id="skin-reset-error" errors={reset.errors('')} />
        <button type="submit" className="button" disabled={reset.busy}>
          恢复默认
        </button>
      </reset.fetcher.Form>
    </div>
  )
}
