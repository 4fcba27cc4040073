/**
 * The search shortcut's presses, from the header (which listens from hydration on) to the search
 * launcher, whose code may come later (ADR 015): a press before it has mounted opens it when it
 * does. Not through props: an update to a part React has not hydrated yet would be dropped.
 */
let pending = false
const listeners = new Set<() => void>()

export function pressSearchShortcut() {
  if (listeners.size) for (const listener of listeners) listener()
  else pending = true
}

/** Calls `listener` for each press (and at once for one made before); returns the unsubscribe. */
export function onSearchShortcut(listener: () => void) {
  listeners.add(listener)
  if (pending) {
    pending = false
    listener()
  }
  return () => {
    listeners.delete(listener)
  }
}

const closers = new Set<() => void>()

/** The note shortcut opens the notebook and closes the search dialog (spec §4): the launcher listens. */
export function closeSearch() {
  for (const close of closers) close()
}

export function onSearchClose(listener: () => void) {
  closers.add(listener)
  return () => {
    closers.delete(listener)
  }
}
