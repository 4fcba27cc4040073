import { useId } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { showToast } from './toaster.tsx'

const COPIED_MSG = '复制成功'

/**
 * Text to hand on (a link, a tool's result): read-only, selectable and copyable by hand without
 * JavaScript, plus a 复制 button once scripts run. `rows` makes it a multi-line block.
 */
export function CopyField({ label, value, rows, what = '链接' }: { label: string; value: string; rows?: number; what?: string }) {
  const hydrated = useHydrated()
  const id = useId()
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      showToast({ type: 'success', msg: COPIED_MSG })
    } catch {
      // No clipboard permission (or an insecure origin): the text stays there to select by hand.
      ;(document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)?.select()
      showToast({ type: 'info', msg: `请选中${what}后手动复制` })
    }
  }
  const select = (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select()
  return (
    <p className={rows ? 'copy-row copy-row-block' : 'copy-row'}>
      <label htmlFor={id}>{label}</label>{' '}
      {rows ? (
        <textarea id={id} readOnly value={value} rows={rows} className="copy-field" spellCheck={false} />
      ) : (
        <input id={id} type="text" readOnly value={value} className="copy-field" onFocus={select} />
      )}
      {hydrated ? (
        <>
          {' '}
          <button type="button" className="button button-small" onClick={copy} aria-label={`复制${label}`}>
            复制
          </button>
        </>
      ) : null}
    </p>
  )
}
