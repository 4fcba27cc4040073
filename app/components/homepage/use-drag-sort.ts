import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { showToast } from '#app/components/toaster.tsx'

const SORT_SAVED = '排序已自动保存'

/**
 * Drag and drop of the bookmarks of each category list (SortableJS, loaded only for those who
 * may sort, in the custom order). A drop saves at once through /api/bookmark/sort and the page
 * revalidates; SortableJS's own DOM move is undone first, so React (or the server's HTML it
 * kept) stays the one that draws the list. Without JavaScript, and by keyboard, the batch manage
 * dialog's 上移 / 下移 / 移到 do the same.
 */
export function useDragSort(enabled: boolean, version: unknown) {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    const sortables: { destroy(): void }[] = []
    void import('sortablejs').then(({ default: Sortable }) => {
      if (cancelled) return
      for (const list of document.querySelectorAll<HTMLElement>('.homepage ul.link-grid[data-bid]')) {
        sortables.push(
          Sortable.create(list, {
            animation: 150,
            draggable: 'li[data-id]',
            // Mouse and touch events rather than native drag: the items are links, which browsers
            // would otherwise drag as URLs. Clicks stay clicks below a 5 px move.
            forceFallback: true,
            fallbackTolerance: 5,
            onEnd(event) {
              const { from, item, oldIndex, newIndex } = event
              if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return
              const ids = [...from.querySelectorAll<HTMLElement>(':scope > li[data-id]')].map((li) => Number(li.dataset.id))
              // Undo the move in the DOM: the revalidated page draws the new order.
              from.removeChild(item)
              from.insertBefore(item, from.children[oldIndex] ?? null)
              void save(Number(from.dataset.bid), ids).then(() => revalidator.revalidate())
            },
          }),
        )
      }
    })
    return () => {
      cancelled = true
      for (const sortable of sortables) sortable.destroy()
    }
    // `version`: the lists are drawn anew after every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, version])
}

async function save(bid: number, ids: number[]) {
  try {
    const response = await fetch('/api/bookmark/sort', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ bid, ids }),
    })
    const reply = (await response.json()) as { code: number; msg: string }
    showToast(reply.code === 1 ? { type: 'success', msg: SORT_SAVED } : { type: 'error', msg: reply.msg })
  } catch {
    showToast({ type: 'error', msg: '网络异常，排序未保存' })
  }
}
