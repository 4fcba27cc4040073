import { useEffect, useState } from 'react'
import { NavLink } from 'react-router'
import { GROUP_NOTICE_AMOUNT_API, GROUP_NOTICE_POLL_MS } from './group-href.ts'

/** What group-notice-amount answers (spec §7: total and groupAmount). */
type Reply = { code?: number; data?: { total?: number; groupAmount?: number } | null }

/**
 * A signed-in user's 小组 in the header menu, with a dot while they have unread group notices
 * (spec §2). The server draws the dot from its count (`amount`, the root loader's: right without
 * JavaScript, and again on every navigation); with JavaScript the count is asked for every 20
 * minutes while there is a dot (spec §4: polling stops when groupAmount is 0).
 */
export function GroupNavLink({ to, name, amount }: { to: string; name: string; amount: number }) {
  // A polled count holds until the server's count changes (a navigation brings a fresh one).
  const [polled, setPolled] = useState<{ from: number; amount: number } | null>(null)
  const shown = polled && polled.from === amount ? polled.amount : amount
  const polling = shown > 0
  useEffect(() => {
    if (!polling) return
    const timer = window.setInterval(() => {
      fetch(GROUP_NOTICE_AMOUNT_API, { method: 'POST', headers: { Accept: 'application/json' } })
        .then((response) => response.json() as Promise<Reply>)
        .then((reply) => {
          if (reply.code === 1 && typeof reply.data?.groupAmount === 'number') setPolled({ from: amount, amount: reply.data.groupAmount })
        })
        // Offline or signed out meanwhile: the dot stays as it was, and the next tick asks again.
        .catch(() => {})
    }, GROUP_NOTICE_POLL_MS)
    return () => window.clearInterval(timer)
  }, [polling, amount])
  return (
    <NavLink to={to} className="nav-with-dot">
      {name}
      {shown > 0 ? (
        <>
          <span className="nav-dot" data-testid="group-dot" aria-hidden="true" />
          <span className="sr-only">（有新的小组消息）</span>
        </>
      ) : null}
    </NavLink>
  )
}
