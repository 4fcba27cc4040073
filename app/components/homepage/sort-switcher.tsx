import { SORT_LABELS, SORT_LOCKED_MSG, SORT_METHODS, type SortMethod } from '#app/schemas/sort-methods.ts'

/**
 * The viewer's bookmark order (spec §9, remembered per user): one button per order, posting to
 * the page like the other toggles (a reload without JavaScript). In the owner's 工具 menu, and
 * for other signed-in viewers in a disclosure of its own (SortSwitcher).
 */
export function SortOptions({ sort, formAction, titled = false }: { sort: SortMethod; formAction: string; titled?: boolean }) {
  return (
    <>
      {titled ? <p className="menu-title">书签排序：{SORT_LABELS[sort]}</p> : null}
      <form method="post" action={formAction} className="tool-form sort-options" aria-label={`书签排序：${SORT_LABELS[sort]}`}>
        <input type="hidden" name="intent" value="switch-sort" />
        {SORT_METHODS.map((method) => (
          <button key={method} type="submit" name="method" value={method} className="button button-small" aria-pressed={method === sort}>
            {SORT_LABELS[method]}
          </button>
        ))}
      </form>
      {sort === 'custom' ? null : <p className="field-hint">{SORT_LOCKED_MSG}</p>}
    </>
  )
}

/** The bookmark order as a disclosure. `id`: where the side button's link leads (SORT_SWITCHER_ID). */
export function SortSwitcher({ id, sort, formAction }: { id: string; sort: SortMethod; formAction: string }) {
  return (
    <details className="sort-switcher" id={id}>
      <summary>书签排序：{SORT_LABELS[sort]}</summary>
      <SortOptions sort={sort} formAction={formAction} />
    </details>
  )
}
