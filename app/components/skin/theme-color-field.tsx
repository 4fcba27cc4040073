import { THEME_COLORS } from '#app/schemas/skin.ts'

/**
 * The 17 preset theme colours (spec §3 themeColor) as radios named themeColorId: arrows move
 * between them. `errorId` names the message shown beside it when a save was refused.
 */
export function ThemeColorField({ value, errorId }: { value: number; errorId?: string }) {
  return (
    <fieldset className="skin-colors" aria-describedby={errorId}>
      <legend>主题色</legend>
      {THEME_COLORS.map((c) => (
        <label key={c.id} className="skin-color" title={c.name}>
          <input type="radio" name="themeColorId" value={c.id} defaultChecked={value === c.id} />
          <span className="skin-color-swatch" style={{ background: c.primaryColor }} aria-hidden="true" />
          <span className="visually-hidden">{c.name}</span>
        </label>
      ))}
    </fieldset>
  )
}
