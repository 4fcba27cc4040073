import type { SubmissionResult } from '@conform-to/react'
import * as Dialog from '@radix-ui/react-dialog'
import { Link, useLocation, useNavigate, useNavigation, useRouteLoaderData } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { BagForm } from './bag-form.tsx'
import { BagFormatForm } from './bag-format-form.tsx'
import { BatchManager } from './batch-manager.tsx'
import { BatchOpen } from './batch-open.tsx'
import { ChildrenManager } from './children-manager.tsx'
import { ChooseSource } from './choose-source.tsx'
import { DeleteConfirm } from './delete-confirm.tsx'
import { backHref, isManageDialog } from './dialog-href.ts'
import { DividerForm } from './divider-form.tsx'
import { FolderForm } from './folder-form.tsx'
import { HomepageForm, HomepagesPopover, MembersList, MoreHomepages, ShareBagPanel, ShareModulePanel, SharePanel } from './homepage-dialogs.tsx'
import { LinkForm } from './link-form.tsx'
import { ManageModules } from './manage-modules.tsx'
import { ModuleForm } from './module-form.tsx'
import { NoteForm } from './note-form.tsx'
import { isManageActionData, type ManageDialogData } from './types.ts'
import './manage.css'

const SOURCE_NAMES: Record<string, string> = { divider: '分割线', folder: '文件夹', note: '便签' }

export function manageDialogTitle(data: ManageDialogData) {
  switch (data.dialog) {
    case 'add-module':
      return '添加模块'
    case 'edit-module':
      return '编辑模块'
    case 'delete-module':
      return '删除模块'
    case 'manage-modules':
      return '管理模块'
    case 'add-bag':
      return data.parentId ? '添加子分类' : '添加分类'
    case 'edit-bag':
      return '编辑分类'
    case 'delete-bag':
      return '删除分类'
    case 'add-link':
      return data.contribute ? '贡献链接' : '添加链接'
    case 'edit-link':
      return '编辑链接'
    case 'add-folder':
      return '添加文件夹'
    case 'edit-folder':
      return '编辑文件夹'
    case 'add-divider':
      return '添加分割线'
    case 'edit-divider':
      return '编辑分割线'
    case 'add-note':
      return '添加便签'
    case 'delete-source':
      return `删除${SOURCE_NAMES[data.source.type] ?? '书签'}`
    case 'children':
      return `文件夹：${data.folder.name}`
    case 'batch':
      return data.folder ? `批量管理：${data.folder.name}` : `批量管理：${data.bagName}`
    case 'bag-format':
      return '批量设置格式'
    case 'batch-open':
      return '批量打开'
    case 'choose':
      return `从分类中选择：${data.folder.name}`
    case 'homepages':
      return '我的主页'
    case 'add-homepage':
      return '创建主页'
    case 'edit-homepage':
      return '编辑主页'
    case 'share':
      return '分享主页'
    case 'members':
      return '成员列表'
    case 'more-homepages':
      return 'TA的其它主页'
    case 'share-bag':
      return `分享分类：${data.name}`
    case 'share-module':
      return `分享模块：${data.name}`
  }
}

/** 400-520px (spec: the add/edit dialogs); lists and the icon selector take the widest. */
function dialogWidth(data: ManageDialogData) {
  switch (data.dialog) {
    case 'batch':
    case 'choose':
      return 800
    case 'add-module':
    case 'edit-module':
    case 'add-bag':
    case 'edit-bag':
    case 'manage-modules':
    case 'children':
    case 'homepages':
    case 'add-homepage':
    case 'edit-homepage':
    case 'members':
      return 520
    case 'delete-module':
    case 'delete-bag':
    case 'delete-source':
      return 400
    default:
      return 480
  }
}

function DialogBody({
  data,
  lastResult,
  cancelHref,
  baseHref,
}: {
  data: ManageDialogData
  lastResult: SubmissionResult<string[]> | null
  cancelHref: string
  baseHref: string
}) {
  const props = { lastResult, cancelHref }
  switch (data.dialog) {
    case 'add-module':
    case 'edit-module':
      return <ModuleForm data={data} baseHref={baseHref} {...props} />
    case 'add-bag':
    case 'edit-bag':
      return <BagForm data={data} baseHref={baseHref} {...props} />
    case 'add-link':
    case 'edit-link':
      return <LinkForm data={data} {...props} />
    case 'add-folder':
    case 'edit-folder':
      return <FolderForm data={data} {...props} />
    case 'add-divider':
    case 'edit-divider':
      return <DividerForm data={data} {...props} />
    case 'add-note':
      return <NoteForm data={data} {...props} />
    case 'manage-modules':
      return <ManageModules modules={data.modules} />
    case 'children':
      return <ChildrenManager folder={data.folder} list={data.list} wd={data.wd} total={data.total} />
    case 'batch':
      return <BatchManager data={data} />
    case 'bag-format':
      return <BagFormatForm data={data} {...props} />
    case 'batch-open':
      return <BatchOpen data={data} />
    case 'choose':
      return <ChooseSource data={data} />
    case 'homepages':
      return <HomepagesPopover data={data} />
    case 'add-homepage':
    case 'edit-homepage':
      return <HomepageForm data={data} baseHref={baseHref} {...props} />
    case 'share':
      return <SharePanel data={data} />
    case 'members':
      return <MembersList data={data} />
    case 'more-homepages':
      return <MoreHomepages data={data} />
    case 'share-bag':
      return <ShareBagPanel data={data} />
    case 'share-module':
      return <ShareModulePanel data={data} />
    case 'delete-module':
      return (
        <DeleteConfirm
          intent="delete-module"
          field="moduleId"
          value={data.module.moduleId}
          message={`确定要删除模块「${data.module.name}」吗？`}
          detail="模块里的分类和书签会一起永久删除，无法恢复。"
          cancelHref={cancelHref}
        />
      )
    case 'delete-bag':
      return (
        <DeleteConfirm
          intent="delete-bag"
          field="bid"
          value={data.bag.bid}
          message={`确定要删除分类「${data.bag.name}」吗？`}
          detail="子分类和其中的书签会一起移到回收站，可以在回收站中恢复。"
          cancelHref={cancelHref}
        />
      )
    case 'delete-source': {
      const kind = SOURCE_NAMES[data.source.type] ?? '书签'
      return (
        <DeleteConfirm
          intent="delete-source"
          field="id"
          value={data.source.id}
          message={data.source.name ? `确定要删除${kind}「${data.source.name}」吗？` : `确定要删除这条${kind}吗？`}
          detail={data.source.type === 'folder' ? '文件夹里的书签会一起移到回收站。' : '删除后可以在回收站中恢复。'}
          cancelHref={cancelHref}
        />
      )
    }
  }
}

/** Which object a form edits: another object (or, when adding a link, another save) is a fresh form. */
function formKey(data: ManageDialogData, locationKey: string) {
  switch (data.dialog) {
    case 'edit-module':
      return `${data.dialog}:${data.module?.moduleId}`
    case 'edit-bag':
      return `${data.dialog}:${data.bag?.bid}`
    case 'edit-link':
      return `${data.dialog}:${data.link?.id}`
    case 'edit-folder':
      return `${data.dialog}:${data.folder?.id}`
    case 'edit-divider':
      return `${data.dialog}:${data.divider?.id}`
    case 'edit-homepage':
      return `${data.dialog}:${data.homepage?.homepageId}`
    // A new key each time the table is drawn again (after a move), so its checkboxes start afresh.
    case 'batch':
    case 'choose':
      return `${data.dialog}:${data.key}`
    // 保存并继续 lands on the same URL: a new visit is a new, empty form.
    case 'add-link':
      return `${data.dialog}:${data.bid}:${data.parentLinkId}:${locationKey}`
    default:
      return data.dialog
  }
}

/**
 * The open management dialog of the page (`?dialog=` of dialog-href.ts, data from
 * `loadManageDialog`). Without JavaScript, and until hydration, it is a labelled section at the
 * top of the page with a 关闭 link; after hydration a Radix modal dialog (focus trapped, Escape
 * closes) whose closing is navigation. `actionData` is the page action's 400 answer (no-JS posts).
 */
export function ManageDialog({ data, actionData }: { data: ManageDialogData | null | undefined; actionData?: unknown }) {
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const root = useRouteLoaderData('root') as { toast?: { msg: string } | null } | undefined
  if (!data) return null
  // Closing (or a save that closes) hides the dialog at once, not when the page has reloaded.
  const pending = navigation.location
  if (pending && pending.pathname === location.pathname && !isManageDialog(new URLSearchParams(pending.search).get('dialog'))) {
    return null
  }
  const title = manageDialogTitle(data)
  const width = dialogWidth(data)
  const cancelHref = backHref(location)
  const lastResult = isManageActionData(actionData) && actionData.dialog === data.dialog ? actionData.result : null
  const body = (
    <DialogBody
      key={formKey(data, location.key)}
      data={data}
      lastResult={lastResult}
      cancelHref={cancelHref}
      baseHref={`${location.pathname}${location.search}`}
    />
  )

  if (!hydrated) {
    return (
      <section className="dialog-inline manage-dialog" aria-labelledby="manage-dialog-title">
        <div className="dialog-card" style={{ width }}>
          <header className="dialog-header">
            <h2 id="manage-dialog-title">{title}</h2>
            <Link to={cancelHref} className="dialog-close" aria-label="关闭">
              ×
            </Link>
          </header>
          {body}
        </div>
      </section>
    )
  }
  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(cancelHref, { replace: true, preventScrollReset: true })}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-card dialog-modal manage-dialog" style={{ width }} aria-describedby={undefined}>
          <header className="dialog-header">
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Close className="dialog-close" aria-label="关闭">
              ×
            </Dialog.Close>
          </header>
          {body}
          {/* The modal hides the page's own toaster from assistive technology while it stays open
              (list dialogs): the flash message is announced from inside it as well. */}
          <p className="visually-hidden" role="status">
            {root?.toast?.msg}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
