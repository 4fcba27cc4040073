import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { BagForm } from './bag-form.tsx'
import { BagFormatForm } from './bag-format-form.tsx'
import { BatchManager } from './batch-manager.tsx'
import { BatchOpen } from './batch-open.tsx'
import { CardConfigForm } from './card-config-form.tsx'
import { ChildrenManager } from './children-manager.tsx'
import { ChooseSource } from './choose-source.tsx'
import { DeleteConfirm } from './delete-confirm.tsx'
import { HOMEPAGE_SWITCH_ID, KEYMAP_BUTTON_ID, type ManageDialog } from './dialog-href.ts'
import { DividerForm } from './divider-form.tsx'
import { FolderForm } from './folder-form.tsx'
import { BagMenu } from '#app/components/homepage/category-menu.tsx'
import { ImportDialog } from './import-dialog.tsx'
import { ItemMenu } from './item-menu.tsx'
import { KeymapForm } from './keymap-form.tsx'
import { LayoutForm } from './layout-form.tsx'
import { HomepageForm, HomepagesPopover, MembersList, MoreHomepages, ShareBagPanel, ShareModulePanel, SharePanel } from './homepage-dialogs.tsx'
import { LinkForm } from './link-form.tsx'
import { ManageModules } from './manage-modules.tsx'
import { ModuleForm } from './module-form.tsx'
import { NoteForm } from './note-form.tsx'
import { ReportLinkForm } from './report-form.tsx'
import { SharedModules } from './shared-modules.tsx'
import { TemplateList } from './templates.tsx'
import type { ManageDialogData } from './types.ts'
import { SkinDrawer } from '#app/components/skin/skin-drawer.tsx'
import { NoteWorkspace } from '#app/components/notes/note-workspace.tsx'

/**
 * How each dialog of the registry (app/dialogs/registry.server.ts, which loads their data) is drawn:
 * its title, its width and its body. A dialog without a view here is a type error.
 */

type DataOf<N extends ManageDialog> = ManageDialogData extends infer T ? (T extends { dialog: infer D } ? (N extends D ? T : never) : never) : never

export type BodyProps<Data> = {
  data: Data
  /** The last submission's reply (a form with errors, or refilled without JavaScript). */
  lastResult: SubmissionResult<string[]> | null
  /** Where 取消 goes: the list dialog it came from, else the page. */
  cancelHref: string
  /** The page with this dialog open (the icon picker's links keep it). */
  baseHref: string
}

type DialogView<Data> = {
  title: string | ((data: Data) => string)
  /** 400-520 px for forms (spec: the add/edit dialogs); the tables and the choose dialog 800. */
  width: number
  Body: (props: BodyProps<Data>) => ReactNode
  /**
   * Which object the form edits: another object (or, when adding a link, another visit) is a fresh
   * form. The dialog's name when not given.
   */
  key?: (data: Data, locationKey: string) => string
  /**
   * With JavaScript, a popover beside the element with this id (manage-dialog.tsx) instead of a
   * modal dialog; without it, the same inline section as every dialog.
   */
  popover?: { anchor: string }
  /** With JavaScript, a drawer at the right edge (spec §2 drawers) instead of a centred modal. */
  drawer?: boolean
}

const SOURCE_NAMES: Record<string, string> = { divider: '分割线', folder: '文件夹', note: '便签' }
const sourceName = (type: string) => SOURCE_NAMES[type] ?? '书签'

export const DIALOG_VIEWS: { [N in ManageDialog]: DialogView<DataOf<N>> } = {
  'add-module': { title: '添加模块', width: 520, Body: (p) => <ModuleForm {...p} /> },
  'edit-module': { title: '编辑模块', width: 520, Body: (p) => <ModuleForm {...p} />, key: (d) => `edit-module:${d.module?.moduleId}` },
  'delete-module': {
    title: '删除模块',
    width: 400,
    Body: ({ data, cancelHref }) => (
      <DeleteConfirm
        intent="delete-module"
        field="moduleId"
        value={data.module.moduleId}
        message={`确定要删除模块「${data.module.name}」吗？`}
        detail="模块里的分类和书签会一起永久删除，无法恢复。"
        cancelHref={cancelHref}
      />
    ),
  },
  'manage-modules': { title: '管理模块', width: 520, Body: ({ data }) => <ManageModules {...data} /> },
  templates: { title: '从模板添加模块', width: 600, Body: ({ data }) => <TemplateList data={data} />, key: (d) => `templates:${d.key}` },
  'add-bag': { title: (d) => (d.parentId ? '添加子分类' : '添加分类'), width: 520, Body: (p) => <BagForm {...p} /> },
  'edit-bag': { title: '编辑分类', width: 520, Body: (p) => <BagForm {...p} />, key: (d) => `edit-bag:${d.bag?.bid}` },
  'delete-bag': {
    title: '删除分类',
    width: 400,
    Body: ({ data, cancelHref }) => (
      <DeleteConfirm
        intent="delete-bag"
        field="bid"
        value={data.bag.bid}
        message={`确定要删除分类「${data.bag.name}」吗？`}
        detail="子分类和其中的书签会一起移到回收站，可以在回收站中恢复。"
        cancelHref={cancelHref}
      />
    ),
  },
  'bag-format': { title: '批量设置格式', width: 480, Body: (p) => <BagFormatForm {...p} /> },
  'card-config': { title: (d) => `卡片设置：${d.bag.name}`, width: 480, Body: (p) => <CardConfigForm {...p} /> },
  'report-link': { title: (d) => `举报链接：${d.bagName}`, width: 480, Body: (p) => <ReportLinkForm {...p} /> },
  // 保存并继续 lands on the same URL: a new visit is a new, empty form.
  'add-link': {
    title: (d) => (d.contribute ? '贡献链接' : '添加链接'),
    width: 480,
    Body: (p) => <LinkForm {...p} />,
    key: (d, visit) => `add-link:${d.bid}:${d.parentLinkId}:${visit}`,
  },
  'edit-link': { title: '编辑链接', width: 480, Body: (p) => <LinkForm {...p} />, key: (d) => `edit-link:${d.link?.id}` },
  'add-folder': { title: '添加文件夹', width: 480, Body: (p) => <FolderForm {...p} /> },
  'edit-folder': { title: '编辑文件夹', width: 480, Body: (p) => <FolderForm {...p} />, key: (d) => `edit-folder:${d.folder?.id}` },
  'add-divider': { title: '添加分割线', width: 480, Body: (p) => <DividerForm {...p} /> },
  'edit-divider': { title: '编辑分割线', width: 480, Body: (p) => <DividerForm {...p} />, key: (d) => `edit-divider:${d.divider?.id}` },
  'add-note': { title: '添加便签', width: 480, Body: (p) => <NoteForm {...p} /> },
  // Spec §2: the notebook dialog is 1190 px, the notepad beside a bookmark a little narrower; each
  // list and form keep their state across the saves that come back to them (a key per note and version).
  notepad: {
    title: (d) => (d.bookmark ? `便签：${d.bookmark.name}` : '新便签'),
    width: 960,
    Body: ({ data, lastResult }) => <NoteWorkspace data={data} lastResult={lastResult} />,
    key: (d) => `notepad:${d.bookmark?.id ?? 0}`,
  },
  notebook: { title: '笔记', width: 1190, Body: ({ data, lastResult }) => <NoteWorkspace data={data} lastResult={lastResult} />, key: () => 'notebook' },
  'delete-source': {
    title: (d) => `删除${sourceName(d.source.type)}`,
    width: 400,
    Body: ({ data: { source }, cancelHref }) => (
      <DeleteConfirm
        intent="delete-source"
        field="id"
        value={source.id}
        message={source.name ? `确定要删除${sourceName(source.type)}「${source.name}」吗？` : `确定要删除这条${sourceName(source.type)}吗？`}
        detail={source.type === 'folder' ? '文件夹里的书签会一起移到回收站。' : '删除后可以在回收站中恢复。'}
        cancelHref={cancelHref}
      />
    ),
  },
  'bag-menu': { title: (d) => `管理：${d.bag.name}`, width: 320, Body: (p) => <BagMenu {...p} /> },
  // Its toggles post and come back to it: a new key shows their new state.
  item: { title: (d) => d.item.name || sourceName(d.item.type), width: 400, Body: (p) => <ItemMenu {...p} />, key: (d) => `item:${d.item.id}:${d.item.liked}:${d.item.private}` },
  children: {
    title: (d) => `文件夹：${d.folder.name}`,
    width: 520,
    Body: ({ data }) => <ChildrenManager folder={data.folder} list={data.list} wd={data.wd} total={data.total} />,
  },
  // A new key each time the table is drawn again (after a move), so its checkboxes start afresh.
  batch: {
    title: (d) => `批量管理：${d.folder ? d.folder.name : d.bagName}`,
    width: 800,
    Body: ({ data }) => <BatchManager data={data} />,
    key: (d) => `batch:${d.key}`,
  },
  import: { title: '导入书签', width: 520, Body: ({ data }) => <ImportDialog data={data} />, key: (d) => `import:${d.uploaded?.id ?? 0}` },
  'batch-open': { title: '批量打开', width: 480, Body: ({ data }) => <BatchOpen data={data} /> },
  choose: { title: (d) => `从分类中选择：${d.folder.name}`, width: 800, Body: ({ data }) => <ChooseSource data={data} />, key: (d) => `choose:${d.key}` },
  homepages: { title: '我的主页', width: 520, Body: ({ data }) => <HomepagesPopover data={data} />, popover: { anchor: HOMEPAGE_SWITCH_ID } },
  'add-homepage': { title: '创建主页', width: 520, Body: (p) => <HomepageForm {...p} /> },
  'edit-homepage': {
    title: '编辑主页',
    width: 520,
    Body: (p) => <HomepageForm {...p} />,
    key: (d) => `edit-homepage:${d.homepage?.homepageId}`,
  },
  share: { title: '分享主页', width: 480, Body: ({ data, lastResult }) => <SharePanel data={data} lastResult={lastResult} /> },
  members: { title: '成员列表', width: 520, Body: ({ data }) => <MembersList data={data} /> },
  'more-homepages': { title: 'TA的其它主页', width: 480, Body: ({ data }) => <MoreHomepages data={data} /> },
  'share-bag': { title: (d) => `分享分类：${d.name}`, width: 480, Body: ({ data }) => <ShareBagPanel data={data} /> },
  'share-module': { title: (d) => `分享模块：${d.name}`, width: 480, Body: ({ data, lastResult }) => <ShareModulePanel data={data} lastResult={lastResult} /> },
  keymap: { title: '快捷键设置', width: 400, Body: (p) => <KeymapForm {...p} />, popover: { anchor: KEYMAP_BUTTON_ID } },
  skin: { title: '皮肤', width: 540, Body: (p) => <SkinDrawer {...p} />, drawer: true },
  layout: { title: '布局设置', width: 420, Body: (p) => <LayoutForm {...p} />, drawer: true },
  'shared-modules': { title: '我分享的模块', width: 600, Body: ({ data }) => <SharedModules data={data} /> },
}

/** A dialog name the page can draw (the URL's `dialog` may be anything). */
export function isDialogName(value: string | null): value is ManageDialog {
  return value !== null && Object.hasOwn(DIALOG_VIEWS, value)
}
