/**
 * The site's popups are `<details>`: folders (their bookmarks), category menus
 * (category-menu.tsx), the owner's 工具 menu (homepage-tools.tsx), the header's account dropdown and its menu's 更多 (account-menu.tsx). They open and close
 * without JavaScript; popup-keys.ts adds the keyboard and one-at-a-time behaviour.
 */
export const MENUS = ['details.category-menu', 'details.tools-menu', 'details.account-menu', 'details.nav-more']
export const POPUPS = ['details.folder', ...MENUS].join(', ')
export const MENU = MENUS.join(', ')
/** A bookmark's link: its name may be cut at two lines (app.css), which the server can only guess. */
export const BOOKMARK_LINKS = ':is(.link-grid, .folder-list) > li > a:first-child'

/** Closes the menu around `element`, if any, focus back on its summary (a choice was made). */
export function closeMenuAround(element: Element) {
  const menu = element.closest<HTMLDetailsElement>(MENU)
  if (!menu?.open) return
  menu.querySelector('summary')?.focus()
  menu.open = false
}
