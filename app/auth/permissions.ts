/**
 * Who may do what on a homepage (spec §6). The server checks these in services; the UI imports
 * the same table only to hide what the server would refuse.
 */
export const ROLES = ['guest', 'visitor', 'follower', 'member', 'manager', 'owner'] as const
export type Role = (typeof ROLES)[number]

const CAPABILITIES = {
  view: ['guest', 'visitor', 'follower', 'member', 'manager', 'owner'],
  'view-private': ['owner'],
  follow: ['visitor', 'follower'],
  'contribute-link': ['member'],
  'add-link': ['manager', 'owner'],
  'edit-children': ['manager', 'owner'],
  'sort-bookmarks': ['manager', 'owner'],
  'add-note': ['owner'],
  /** Spec §6: a notepad's notes are its owner's to read and write; to anyone else they are not public. */
  'edit-notes': ['owner'],
  'manage-modules': ['owner'],
  'manage-categories': ['owner'],
  'star-bookmarks': ['owner'],
  'set-private': ['owner'],
  'view-trash': ['owner'],
  'edit-settings': ['owner'],
  /** The layout drawer (spec §1, §2): the owner's saves on the homepage, a guest's in a cookie of the browser. */
  'layout-settings': ['guest', 'owner'],
  /** Spec §5 Keymap, §6 owner: shortcuts (and their keymap popover) only on one's own homepage. */
  'use-shortcuts': ['owner'],
  share: ['owner'],
  'view-members': ['member', 'manager', 'owner'],
  'leave-homepage': ['member', 'manager'],
  'manage-members': ['owner'],
  'delete-homepage': ['owner'],
} as const satisfies Record<string, readonly Role[]>

export type Capability = keyof typeof CAPABILITIES

export function can(role: Role, capability: Capability) {
  return (CAPABILITIES[capability] as readonly Role[]).includes(role)
}

/** What the masking of a bookmark reads: its blacklist and privacy flags. */
type Maskable = { blacklist: boolean; isPrivate: boolean }

/**
 * Why a bookmark is hidden from a role, or null: blacklisted ones (违规链接) from everyone, private
 * ones (未公开链接) from all but who may see private bookmarks. The one rule every view applies.
 */
export function maskOf(row: Maskable, role: Role): 'blacklist' | 'private' | null {
  if (row.blacklist) return 'blacklist'
  return row.isPrivate && !can(role, 'view-private') ? 'private' : null
}

export const isMasked = (row: Maskable, role: Role) => maskOf(row, role) !== null
