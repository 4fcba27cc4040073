import { can, type Role } from '#app/auth/permissions.ts'

/** Spec §8: what a blacklisted bookmark says when it is clicked. */
export const BLOCKED_MSG = '当前链接违规，无法访问'

/** What the owner may do here: computed once per render from the role (permissions.ts). */
export function capabilitiesOf(role: Role) {
  return {
    addLink: can(role, 'add-link'),
    /** A member adds links as contributions (the dialog says 贡献链接). */
    contribute: can(role, 'contribute-link'),
    editChildren: can(role, 'edit-children'),
    sortBookmarks: can(role, 'sort-bookmarks'),
    manageCategories: can(role, 'manage-categories'),
    manageModules: can(role, 'manage-modules'),
    star: can(role, 'star-bookmarks'),
    privacy: can(role, 'set-private'),
    /** Shortcut keys and their keymap popover (spec §5: the owner's, on their homepage). */
    useShortcuts: can(role, 'use-shortcuts'),
    /** 举报: for those who do not keep the links (guests are sent to sign in first). */
    report: role !== 'owner' && role !== 'manager',
  }
}
export type Capabilities = ReturnType<typeof capabilitiesOf>
