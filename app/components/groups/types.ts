/**
 * What the group page (routes/group.detail.tsx) draws: plain values its loader maps from the
 * services' answers, so the components import no server code. Every name, note, summary and log
 * subject here is user text, drawn by React as text only.
 */

export const GROUP_TABS = ['bookmarks', 'members', 'review', 'mine', 'trash', 'categories', 'invite', 'log'] as const
export type GroupTab = (typeof GROUP_TABS)[number]

export const GROUP_TAB_LABELS: Record<GroupTab, string> = {
  bookmarks: '书签',
  members: '成员',
  review: '待审核',
  mine: '我的投稿',
  trash: '回收站',
  categories: '分类管理',
  invite: '邀请',
  log: '日志',
}

/** What the actor may do here (canInGroup over their role): the page hides what the services would refuse. */
export type GroupCan = {
  star: boolean
  join: boolean
  quit: boolean
  editGroup: boolean
  deleteGroup: boolean
  manageCategories: boolean
  editBookmarks: boolean
  contribute: boolean
  review: boolean
  manageInvites: boolean
  removeMember: boolean
  setPermission: boolean
  viewLog: boolean
  appeal: boolean
  copy: boolean
}

/** What a card shows of a group (GroupCard of groups.server.ts, as a loader passes it on). */
export type GroupCardView = {
  id: number
  name: string
  summary: string
  icon: string
  isOpen: boolean
  memberAmount: number
  bookmarkAmount: number
  /** Its owner's nickname. */
  creator?: string
  /** When it went to the trash, as the viewer's clock reads it (the trash list only). */
  deletedAt?: string
}

/** Only what a card shows of a group the services answered (loader data reaches the browser). */
export function cardViewOf(group: Omit<GroupCardView, 'deletedAt' | 'creator'> & { creator: string }): GroupCardView & { creator: string } {
  const { id, name, summary, icon, isOpen, memberAmount, bookmarkAmount, creator } = group
  return { id, name, summary, icon, isOpen, memberAmount, bookmarkAmount, creator }
}

export type GroupRoleName = 'guest' | 'outsider' | 'applicant' | 'member' | 'admin' | 'owner'

/** The banner above the group's card (save-banner-params): a slogan on a colour or an uploaded picture; '' for none. */
export type GroupBanner = { slogan: string; color: string; image: string }

export type GroupHeader = GroupCardView & {
  creator: string
  banner: GroupBanner
  indexMode: 'category' | 'all'
  role: GroupRoleName
  seesContent: boolean
  isStar: boolean
  /** A signed-in outsider's last application: none, pending, or turned down. */
  apply: 'none' | 'pending' | 'rejected'
}

export type CategoryItem = { id: number; title: string; icon: string }
export type TrashedCategory = CategoryItem & { time: string }

export type BookmarkItem = {
  id: number
  cid: number
  name: string
  url: string
  note: string
  icon: string
  contributor: string
  status: 'pending' | 'approved' | 'rejected'
  appeal: '' | 'pending' | 'rejected'
  deleted: boolean
  time: string
}

export type Paged<T> = { list: T[]; total: number; page: number; pages: number }

/** The actor's own categories, one group per homepage and module (collectTargets), for 复制 and 收藏. */
export type { CategoryChoices as TargetGroup } from '#app/services/category-share.server.ts'

export type MemberItem = { uid: number; nickname: string; permission: 'owner' | 'admin' | 'member'; time: string }
export type ApplyItem = { id: number; uid: number; nickname: string; time: string }
export type LogItem = { id: number; nickname: string; text: string; subject: string; time: string }
export type InviteView = { code: string; url: string; enabled: boolean; expires: string }

/** A form's answer when it is refused (validation or a rule of a service): its messages and what was typed, kept. */
export type FormReply = { form: string; fieldErrors: Record<string, string>; formError?: string; values: Record<string, string> }
