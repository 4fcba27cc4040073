import type { KeyboardEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'

export type LinkTab = { id: string; name: string; href: string }

const KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End'])

/**
 * Tabs whose every tab is an address (`tab=` of a dialog URL), over the `children` they show.
 * Without JavaScript: links drawn as tabs, the shown one marked aria-current. With it: a tab list
 * (tablist / tab / tabpanel, aria-selected, one tab in the tab order), where ArrowLeft /
 * ArrowRight / Home / End move to a tab and show it; showing one replaces the URL.
 */
export function LinkTabs({ label, idBase, tabs, selected, children }: { label: string; idBase: string; tabs: LinkTab[]; selected: string; children: ReactNode }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  if (!hydrated) {
    return (
      <>
        <nav className="dialog-tabs" aria-label={label}>
          {tabs.map((tab) => (
            <Link key={tab.id} to={tab.href} aria-current={tab.id === selected ? 'page' : undefined} preventScrollReset replace>
              {tab.name}
            </Link>
          ))}
        </nav>
        {children}
      </>
    )
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!KEYS.has(event.key)) return
    const elements = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')]
    const at = elements.indexOf(event.target as HTMLElement)
    const last = tabs.length - 1
    const next = { Home: 0, End: last, ArrowLeft: at <= 0 ? last : at - 1, ArrowRight: at === last ? 0 : at + 1 }[event.key]!
    event.preventDefault()
    elements[next]?.focus()
    navigate(tabs[next]!.href, { replace: true, preventScrollReset: true })
  }
  return (
    <>
      <div role="tablist" aria-label={label} className="dialog-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={tab.href}
            role="tab"
            id={`${idBase}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${idBase}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            preventScrollReset
            replace
          >
            {tab.name}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${selected}`} className="dialog-tabpanel">
        {children}
      </div>
    </>
  )
}
