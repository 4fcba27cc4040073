import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { Form, Link, useLocation, useNavigate } from 'react-router'
import { dialogHref } from '#app/components/manage/dialog-href.ts'
import { DEFAULT_KEYMAP, shortcutLabel } from '#app/schemas/keymap-keys.ts'
import { NO_RESULTS_MSG, SEARCH_HISTORY_SHOWN, SEARCH_KEYWORD_MAX } from '#app/schemas/search.ts'
import type { SearchHit, SearchPage } from '#app/services/search.server.ts'
import { useIsMac, useShortcut } from '#app/utils/use-shortcut.ts'
import { onSearchShortcut } from './search-shortcut.ts'
import { groupHits, groupLabel, HitBody, hitLinkProps, searchPageHref } from './search-results.tsx'
import { isPlainClick } from '#app/utils/plain-click.ts'

/** A pause in typing this long starts the search. */
const DEBOUNCE_MS = 200
/** Spec §8's generic failure. */
const FAILED_MSG = '操作失败'

type Envelope<T> = { code: number; msg: string; data: T }

async function api<T>(path: string, init?: RequestInit): Promise<Envelope<T>> {
  const response = await fetch(path, { ...init, headers: { Accept: 'application/json', ...init?.headers } })
  return (await response.json()) as Envelope<T>
}

const post = (path: string, body: Record<string, unknown> = {}) =>
  api<null>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), keepalive: true })


/**
 * The header's search button and the Ctrl+K (⌘K on a Mac; the user's own key from their keymap)
 * dialog, 800px wide (spec §2). Without JavaScript the button is a link to /search, the same
 * search as a page. In the dialog: results as you type, grouped by homepage and category, a
 * combobox whose arrow keys move through them, Enter opens one in a new tab, 加载更多 for the next
 * 5, and the last 3 keywords while the box is empty. Escape closes it and focus goes back.
 * The note shortcut (spec §4) is here too, a signed-in owner's alone: it closes this dialog and
 * opens the notebook (the side button 笔记's ?dialog=notebook).
 */
export function SearchLauncher({
  keymap = DEFAULT_KEYMAP.searchKeymap,
  noteKeymap = DEFAULT_KEYMAP.noteKeymap,
  shortcut: shortcutOn,
}: {
  keymap?: string
  noteKeymap?: string
  shortcut: boolean
}) {
  const [open, setOpen] = useState(false)
  const location = useLocation()
  const navigate = useNavigate()
  useShortcut(
    noteKeymap,
    () => {
      setOpen(false)
      void navigate(dialogHref(location, 'notebook'), { preventScrollReset: true })
    },
    shortcutOn,
  )
  const [history, setHistory] = useState<string[]>([])
  const returnTo = useRef<Element | null>(null)
  const button = useRef<HTMLAnchorElement>(null)
  const inputId = useId()

  const show = () => {
    if (open) return
    returnTo.current = document.activeElement
    setOpen(true)
    void api<string[]>('/api/search/history')
      .then((answer) => answer.code === 1 && setHistory(answer.data))
      .catch(() => setHistory([]))
  }
  // Ctrl (⌘ on a Mac) + the user's key, on their own homepage (spec §5 Keymap): the header listens
  // (site-header.tsx), each press opens the dialog, one made before this code had come too.
  const latestShow = useRef(show)
  useEffect(() => {
    latestShow.current = show
  })
  useEffect(() => onSearchShortcut(() => latestShow.current()), [])
  const mac = useIsMac()

  const onButtonClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle button) still gets the page.
    if (!isPlainClick(event)) return
    event.preventDefault()
    show()
  }
  const shortcut = keymap.toUpperCase()
  return (
    <>
      <Link
        ref={button}
        to="/search"
        className="button button-ghost header-search"
        onClick={onButtonClick}
        aria-keyshortcuts={keymap && shortcutOn ? (mac ? `Meta+${shortcut}` : `Control+${shortcut}`) : undefined}
        title={keymap && shortcutOn ? `搜索书签（${shortcutLabel(keymap, mac)}）` : '搜索书签'}
      >
        搜索书签
      </Link>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content
            className="dialog-card dialog-modal search-dialog"
            style={{ width: 800 }}
            aria-describedby={undefined}
            onOpenAutoFocus={(event) => {
              // Straight into the search box (not the close button, first in the dialog).
              event.preventDefault()
              document.getElementById(inputId)?.focus()
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              const back = returnTo.current
              if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus()
              else button.current?.focus()
            }}
          >
            <header className="dialog-header">
              <Dialog.Title>搜索书签</Dialog.Title>
              <Dialog.Close className="dialog-close" aria-label="关闭">
                ×
              </Dialog.Close>
            </header>
            <SearchPanel inputId={inputId} history={history} setHistory={setHistory} close={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  )
}

type Results = { wd: string; list: SearchHit[]; total: number; page: number; hasMore: boolean }

function SearchPanel({
  inputId,
  history,
  setHistory,
  close,
}: {
  inputId: string
  history: string[]
  setHistory: (h: string[]) => void
  close: () => void
}) {
  const id = useId()
  const listboxId = `${id}-listbox`
  const optionId = (index: number) => `${id}-option-${index}`
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<Results | null>(null)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle')
  const [message, setMessage] = useState('')
  const timer = useRef<number | undefined>(undefined)
  const input = useRef<HTMLInputElement>(null)
  /** Only the newest request's answer is shown: a slow earlier one must not overwrite it. */
  const latest = useRef(0)

  async function load(wd: string, page: number) {
    const request = ++latest.current
    setStatus('loading')
    try {
      const answer = await api<SearchPage>(`/api/search/bookmark?${new URLSearchParams({ wd, page: String(page) })}`)
      if (request !== latest.current) return
      if (answer.code !== 1) {
        setResults(null)
        setMessage(answer.msg)
        setStatus('failed')
        return
      }
      const data = answer.data
      setResults((before) => ({ wd, list: page > 1 && before ? [...before.list, ...data.list] : data.list, total: data.total, page: data.page, hasMore: data.hasMore }))
      setStatus('idle')
    } catch {
      if (request !== latest.current) return
      setMessage(FAILED_MSG)
      setStatus('failed')
    }
  }

  function search(value: string) {
    setQuery(value)
    setActive(-1)
    window.clearTimeout(timer.current)
    if (!value.trim()) {
      // An empty box shows the history again (spec §5: empty input resets the results).
      latest.current++
      setResults(null)
      setStatus('idle')
      return
    }
    timer.current = window.setTimeout(() => void load(value, 1), DEBOUNCE_MS)
  }

  const groups = results ? groupHits(results.list) : []
  const ordered = groups.flatMap((g) => g.hits)

  function move(to: number) {
    setActive(to)
    document.getElementById(optionId(to))?.scrollIntoView({ block: 'nearest' })
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = ordered.length
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault()
      move(active + 1 >= count ? 0 : active + 1)
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault()
      move(active <= 0 ? count - 1 : active - 1)
    } else if (event.key === 'Enter' && active >= 0 && active < count) {
      // The option is the link itself: a click opens it as the homepage does (new tab, counted).
      event.preventDefault()
      document.getElementById(optionId(active))?.click()
    }
  }

  const opened = () => void post('/api/search/add-history', { wd: query }).catch(() => undefined)

  const clearHistory = () => {
    setHistory([])
    void post('/api/search/clear-history').catch(() => undefined)
  }

  const expanded = ordered.length > 0
  const statusText =
    status === 'loading'
      ? '正在搜索…'
      : status === 'failed'
        ? message
        : results
          ? results.list.length
            ? `找到 ${results.total} 个书签`
            : NO_RESULTS_MSG
          : ''
  let index = 0
  return (
    <div className="search-panel">
      {/* Enter without a chosen hit shows every result on the search page. */}
      <Form method="get" action="/search" role="search" className="search-form" onSubmit={close}>
        <label htmlFor={inputId} className="visually-hidden">
          搜索书签
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          name="wd"
          value={query}
          maxLength={SEARCH_KEYWORD_MAX}
          placeholder="名称、网址、备注或拼音，↑↓ 选择，Enter 打开"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listboxId : undefined}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </Form>
      <p className="search-status muted" role="status">
        {statusText}
      </p>
      {expanded ? (
        <div id={listboxId} role="listbox" aria-label="搜索结果" className="search-listbox">
          {groups.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${id}-group-${group.key}`} className="search-group">
              <div id={`${id}-group-${group.key}`} className="search-group-title">
                {groupLabel(group)}
              </div>
              {group.hits.map((hit) => {
                const at = index++
                return (
                  <a
                    key={hit.id}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === active}
                    tabIndex={-1}
                    className="search-hit"
                    onMouseMove={() => at !== active && setActive(at)}
                    {...hitLinkProps(hit, opened)}
                  >
                    <HitBody hit={hit} />
                  </a>
                )
              })}
            </div>
          ))}
        </div>
      ) : null}
      {results?.hasMore ? (
        <button type="button" className="button button-small search-more" onClick={() => void load(results.wd, results.page + 1)}>
          加载更多
        </button>
      ) : null}
      {!query.trim() && history.length ? (
        <div className="search-history">
          <span className="muted" id={`${id}-history`}>
            最近搜索：
          </span>
          <ul aria-labelledby={`${id}-history`}>
            {history.slice(0, SEARCH_HISTORY_SHOWN).map((word) => (
              <li key={word}>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => {
                    search(word)
                    input.current?.focus()
                  }}
                >
                  {word}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-ghost button-small" onClick={clearHistory}>
            清除历史
          </button>
        </div>
      ) : null}
      {results?.list.length ? (
        <p className="search-footer">
          <Link to={searchPageHref(results.wd)} onClick={close}>
            在搜索页查看全部结果
          </Link>
        </p>
      ) : null}
    </div>
  )
}
