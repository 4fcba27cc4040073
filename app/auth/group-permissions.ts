/**
 * Who may do what in a group (ADR 032; the spec names the set-member-permission call, not its
 * levels). The creator owns the group; an administrator (admin) runs its content and people; a
 * member contributes links that wait for review. An applicant has asked to join a closed group;
 * an outsider is anyone else signed in. The server checks these in services; the UI imports the
 * table only to hide what the server would refuse.
 */
export const GROUP_ROLES = ['guest', 'outsider', 'applicant', 'member', 'admin', 'owner'] as const
export type GroupRole = (typeof GROUP_ROLES)[number]

const GROUP_CAPABILITIES = {
  /** A closed group's categories, bookmarks, members and log: its people only (everyone's in an open group). */
  'view-closed': ['member', 'admin', 'owner'],
  'view-log': ['member', 'admin', 'owner'],
  star: ['outsider', 'applicant', 'member', 'admin', 'owner'],
  /** Copy or collect a group's bookmark into one's own category. */
  copy: ['outsider', 'applicant', 'member', 'admin', 'owner'],
  /** Join an open group at once, or apply to a closed one. */
  join: ['outsider', 'applicant'],
  /** A member's new link is a contribution: it shows once an administrator approves it. */
  contribute: ['member'],
  /** An administrator's new link shows at once; they edit, move, remove and restore any. */
  'edit-bookmarks': ['admin', 'owner'],
  'manage-categories': ['admin', 'owner'],
  /** Applications, contributions and appeals. */
  review: ['admin', 'owner'],
  'manage-invites': ['admin', 'owner'],
  /** Administrators remove members; only the owner removes an administrator (checked in the service). */
  'remove-member': ['admin', 'owner'],
  'set-permission': ['owner'],
  'edit-group': ['owner'],
  'delete-group': ['owner'],
  quit: ['member', 'admin'],
  /** A removed contribution's appeal: its contributor, while still in the group (checked in the service). */
  appeal: ['member', 'admin'],
} as const satisfies Record<string, readonly GroupRole[]>

export type GroupCapability = keyof typeof GROUP_CAPABILITIES

export function canInGroup(role: GroupRole, capability: GroupCapability) {
  return (GROUP_CAPABILITIES[capability] as readonly GroupRole[]).includes(role)
}

/** Whether a role sees a group's content: everyone in an open group, its people in a closed one. */
export const seesGroupContent = (role: GroupRole, isOpen: boolean) => isOpen || canInGroup(role, 'view-closed')
