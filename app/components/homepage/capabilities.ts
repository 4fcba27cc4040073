import { can, type Role } from '#app/auth/permissions.ts'

/**
 * What the viewer may do here, from the role (permissions.ts): computed by the loader and sent
 * with the page, so that the role table stays out of a guest's JavaScript (ADR 015).
 */
export function capabilitiesOf(role: Role) {
  return {
    /** 关注 (visitors and followers of a public homepage; a guest is asked to sign in). */
    follow: can(role, 'follow'),
    /** The members widget (spec §2: members; the owner has the share button instead). */
    memberWidget: can(role, 'view-members') && role !== 'owner',
    addLink: can(role, 'add-link'),
    /** Notes are the owner's (spec §6: managers add links, not notes). */
    addNote: can(role, 'add-note'),
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
