import type { CustomSkin, SkinTab } from '#app/schemas/skin-background.ts'
import type { SkinCategory, SkinPicture } from '#app/skins/library.ts'
import type { SubmissionResult } from '@conform-to/react'
import type { Role } from '#app/auth/permissions.ts'
import type { CardConfig, Formats } from '#app/db/schema/index.ts'
import type { IconPickerData } from '#app/icons/picker.server.ts'
import type { CategoryOption } from '#app/services/homepage-objects.server.ts'
import type { HomepageListItem } from '#app/services/homepages.server.ts'
import type { Keymap } from '#app/schemas/keymap.ts'
import type { PageWidthType } from '#app/schemas/layout.ts'
import type { SortMethod } from '#app/schemas/sort.ts'
import type { NotesDialogData } from '#app/components/notes/types.ts'

/**
 * What each dialog's `load` (app/dialogs/) hands the page for an open `?dialog=`, and what the page
 * action answers when a form must be shown again: the contract between the loaders and the forms.
 * Isomorphic and type-only: only what the forms show reaches the browser.
 */

/** A category in a parent or "which category" select: its module, its depth in the tree. */
export type { CategoryOption } from '#app/services/homepage-objects.server.ts'

/** A built-in module template (module-templates.server.ts). */
export type TemplateRow = { id: number; name: string; icon: string; summary: string; categories: { name: string; linkAmount: number }[] }

export type ModuleRow = { moduleId: number; name: string; icon: string; moduleType: number; isDefault: boolean }

export type ModuleFields = { moduleId: number; name: string; icon: string; moduleType: number }
export type BagFields = { bid: number; name: string; icon: string; color: string; parentId: number | null }
export type LinkFields = {
  id: number
  bid: number
  parentLinkId: number | null
  name: string
  url: string
  note: string
  icon: string
  isOnlyOwnView: boolean
  isOnlyOwnViewRemark: string
  formats: Formats
}
export type FolderFields = { id: number; bid: number; name: string; summary: string; icon: string }
export type DividerFields = {
  id: number
  bid: number
  parentLinkId: number | null
  name: string
  align: 'left' | 'center' | 'right'
  style: 'solid' | 'dashed' | 'double'
  color: string
}
/** A row of the batch manage table. */
export type BatchRow = {
  id: number
  type: string
  name: string
  url: string | null
  icon: string | null
  clickAmount: number
  clickTime: string | null
}

export type ChildRow = { id: number; type: string; name: string; url: string | null; private: boolean; liked: boolean }

export type ManageDialogData =
  | HomepageDialogData
  /** The notepad of a note bookmark and the notebook (app/dialogs/notes.server.ts). */
  | NotesDialogData
  /** The skin drawer (app/dialogs/skin.server.ts); `own`: saves on the homepage, else in the viewer's cookies. */
  | {
      dialog: 'skin'
      homepageId: number
      own: boolean
      /** Guests: where to sign in and come back to the drawer (custom upload is for signed-in users). */
      signIn: string | null
      /** The background source shown (`?tab=`), the picture category (`?cid=`), its pictures, the viewer's uploads. */
      tab: SkinTab
      cid: number
      categories: readonly SkinCategory[]
      pictures: readonly SkinPicture[]
      history: readonly CustomSkin[]
    }
  | { dialog: 'add-module' | 'edit-module'; homepageId: number; module: ModuleFields | null; iconPicker: IconPickerData }
  | { dialog: 'delete-module'; module: { moduleId: number; name: string } }
  | {
      dialog: 'manage-modules'
      homepageId: number
      modules: ModuleRow[]
      /** Rows of bookmarks a category shows before it scrolls (save-max-column). */
      maxColumnHeight: number
    }
  | { dialog: 'templates'; homepageId: number; templates: TemplateRow[]; key: string }
  | {
      dialog: 'add-bag' | 'edit-bag'
      moduleId: number
      moduleName: string
      /** The parent chosen in the URL (add-bag&parentId) or the edited category's. */
      parentId: number | null
      bag: BagFields | null
      /** Possible parents: the module's categories, minus the edited one and its own sub-categories. */
      parents: CategoryOption[]
      iconPicker: IconPickerData
    }
  | { dialog: 'delete-bag'; bag: { bid: number; name: string } }
  | {
      dialog: 'add-link' | 'edit-link'
      /** A member's link: a contribution (the dialog is titled 贡献链接). */
      contribute: boolean
      bid: number
      /** The folder the link goes into (add-link&parentLinkId), or the edited link's. */
      parentLinkId: number | null
      folderName: string | null
      link: LinkFields | null
      categories: CategoryOption[]
      /** The folders of the category `bid` (a new link may go into one of them). */
      folders: { id: number; name: string }[]
    }
  | { dialog: 'add-folder' | 'edit-folder'; bid: number; folder: FolderFields | null; categories: CategoryOption[] }
  | { dialog: 'add-divider' | 'edit-divider'; bid: number; parentLinkId: number | null; divider: DividerFields | null }
  | { dialog: 'add-note'; bid: number; parentId: number | null }
  | { dialog: 'delete-source'; source: { id: number; name: string; type: string } }
  | {
      dialog: 'bag-menu'
      /** A category's 管理 menu: what the page no longer repeats per category (category-menu.tsx). */
      bag: { bid: number; name: string; hasLinks: boolean }
      role: Role
    }
  | {
      dialog: 'item'
      /** A bookmark's menu: what the page's list no longer repeats per bookmark. */
      item: { id: number; name: string; type: string; liked: boolean; private: boolean }
      /** Which of its actions the viewer has (permissions.ts: star and privacy are the owner's). */
      may: { star: boolean; privacy: boolean; edit: boolean }
    }
  | { dialog: 'children'; folder: { id: number; name: string; bid: number }; list: ChildRow[]; wd: string; total: number }
  | {
      dialog: 'batch'
      bid: number
      bagName: string
      /** Set when the dialog manages a folder's children instead of the category's top level. */
      folder: { id: number; name: string } | null
      rows: BatchRow[]
      /** `&all=1`: every row starts checked (全选 without JavaScript). */
      allChecked: boolean
      sort: SortMethod
      /** Where checked bookmarks may be moved or copied: the categories of the user's homepages, and this category's folders. */
      targets: CategoryOption[]
      /** The quick filter of the targets (`&q=`). */
      q: string
      /** The target selected at first: the remembered category, or '' (none). */
      target: string
      folders: { id: number; name: string }[]
      /** A one-time token: the same form posted twice copies once. */
      key: string
    }
  | { dialog: 'bag-format'; bag: { bid: number; name: string; formats: Formats } }
  | { dialog: 'card-config'; bag: { bid: number; name: string; card: CardConfig } }
  | {
      dialog: 'report-link'
      bid: number
      bagName: string
      /** The links of the category one may report (masked ones left out), and the one asked for. */
      links: { id: number; name: string; host: string }[]
      sourceId: number | null
    }
  | { dialog: 'batch-open'; bagName: string; links: { id: number; name: string; url: string }[] }
  | {
      dialog: 'import'
      /** The user's last five uploads (spec §9), newest first. */
      history: { id: number; title: string; createTime: string; linkCount: number }[]
      /** The success step: the file just uploaded (`&file=`), or null for the upload step. */
      uploaded: { id: number; title: string; folderCount: number; linkCount: number } | null
    }
  | {
      dialog: 'choose'
      folder: { id: number; name: string }
      /** The category browsed, one page of its top-level links, and how many there are. */
      bid: number
      bagName: string
      links: { id: number; name: string; host: string }[]
      page: number
      total: number
      categories: CategoryOption[]
      key: string
    }

/** A homepage in the popover's lists. */
export type HomepageRow = Pick<HomepageListItem, 'id' | 'name' | 'icon' | 'code' | 'isOpen' | 'isDefault' | 'sort' | 'current' | 'memberRole' | 'accessible'>
export type HomepageTab = 'created' | 'joined' | 'followed'
export type HomepageFields = { homepageId: number; title: string; summary: string; icon: string; code: string }
export type MemberRow = { uid: number; nickname: string; /** An upload path, or '' (the initial shows). */ avatar: string; permission: string; isCreator: boolean; createTime: string }
export type InviteLinkView = { url: string; expiresAt: string | null; useCount: number; maxUses: number }

export type HomepageDialogData =
  | {
      dialog: 'homepages'
      tab: HomepageTab
      wd: string
      page: number
      rows: HomepageRow[]
      next: boolean
      /** The owner's 悬停时自动展开 switch of the homepage shown (spec §3 popVisible); null for anyone else. */
      hoverOpen: { homepageId: number; on: boolean } | null
    }
  | { dialog: 'add-homepage' | 'edit-homepage'; homepage: HomepageFields | null; iconPicker: IconPickerData }
  | {
      dialog: 'share'
      tab: 'link' | 'invite'
      homepageId: number
      isOpen: boolean
      code: string
      /** The full public address ('' without a personal domain). */
      address: string
      /** Its QR code, an SVG drawn on the server, while the homepage is public. */
      qr: string
      /** A free personal domain to offer when there is none. */
      suggestion: string
      invite: InviteLinkView | null
      memberAmount: number
      followAmount: number
      /** Visits (spec §3 stats). */
      stats: { today: number; yesterday: number; total: number }
    }
  | {
      dialog: 'members'
      homepageId: number
      page: number
      members: MemberRow[]
      total: number
      next: boolean
      /** The owner manages; a member or manager may leave. */
      isOwner: boolean
      selfId: number
    }
  | { dialog: 'share-bag'; bid: number; name: string; share: { remark: string; url: string } | null }
  | { dialog: 'share-module'; moduleId: number; name: string; url: string | null; code: string; title: string; summary: string }
  | {
      dialog: 'shared-modules'
      wd: string
      page: number
      pages: number
      rows: { moduleId: number; name: string; homepageName: string; url: string }[]
    }
  /** The keymap popover: the viewer's own shortcut keys. */
  | { dialog: 'keymap'; keymap: Keymap }
  /** The layout drawer: the owner's settings of the homepage, or a guest's own (owner false); this device's page width. */
  | { dialog: 'layout'; homepageId: number; owner: boolean; values: Record<string, string | number | boolean>; pageWidthType: PageWidthType }
  | { dialog: 'more-homepages'; rows: { id: number; name: string; code: string; summary: string; isMember: boolean }[] }

/** A dialog's name: `?dialog=` of its URL (dialog-href.ts). */
export type ManageDialog = ManageDialogData['dialog']

/** The 400 answer of a management form: the dialog to show again and Conform's reply. */
export type ManageActionData = { dialog: ManageDialog; result: SubmissionResult<string[]> }

export function isManageActionData(value: unknown): value is ManageActionData {
  return typeof value === 'object' && value !== null && 'dialog' in value && 'result' in value
}

/** What every management form takes: its dialog's data, the last submission's reply, where 取消 goes. */
export type ManageFormProps<Data> = {
  data: Data
  lastResult?: SubmissionResult<string[]> | null
  cancelHref: string
}
