import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { showToast } from '#app/components/toaster.tsx'

const SORT_SAVED = '排序已自动保存'

/** One kind of sortable list of the start page: where it is, what moves, and the call that saves it. */
type SortableKind = {
  lists: string
  items: string
  /** Where a drag may start (categories: their heading row, so their links stay clickable). */
  handle?: string
  save: (list: HTMLElement, ids: number[]) => { path: string; body: Record<string, unknown> }
}

const KINDS = {
  bookmarks: {
    lists: 'ul.link-grid[data-bid], ul.folder-list[data-bid]',
    items: 'li[data-id]',
    save: (list, ids) => ({
      path: '/api/bookmark/sort',
      body: { bid: Number(list.dataset.bid), ...(list.dataset.parent ? { parentId: Number(list.dataset.parent) } : {}), ids },
    }),
  },
  categories: {
    lists: '.categories[data-sortable], .subcategories[data-sortable]',
    items: 'section.category[data-id]',
    handle: '.category-head',
    save: (_list, ids) => ({ path: '/api/bag/sort', body: { ids } }),
  },
  modules: {
    lists: 'nav.module-tabs[data-sortable]',
    items: '.module-tab[data-id]',
    save: (_list, ids) => ({ path: '/api/module/sort', body: { moduleIds: ids } }),
  },
} satisfies Record<string, SortableKind>

/**
 * Drag and drop on the start page (SortableJS, loaded only for those who may sort): bookmarks in
 * a category or folder (in the custom order), categories among their siblings, module tabs. A
 * drop saves at once and the page revalidates; SortableJS's own DOM move is undone first, so
 * React (or the server's HTML it kept) stays the one that draws the lists. Without JavaScript,
 * and by keyboard, the 上移 / 下移 buttons and the batch manage dialog do the same.
 */
export function useDragSort(enabled: Partial<Record<keyof typeof KINDS, boolean>>, version: unknown) {
  const revalidator = useRevalidator()
  const kinds = (Object.keys(KINDS) as (keyof typeof KINDS)[]).filter((kind) => enabled[kind])
  const key = kinds.join()
  useEffect(() => {
    if (!kinds.length) return
    let cancelled = false
    const sortables: { destroy(): void }[] = []
    void import('sortablejs').then(({ default: Sortable }) => {
      if (cancelled) return
      const page = document.querySelector('.homepage')
      for (const kind of kinds) {
        const { lists, items, handle, save }: SortableKind = KINDS[kind]
        for (const list of page?.querySelectorAll<HTMLElement>(lists) ?? []) {
          sortables.push(
            Sortable.create(list, {
              animation: 150,
              draggable: items,
              handle,
              // Mouse and touch events rather than native drag: the items are links, which
              // browsers would otherwise drag as URLs. Clicks stay clicks below a 5 px move.
              forceFallback: true,
              fallbackTolerance: 5,
              onEnd(event) {
                const { from, item, oldIndex, newIndex } = event
                if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return
                const ids = [...from.children].filter((el) => el.matches(items)).map((el) => Number((el as HTMLElement).dataset.id))
                // Undo the move in the DOM: the revalidated page draws the new order.
                from.removeChild(item)
                from.insertBefore(item, from.children[oldIndex] ?? null)
                void post(save(from, ids)).then(() => revalidator.revalidate())
              },
            }),
          )
        }
      }
      // Styles (a grab cursor) and tests can tell that dragging works now.
      page?.setAttribute('data-drag-ready', '')
    })
    return () => {
      cancelled = true
      for (const sortable of sortables) sortable.destroy()
      document.querySelector('.homepage')?.removeAttribute('data-drag-ready')
    }
    // `version`: the lists are drawn anew after every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version])
}

async function post({ path, body }: { path: string; body: Record<string, unknown> }) {
  try {
    const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    const reply = (await response.json()) as { code: number; msg: string }
    showToast(reply.code === 1 ? { type: 'success', msg: SORT_SAVED } : { type: 'error', msg: reply.msg })
  } catch {
    showToast({ type: 'error', msg: '网络异常，排序未保存' })
  }
}
