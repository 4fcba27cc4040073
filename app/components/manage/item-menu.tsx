import { Form, Link, useLocation } from 'react-router'
import { dialogHref } from './dialog-href.ts'
import type { BodyProps } from './dialog-views.tsx'
import type { ManageDialogData } from './types.ts'

type ItemMenuData = Extract<ManageDialogData, { dialog: 'item' }>

const EDIT_DIALOG = { link: 'edit-link', folder: 'edit-folder', divider: 'edit-divider' } as const

/**
 * A bookmark's menu (`?dialog=item&id=`): the star and privacy toggles (one-click forms posting
 * to the page, which keeps this dialog open) and links to its edit and delete dialogs. The page's
 * list carries one short link per bookmark to it instead of these (PERFORMANCE.md budget 4).
 */
export function ItemMenu({ data: { item, may } }: BodyProps<ItemMenuData>) {
  const location = useLocation()
  const edit = may.edit && item.type in EDIT_DIALOG ? EDIT_DIALOG[item.type as keyof typeof EDIT_DIALOG] : null
  return (
    <div className="item-menu">
      {may.star || may.privacy ? (
        <Form method="post" className="item-menu-toggles" preventScrollReset>
          <input type="hidden" name="id" value={item.id} />
          {may.star ? (
            <button type="submit" name="intent" value="toggle-star" className="button" aria-pressed={item.liked}>
              <span className={item.liked ? 'icon ico-star-on' : 'icon ico-star'} aria-hidden="true" />
              星标
            </button>
          ) : null}
          {may.privacy ? (
            <button type="submit" name="intent" value="toggle-private" className="button" aria-pressed={item.private}>
              <span className={item.private ? 'icon ico-lock' : 'icon ico-lock-open'} aria-hidden="true" />
              仅自己可见
            </button>
          ) : null}
        </Form>
      ) : null}
      {may.edit ? (
        <p className="form-actions">
          {edit ? (
            <Link to={dialogHref(location, edit, { id: item.id })} className="button" preventScrollReset>
              编辑
            </Link>
          ) : null}
          <Link to={dialogHref(location, 'delete-source', { id: item.id })} className="button button-danger" preventScrollReset>
            删除
          </Link>
        </p>
      ) : null}
    </div>
  )
}
