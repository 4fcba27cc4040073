import { type RefObject, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * A header disclosure (the account menu, 更多) stays across navigations: a page chosen from it
 * closes it. Not on mount: this code may arrive (a lazy part) after the menu was opened from the
 * server's markup.
 */
export function useClosedOnNavigation(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation()
  const shownAt = useRef(location.key)
  useEffect(() => {
    if (shownAt.current === location.key) return
    shownAt.current = location.key
    if (ref.current) ref.current.open = false
  }, [location.key, ref])
}
