import { Form, Link } from 'react-router'

/**
 * The confirm step of a destructive action: a page section (or dialog) reached by a GET link,
 * whose button POSTs the real action. No `confirm()`, so it needs no JavaScript.
 */
export function DeleteConfirm({
  intent,
  field,
  value,
  message,
  detail,
  cancelHref,
  confirmLabel = '删除',
}: {
  intent: 'delete-module' | 'delete-bag' | 'delete-source'
  /** The id field the intent takes (moduleId, bid, id). */
  field: 'moduleId' | 'bid' | 'id'
  value: number
  message: React.ReactNode
  detail?: React.ReactNode
  cancelHref: string
  confirmLabel?: string
}) {
  return (
    <Form method="post" className="manage-form" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={value} />
      <p className="confirm-message">{message}</p>
      {detail ? <p className="muted confirm-detail">{detail}</p> : null}
      <div className="form-actions">
        <Link to={cancelHref} className="button" replace preventScrollReset>
          取消
        </Link>
        <button type="submit" className="button button-danger">
          {confirmLabel}
        </button>
      </div>
    </Form>
  )
}
