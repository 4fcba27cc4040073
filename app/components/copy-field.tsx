import { useId } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { showToast } from './toaster.tsx'

const COPIED_MSG = '复制成功'

/**
 * A link to hand on: read-only text that can be selected and copied by hand (no JavaScript), plus
 * a 复制 button once scripts run.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const hydrated = useHydrated()
  const id = useId()
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      showToast({ type: 'success', msg: COPIED_MSG })
    } catch {
      // No clipboard permission (or an insecure origin): the text stays there to select by hand.
      ;(document.getElementById(id) as HTMLInputElement | null)?.select()
      showToast({ type: 'info', msg: '请选中链接后手动复制' })
    }
  }
  return (
    <p className="copy-row">
      <label htmlFor={id}>{label}</label>{' '}
      <input id={id} type="text" readOnly value={value} className="copy-field" onFocus={(e) => e.currentTarget.select()} />
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
