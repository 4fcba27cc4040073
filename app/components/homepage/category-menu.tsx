import { Form, Link, useLocation } from 'react-router'
import { dialogHref, type ManageDialog } from '#app/components/manage/dialog-href.ts'
import type { BodyProps } from '#app/components/manage/dialog-views.tsx'
import type { ManageDialogData } from '#app/components/manage/types.ts'
import type { BagView } from '#app/services/homepage.server.ts'
import { capabilitiesOf, type Capabilities } from './capabilities.ts'
import type { ViewKit } from './view-kit.tsx'

/** One action of a category: a link to a dialog, or one-click buttons of a form posting to the page. */
type Action = { label: string; href: string; danger?: boolean } | { buttons: { label: string; intent: string }[] }

/** What the viewer may do with a category, in the order the menu lists it. */
export function actionsOf(bid: number, hasLinks: boolean, caps: Capabilities, href: (name: ManageDialog) => string): Action[] {
  const dialog = (label: string, name: ManageDialog, danger?: boolean): Action => ({ label, href: href(name), danger })
  const actions: Action[] = []
  if (caps.addLink) {
    actions.push(dialog('添加链接', 'add-link'), dialog('添加文件夹', 'add-folder'), dialog('添加分割线', 'add-divider'))
    // A post and a code snippet are written on pages of their own (spec §2 /blog/write, /editor/code).
    actions.push({ label: '写文章', href: `/blog/write?bid=${bid}` }, { label: '代码片段', href: `/editor/code?cid=${bid}` })
  }
  // A new notepad: its note bookmark is created by its first note (spec §4).
  if (caps.addNote) actions.push(dialog('添加便签', 'notepad'))
  if (caps.contribute) actions.push(dialog('贡献链接', 'add-link'))
  if (hasLinks) actions.push(dialog('批量打开', 'batch-open'))
  if (caps.editChildren) actions.push(dialog('批量管理', 'batch'))
  if (caps.manageCategories) {
    actions.push(
      dialog('批量格式', 'bag-format'),
      dialog('卡片设置', 'card-config'),
      dialog('分享分类', 'share-bag'),
      dialog('编辑分类', 'edit-bag'),
      { buttons: [{ label: '上移', intent: 'move-bag-up' }, { label: '下移', intent: 'move-bag-down' }] },
      dialog('删除分类', 'delete-bag', true),
    )
  }
  // A guest's 举报 leads to sign in and back to the dialog (loadPageDialog).
  if (caps.report && hasLinks) actions.push(dialog('举报', 'report-link'))
  return actions
}

/** Those who add, edit or manage get 管理: a long menu, a dialog of its own (`?dialog=bag-menu&bid=`). */
export const managesSome = (caps: Capabilities) => caps.addLink || caps.contribute || caps.editChildren || caps.manageCategories

/** A menu's entries: plain links, and a small form posting to the page (`form`: the form element to use, keyed). */
function MenuEntries({ actions, bid, form, inDialog = false }: { actions: Action[]; bid: number; form: (buttons: React.ReactNode) => React.ReactNode; inDialog?: boolean }) {
  return actions.map((action) =>
    'href' in action ? (
      inDialog ? (
        // In the dialog, outside the view's delegated listener: React Router's own links.
        <Link key={action.label} to={action.href} className={action.danger ? 'danger' : undefined} preventScrollReset>
          {action.label}
        </Link>
      ) : (
        <a key={action.label} href={action.href} className={action.danger ? 'danger' : undefined}>
          {action.label}
        </a>
      )
    ) : (
      form(
        <>
          <input type="hidden" name="bid" value={bid} />
          {action.buttons.map(({ label, intent }) => (
            <button key={intent} type="submit" name="intent" value={intent}>
              {label}
            </button>
          ))}
        </>,
      )
    ),
  )
}

/**
 * A category's actions (issue 11, issue 14): those who add, edit or manage get one 管理 link to
 * the category's menu dialog (ten entries repeated per category would weigh on a page of a
 * thousand links: PERFORMANCE.md budget 4); the others a small 更多 `<details>` (批量打开, 举报),
 * plain links that work without JavaScript and that popup-keys.ts enhances. A single entry stays
 * a plain link.
 */
export function CategoryMenu({ bag, kit }: { bag: BagView; kit: ViewKit }) {
  const { caps } = kit
  const hasLinks = bag.items.some((item) => item.type === 'link' && !item.masked)
  if (managesSome(caps)) {
    return (
      <a href={kit.dialog('bag-menu', { bid: bag.bid })} className="tool" data-dialog="" aria-label={`管理 ${bag.name}`}>
        管理
      </a>
    )
  }
  const actions = actionsOf(bag.bid, hasLinks, caps, (name) => kit.dialog(name, { bid: bag.bid }))
  const [only] = actions
  if (!only) return null
  if (actions.length === 1 && 'href' in only) {
    return (
      <a href={only.href} className="tool" data-dialog="" aria-label={`${only.label} ${bag.name}`}>
        {only.label}
      </a>
    )
  }
  return (
    <details className="category-menu">
      {/* The visible word starts the name (WCAG 2.5.3), the category tells the menus apart. */}
      <summary className="tool" aria-label={`更多 ${bag.name}`}>
        更多
      </summary>
      <div className="menu">
        <MenuEntries actions={actions} bid={bag.bid} form={(children) => (
            // Submitted in place by the view's delegated onSubmit when JavaScript runs.
            <form key="buttons" method="post" action={kit.formAction} className="tool-form">
              {children}
            </form>
          )} />
      </div>
    </details>
  )
}

type BagMenuData = Extract<ManageDialogData, { dialog: 'bag-menu' }>

/** The 管理 menu of a category as a dialog: the same entries, each a link or a one-click form. */
export function BagMenu({ data: { bag, role } }: BodyProps<BagMenuData>) {
  const location = useLocation()
  const actions = actionsOf(bag.bid, bag.hasLinks, capabilitiesOf(role), (name) => dialogHref(location, name, { bid: bag.bid }))
  return (
    <nav className="menu bag-menu" aria-label={`管理 ${bag.name}`}>
      <MenuEntries
        actions={actions}
        bid={bag.bid}
        inDialog
        form={(children) => (
          <Form key="buttons" method="post" className="tool-form" preventScrollReset>
            {children}
          </Form>
        )}
      />
    </nav>
  )
}
