/** A left click without a modifier: the one a link's script may take over (Ctrl, ⌘, Shift and the middle button open a tab). */
export const isPlainClick = (event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
