import type { BagView } from '#app/services/homepage.server.ts'
import type { ViewKit } from './view-kit.tsx'

/** One action of a category: a link to a dialog, or one-click buttons of a form posting to the page. */
type Action = { label: string; href: string; danger?: boolean } | { buttons: { label: string; intent: string }[] }

/** What the viewer may do with a category, in the order the menu lists it. */
function actionsOf(bag: BagView, kit: ViewKit): Action[] {
  const { caps } = kit
  const bid = bag.bid
  const dialog = (label: string, name: Parameters<ViewKit['dialog']>[0], danger?: boolean): Action => ({ label, href: kit.dialog(name, { bid }), danger })
  const hasLinks = bag.items.some((item) => item.type === 'link' && !item.masked)
  const actions: Action[] = []
  if (caps.addLink) actions.push(dialog('添加链接', 'add-link'), dialog('添加文件夹', 'add-folder'), dialog('添加分割线', 'add-divider'))
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

/**
 * A category's actions (issue 11): one 管理 menu (更多 for those who manage nothing), a
 * `<details>` with plain links and a small form, so it works without JavaScript and on the
 * server's HTML that the browser keeps (HomepageViewData.content). use-popups.ts enhances it. A
 * single link stays a plain link. Items carry no per-item names: the menu is named after its
 * category, inside the category's section (markup stays small on a page of a thousand links).
 */
export function CategoryMenu({ bag, kit }: { bag: BagView; kit: ViewKit }) {
  const actions = actionsOf(bag, kit)
  const [only] = actions
  if (!only) return null
  if (actions.length === 1 && 'href' in only) {
    return (
      <a href={only.href} className="tool" data-dialog="" aria-label={`${only.label} ${bag.name}`}>
        {only.label}
      </a>
    )
  }
  const { caps } = kit
  const title = caps.addLink || caps.contribute || caps.editChildren || caps.manageCategories ? '管理' : '更多'
  return (
    <details className="category-menu">
      {/* The visible word starts the name (WCAG 2.5.3), the category tells the menus apart. */}
      <summary className="tool" aria-label={`${title} ${bag.name}`}>
        {title}
      </summary>
      <div className="menu">
        {actions.map((action) =>
          'href' in action ? (
            <a key={action.label} href={action.href} className={action.danger ? 'danger' : undefined}>
              {action.label}
            </a>
          ) : (
            // Submitted in place by the view's delegated onSubmit when JavaScript runs.
            <form key="buttons" method="post" action={kit.formAction} className="tool-form">
              <input type="hidden" name="bid" value={bag.bid} />
              {action.buttons.map(({ label, intent }) => (
                <button key={intent} type="submit" name="intent" value={intent}>
                  {label}
                </button>
              ))}
            </form>
          ),
        )}
      </div>
    </details>
  )
}
