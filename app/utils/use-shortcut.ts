import { useEffect, useRef, useSyncExternalStore } from 'react'

/** Whether this browser runs on a Mac (or an iPad / iPhone with a keyboard): Command, not Ctrl. */
export function isMacPlatform(platform: string) {
  return /Mac|iPhone|iPad|iPod/i.test(platform)
}

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>

/**
 * Whether a key press is the shortcut `key` (spec §5 Keymap): the key with Ctrl, or with Command
 * on a Mac, and without Alt (AltGr types characters). An empty key is a shortcut turned off.
 */
export function matchesShortcut(event: KeyLike, key: string, mac: boolean) {
  if (!key || event.altKey) return false
  if (mac ? !event.metaKey || event.ctrlKey : !event.ctrlKey || event.metaKey) return false
  return event.key.toLowerCase() === key.toLowerCase()
}

const noSubscribe = () => () => {}

/** Mac or not, known only in the browser: false on the server and in the first render. */
export function useIsMac() {
  return useSyncExternalStore(
    noSubscribe,
    () => isMacPlatform(navigator.platform || navigator.userAgent),
    () => false,
  )
}

/**
 * Runs `handler` when the user presses Ctrl (Command on a Mac) + `key` anywhere on the page, text
 * fields included; the browser's own meaning of the keys is prevented. `key` '' or `enabled`
 * false: nothing is listened to. Shortcuts are the owner's on their homepage (spec §5): pass
 * `enabled` accordingly, and give every shortcut a visible control too (ARCHITECTURE.md §5).
 */
export function useShortcut(key: string, handler: (event: KeyboardEvent) => void, enabled = true) {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    if (!key || !enabled) return
    const mac = isMacPlatform(navigator.platform || navigator.userAgent)
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || !matchesShortcut(event, key, mac)) return
      event.preventDefault()
      latest.current(event)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [key, enabled])
}
