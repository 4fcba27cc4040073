import { Form, Link, useLocation } from 'react-router'
import { FormMessage, IconSelect, TextField } from './form-bits.tsx'
import { groupHref, tabHref } from './group-href.ts'
import { ItemIcon } from './item-icon.tsx'
import type { CategoryItem, FormReply, GroupCan } from './types.ts'

const NEW_CATEGORY = 'category-new'

/**
 * The group's categories as links (`/group/{id}/{cid}`), the current one marked; in index mode
 * 'all' a link to every bookmark first. Administrators add a category here, and manage them in
 * the 分类管理 tab.
 */
export function GroupSidebar({
  groupId,
  categories,
  current,
  all,
  showAll,
  can,
  reply,
}: {
  groupId: number
  categories: CategoryItem[]
  /** The category shown (null: none, or every bookmark). */
  current: number | null
  /** Every bookmark is shown (index mode 'all', no category chosen). */
  all: boolean
  showAll: boolean
  can: GroupCan
  reply: FormReply | null
}) {
  // A new location (after a save) empties the add form; a refused one keeps what was typed.
  const { key } = useLocation()
  return (
    <aside className="gd-side" aria-label="分类">
      <nav aria-labelledby="gd-cats-title">
        <h2 id="gd-cats-title" className="gd-side-title">
          分类
        </h2>
        {categories.length ? (
          <ul className="gd-cats">
            {showAll ? (
              <li>
                <Link to={groupHref(groupId)} aria-current={all ? 'page' : undefined}>
                  全部书签
                </Link>
              </li>
            ) : null}
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={groupHref(groupId, c.id)} aria-current={c.id === current ? 'page' : undefined}>
                  <ItemIcon icon={c.icon} name={c.title} />
                  <span className="gd-cat-name">{c.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted gd-empty">还没有分类</p>
        )}
      </nav>
      {can.manageCategories ? (
        <>
          {/* Folded until asked for (a phone shows the bookmarks sooner); open again when it comes back refused. */}
          <details className="gd-side-form" open={reply?.form === NEW_CATEGORY || undefined}>
            <summary className="gd-form-title">添加分类</summary>
            <Form method="post" className="gd-form" key={reply?.form === NEW_CATEGORY ? 'kept' : key}>
              <FormMessage form={NEW_CATEGORY} reply={reply} />
              <TextField form={NEW_CATEGORY} name="title" label="分类名称" reply={reply} required maxLength={20} />
              <IconSelect form={NEW_CATEGORY} reply={reply} />
              <button type="submit" name="intent" value="save-category" className="button button-primary">
                添加
              </button>
            </Form>
          </details>
          <p className="gd-side-link">
            <Link to={tabHref(groupId, 'categories')}>管理分类：排序、改名、删除</Link>
          </p>
        </>
      ) : null}
    </aside>
  )
}
