import { dialogHref, type ManageDialog } from '#app/components/manage/dialog-href.ts'
import type { Capabilities } from './capabilities.ts'

// Apart from view-kit.tsx's drawing helpers: the page's own code makes the kit, and a guest's
// page loads no list code (ADR 015).

/**
 * What every item of the view needs, passed down as one object (cheaper than a context lookup
 * per bookmark on a page of a thousand).
 */
export type ViewKit = {
  caps: Capabilities
  newTab: boolean
  childBadge: boolean
  /** Some owner control is shown at all. */
  anyTools: boolean
  /** URL of a management dialog on this page. */
  dialog: (name: ManageDialog, params?: Parameters<typeof dialogHref>[2]) => string
  /** Where the star and privacy forms post: this page's own action. */
  formAction: string
  /**
   * The HTML of each top-level category by id, when the server assembles the page from kept
   * fragments (app/page-cache/fragments.server.ts); the list draws them as they are.
   */
  fragments?: Map<number, string>
}

/** The kit of a page at `location` (its path and query), the same in the browser's render and the server's fragments. */
export function viewKit(options: {
  caps: Capabilities
  newTab: boolean
  childBadge: boolean
  location: { pathname: string; search: string }
  formAction: string
}): ViewKit {
  const { caps, location } = options
  return {
    caps,
    newTab: options.newTab,
    childBadge: options.childBadge,
    anyTools: caps.editChildren || caps.star || caps.privacy,
    dialog: (name, params) => dialogHref(location, name, params),
    formAction: options.formAction,
  }
}
