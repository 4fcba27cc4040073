import type { SubmissionResult } from '@conform-to/react'
import { Link, useLocation } from 'react-router'
import { dialogHref } from '#app/components/manage/dialog-href.ts'
import { FormError, RowAction, SwitchAction } from '#app/components/manage/fields.tsx'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useState } from 'react'
import { UNTITLED_NOTE } from '#app/schemas/notes.ts'
import { NoteForm } from './note-form.tsx'
import type { NotesDialogData } from './types.ts'

/**
 * The notepad of a note bookmark and the notebook, one workspace (spec §2): the notes on the left
 * (or above, on a phone), the open one's form on the right. Every action is a link or a form
 * (the page's action), so all of it works without JavaScript; with it the form autosaves.
 */
export function NoteWorkspace({ data, lastResult }: { data: NotesDialogData; lastResult: SubmissionResult<string[]> | null }) {
  const location = useLocation()
  if (data.dialog === 'notepad' && data.notPublic) {
    return <p className="notes-private">该便签内容未对互联网用户公开，只有主人可以查看。</p>
  }
  const here = (params: Record<string, string | number | undefined>) =>
    data.dialog === 'notepad'
      ? dialogHref(location, 'notepad', data.bookmark ? { id: data.bookmark.id, ...params } : { bid: data.place.bid, parentLinkId: data.place.parentId ?? undefined, ...params })
      : dialogHref(location, 'notebook', params)
  const kind = data.dialog
  const word = kind === 'notepad' ? '便签' : '笔记'
  const trash = data.tab === 'trash'
  const addFields: Record<string, string | number> =
    kind === 'notepad'
      ? data.bookmark
        ? { kind, bookmarkId: data.bookmark.id }
        : { kind, bid: data.place.bid, ...(data.place.parentId ? { parentId: data.place.parentId } : {}) }
      : { kind }
  const formErrors = lastResult?.error?.[''] ?? undefined
  return (
    <div className="notes" data-kind={kind}>
      <NotesBar bookmark={data.dialog === 'notepad' ? data.bookmark : null} />
      <nav className="notes-side" aria-label={`${word}列表`}>
        <p className="notes-tabs">
          <Link to={here({})} aria-current={trash ? undefined : 'page'} replace preventScrollReset>
            {word}
          </Link>
          <Link to={here({ tab: 'trash' })} aria-current={trash ? 'page' : undefined} replace preventScrollReset>
            回收站
          </Link>
        </p>
        {trash ? null : (
          <RowAction intent="note-add" fields={addFields} label={kind === 'notepad' ? '添加便签' : '新建笔记'}>
            + {kind === 'notepad' ? '添加便签' : '新建笔记'}
          </RowAction>
        )}
        {data.notes.length ? (
          <ul className="notes-list">
            {data.notes.map((note) => (
              <li key={note.id}>
                {trash ? (
                  <span className="notes-item">
                    <span className="notes-item-title">{note.title || UNTITLED_NOTE}</span>
                    <span className="notes-item-summary">{note.summary}</span>
                  </span>
                ) : (
                  <Link to={here({ note: note.id })} className="notes-item" aria-current={note.id === data.open?.id ? 'true' : undefined} replace preventScrollReset>
                    <span className="notes-item-title">{note.title || UNTITLED_NOTE}</span>
                    <span className="notes-item-summary">{note.summary}</span>
                  </Link>
                )}
                {trash ? (
                  <div className="notes-item-tools">
                    <RowAction intent="note-delete" fields={{ kind, noteId: note.id, type: 'restore' }} label={`恢复：${note.title || UNTITLED_NOTE}`}>
                      恢复
                    </RowAction>
                    <RowAction intent="note-delete" fields={{ kind, noteId: note.id, type: 'hard' }} label={`彻底删除：${note.title || UNTITLED_NOTE}`} danger>
                      彻底删除
                    </RowAction>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted notes-empty">{trash ? '回收站是空的' : `还没有${word}`}</p>
        )}
        {data.dialog === 'notebook' && data.more ? (
          <Link to={here({ page: data.page + 1, tab: trash ? 'trash' : undefined })} className="button button-small" replace preventScrollReset>
            加载更多
          </Link>
        ) : null}
        {data.dialog === 'notebook' && trash && data.notes.length ? (
          <RowAction intent="note-empty-trash" fields={{}} label="清空回收站" danger>
            清空回收站
          </RowAction>
        ) : null}
      </nav>
      <div className="notes-main">
        {data.open && !trash ? (
          <NoteForm
            key={`${data.open.id}:${data.open.version}`}
            kind={kind}
            note={data.open}
            bookmarkId={data.dialog === 'notepad' ? (data.bookmark?.id ?? null) : null}
            lastResult={lastResult?.initialValue?.noteId === String(data.open.id) ? lastResult : null}
          />
        ) : (
          <>
            <FormError id="notes-error" errors={formErrors} />
            <p className="muted notes-empty">{trash ? `删除的${word}在这里，可以恢复或彻底删除。` : `选择左侧的${word}，或点「${kind === 'notepad' ? '添加便签' : '新建笔记'}」。`}</p>
          </>
        )}
      </div>
    </div>
  )
}

/**
 * Above the workspace: the notepad's privacy (its note bookmark's 仅自己可见, the owner's), and with
 * JavaScript 全屏 (spec §2: the notepad and the notebook have a fullscreen toggle).
 */
function NotesBar({ bookmark }: { bookmark: { id: number; private: boolean } | null }) {
  const hydrated = useHydrated()
  const [full, setFull] = useState(false)
  if (!bookmark && !hydrated) return null
  return (
    <div className="notes-bar">
      {bookmark ? (
        <SwitchAction intent="toggle-private" fields={{ id: bookmark.id }} checked={bookmark.private}>
          仅自己可见
        </SwitchAction>
      ) : null}
      {hydrated ? (
        <button
          type="button"
          className="button button-small"
          aria-pressed={full}
          onClick={(event) => {
            event.currentTarget.closest('.manage-dialog')?.classList.toggle('dialog-fullscreen', !full)
            setFull(!full)
          }}
        >
          全屏
        </button>
      ) : null}
    </div>
  )
}
