import { useEffect, useState } from 'react'

/** Spec §9: back-to-top and the fixed engine bar show past 180 px, checked at most every 200 ms. */
export const SCROLL_THRESHOLD = 180
const THROTTLE_MS = 200

/**
 * Whether the page is scrolled past `threshold` px: null until the browser has told (on the
 * server and without JavaScript), so what it hides stays shown there.
 */
export function useScrolledPast(threshold = SCROLL_THRESHOLD) {
  const [past, setPast] = useState<boolean | null>(null)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      timer = undefined
      setPast(window.scrollY > threshold)
    }
    const onScroll = () => {
      timer ??= setTimeout(check, THROTTLE_MS)
    }
    check()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      clearTimeout(timer)
    }
  }, [threshold])
  return past
}
