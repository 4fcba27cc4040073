import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { itemIdOf } from '#app/components/manage/dialog-href.ts'
import { showToast } from '#app/components/toaster.tsx'

const SORT_SAVED = '排序已自动保存'

/** A call that saves a drop. */
type Save = { path: string; body: Record<string, unknown> }

/** One kind of sortable list of the start page: where it is, what moves, and the calls that save it. */
type SortableKind = {
  lists: string
  items: string
  /** Where a drag may start (categories: their heading row, so their links stay clickable). */
  handle?: string
  /** Lists of one group take each other's items (bookmarks across categories and folders, categories across modules). */
  group?: string
  /** A new order within one list: all its item ids. */
  sort: (list: HTMLElement, ids: number[]) => Save
  /** A drop into another list of the group: the item, its new list, and its new neighbours there. */
  move?: (item: HTMLElement, to: HTMLElement, neighbours: { before?: HTMLElement; after?: HTMLElement }) => Save
}

/** Categories and module tabs carry their id; a bookmark's list item has it in its menu link. */
const idOf = (el: HTMLElement) => (el.dataset.id ? Number(el.dataset.id) : itemIdOf(el))

const BOOKMARK_LISTS = 'ul.link-grid[data-bid], ul.folder-list[data-bid]'
/** A folder on the page a bookmark can be dropped onto (folders in the star list do not count). */
const FOLDER = 'ul.link-grid[data-bid] > li.item-folder'

const KINDS = {
  bookmarks: {
    lists: BOOKMARK_LISTS,
    items: 'li',
    group: 'bookmarks',
    sort: (list, ids) => ({
      path: '/api/bookmark/sort',
      body: { bid: Number(list.dataset.bid), ...(list.dataset.parent ? { parentId: Number(list.dataset.parent) } : {}), ids },
    }),
    // One call moves it and places it right after its new predecessor (0: first).
    move: (item, to, { before }) => ({
      path: '/api/children/move',
      body: { id: idOf(item), bid: Number(to.dataset.bid), parentId: Number(to.dataset.parent ?? 0), afterId: before ? idOf(before) : 0 },
    }),
  },
  categories: {
    lists: '.categories[data-sortable], .subcategories[data-sortable]',
    items: 'section.category[data-id]',
    handle: '.category-head',
    group: 'categories',
    sort: (_list, ids) => ({ path: '/api/bag/sort', body: { ids } }),
    // Another module or parent: after its new predecessor, else before its new successor (a
    // list on the page is never empty, so one of them is there).
    move: (item, _to, { before, after }) => ({
      path: '/api/bag/sort-multiple',
      body: before ? { type: 'after', dropId: idOf(item), targetId: idOf(before) } : { type: 'before', dropId: idOf(item), targetId: idOf(after!) },
    }),
  },
  // The star list keeps an order of its own (like-sort), whatever the bookmark sort method.
  stars: {
    lists: 'ul.link-grid[data-stars]',
    items: 'li',
    sort: (_list, ids) => ({ path: '/api/bookmark/like-sort', body: { ids } }),
  },
  modules: {
    lists: 'nav.module-tabs[data-sortable]',
    items: '.module-tab[data-id]',
    sort: (_list, ids) => ({ path: '/api/module/sort', body: { moduleIds: ids } }),
  },
} satisfies Record<string, SortableKind>

/**
 * Where (x, y) is on a folder's tile: its middle (a quarter in from each side) takes a dragged
 * bookmark in; around it, the side before or after the folder (by the axis the pointer is
 * further out on), for placing the bookmark beside it. Null: not on the tile.
 */
function spotOnFolder(folder: Element, x: number, y: number): 'into' | 'before' | 'after' | null {
  const tile = folder.querySelector(':scope > details > summary')
  if (!tile) return null
  const r = tile.getBoundingClientRect()
  if (x < r.left || x > r.right || y < r.top || y > r.bottom) return null
  const dx = (x - (r.left + r.width / 2)) / r.width
  const dy = (y - (r.top + r.height / 2)) / r.height
  if (Math.abs(dx) < 0.25 && Math.abs(dy) < 0.25) return 'into'
  return (Math.abs(dx) > Math.abs(dy) ? dx : dy) > 0 ? 'after' : 'before'
}

/** The folder a bookmark dragged from list `from` would go into at (x, y), if any. */
function folderAt(item: HTMLElement, from: HTMLElement, x: number, y: number): HTMLElement | null {
  if (item.classList.contains('item-folder')) return null // 文件夹不能放入文件夹
  const folder = document.elementFromPoint(x, y)?.closest<HTMLElement>(FOLDER)
  // Not the folder it comes from (the drag started in its open popup).
  if (!folder || Number(from.dataset.parent) === idOf(folder)) return null
  return spotOnFolder(folder, x, y) === 'into' ? folder : null
}

/**
 * Drag and drop on the start page (SortableJS, loaded only for those who may sort): bookmarks in
 * a category or folder (in the custom order), into another category or open folder at the drop
 * place, or onto a folder (highlighted while it would take it) to go in last; categories among
 * their siblings or into another module or parent; the star list; module tabs. A drop saves at once and the
 * page revalidates; SortableJS's own DOM move is undone first, so React (or the server's HTML it
 * kept) stays the one that draws the lists. Without JavaScript, and by keyboard, the 上移 / 下移
 * buttons and the batch manage dialog (移到) do the same.
 */
export function useDragSort(enabled: Partial<Record<keyof typeof KINDS, boolean>>, version: unknown) {
  const revalidator = useRevalidator()
  const kinds = (Object.keys(KINDS) as (keyof typeof KINDS)[]).filter((kind) => enabled[kind])
  const key = kinds.join()
  useEffect(() => {
    if (!kinds.length) return
    let cancelled = false
    const sortables: { destroy(): void }[] = []
    /** The folder highlighted as the drop target, and the listener that follows the pointer. */
    let into: HTMLElement | null = null
    let follow: ((event: PointerEvent) => void) | null = null
    const highlight = (folder: HTMLElement | null) => {
      if (folder === into) return
      into?.classList.remove('drop-into')
      folder?.classList.add('drop-into')
      into = folder
    }
    const stopFollowing = () => {
      if (follow) document.removeEventListener('pointermove', follow)
      follow = null
      highlight(null)
    }
    const saveAndRevalidate = (save: Save) => void post(save).then(() => revalidator.revalidate())

    void import('sortablejs').then(({ default: Sortable }) => {
      if (cancelled) return
      const page = document.querySelector('.homepage')
      for (const kind of kinds) {
        const { lists, items, handle, group, sort, move }: SortableKind = KINDS[kind]
        const bookmarks = kind === 'bookmarks'
        /** Where the dragged item was, to put it back before React draws the saved order. */
        let home: { list: HTMLElement; next: Node | null } | null = null
        for (const list of page?.querySelectorAll<HTMLElement>(lists) ?? []) {
          sortables.push(
            Sortable.create(list, {
              animation: 150,
              draggable: items,
              handle,
              group,
              // Mouse and touch events rather than native drag: the items are links, which
              // browsers would otherwise drag as URLs. Clicks stay clicks below a 5 px move.
              forceFallback: true,
              fallbackTolerance: 5,
              // The ghost on the body: a bookmark dragged out of a folder's scrolling popup stays visible.
              fallbackOnBody: true,
              onStart({ item, from }) {
                home = { list: from, next: item.nextSibling }
                if (!bookmarks) return
                follow = (event) => highlight(folderAt(item, from, event.clientX, event.clientY))
                document.addEventListener('pointermove', follow)
              },
              // A bookmark passes a folder only from its far side: coming near or onto its
              // middle, the list holds still and the folder stays under the pointer to drop on.
              onMove(event, pointer) {
                if (!bookmarks || event.dragged.classList.contains('item-folder') || !event.related.matches(FOLDER)) return true
                const { clientX, clientY } = pointer as unknown as { clientX: number; clientY: number }
                const spot = spotOnFolder(event.related, clientX, clientY)
                return spot === null || spot === (event.willInsertAfter ? 'after' : 'before')
              },
              onEnd(event) {
                const { from, to, item, oldIndex, newIndex } = event
                const folder = into
                stopFollowing()
                const start = home
                home = null
                if (!folder && to === from && (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex)) return
                const order = [...to.children].filter((el): el is HTMLElement => el.matches(items))
                const at = order.indexOf(item)
                const neighbours = { before: order[at - 1], after: order[at + 1] }
                const ids = order.map(idOf)
                // Undo the move in the DOM: the revalidated page draws the new order.
                if (start) start.list.insertBefore(item, start.next && start.next.parentNode === start.list ? start.next : null)
                if (folder) {
                  // Onto a folder: into it, last (its category is the folder's list's).
                  const bid = Number(folder.parentElement!.dataset.bid)
                  saveAndRevalidate({ path: '/api/children/move', body: { id: idOf(item), bid, parentId: idOf(folder) } })
                } else if (to !== from && move) {
                  saveAndRevalidate(move(item, to, neighbours))
                } else {
                  saveAndRevalidate(sort(from, ids))
                }
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
      stopFollowing()
      for (const sortable of sortables) sortable.destroy()
      document.querySelector('.homepage')?.removeAttribute('data-drag-ready')
    }
    // `version`: the lists are drawn anew after every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version])
}

async function post({ path, body }: Save) {
  try {
    const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    const reply = (await response.json()) as { code: number; msg: string }
    showToast(reply.code === 1 ? { type: 'success', msg: SORT_SAVED } : { type: 'error', msg: reply.msg })
  } catch {
    showToast({ type: 'error', msg: '网络异常，排序未保存' })
  }
}
