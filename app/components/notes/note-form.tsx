import type { SubmissionResult } from '@conform-to/react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { dialogHref } from '#app/components/manage/dialog-href.ts'
import { FormError } from '#app/components/manage/fields.tsx'
import { NOTE_TEXT_MAX, NOTE_TEXT_WARN, NOTE_TITLE_MAX } from '#app/schemas/notes.ts'
import { PlainEditor } from './plain-editor.tsx'
import type { OpenNote } from './types.ts'
import { type SaveState, useAutosave } from './use-autosave.ts'

/** The rich editor (Tiptap) is its own chunk: it loads when a note is opened (issue 23, budget 5). */
const RichEditor = lazy(() => import('./rich-editor.tsx').then((m) => ({ default: m.RichEditor })))

const CONFLICT = '这条便签已在别处修改，请选择保留哪一份'
const count = (text: string) => [...text.replace(/\s+/g, '')].length

const STATUS: Record<SaveState['status'], string> = {
  saved: '已保存',
  dirty: '有改动，稍后自动保存',
  saving: '正在保存…',
  retrying: '保存失败，正在重试…',
  conflict: '未保存：这条便签已在别处修改',
  refused: '未保存',
}

/**
 * One note's form: its title and text, the character count, when it was saved, 保存 and 删除.
 * Without JavaScript (and until the editor has loaded) the text is a textarea posted to the page;
 * with it, the Tiptap editor autosaves through /api after a pause (spec §9: 1 s, the notebook 1.5 s),
 * says when it could not, and shows both texts when someone else saved first.
 */
export function NoteForm({
  kind,
  note,
  bookmarkId,
  lastResult,
}: {
  kind: 'notepad' | 'notebook'
  note: OpenNote
  bookmarkId: number | null
  lastResult: SubmissionResult<string[]> | null
}) {
  const hydrated = useHydrated()
  const location = useLocation()
  const ids = useId()
  const [editorReady, setEditorReady] = useState(false)
  const title = useRef<HTMLInputElement>(null)
  const saver = useAutosave({ kind, note, titleOf: () => title.current?.value ?? note.title })
  const sent = lastResult?.initialValue as Record<string, string> | undefined
  // Without JavaScript a refused save comes back with what was typed: shown again, nothing lost.
  const conflictNoJs = lastResult?.error?.['']?.includes(CONFLICT) ?? false
  const format = sent?.format === 'text' || (!sent && note.plain !== null) ? 'text' : 'html'
  const textValue = sent?.content ?? (format === 'text' ? (note.plain ?? '') : note.content)
  const chars = editorReady ? saver.state.chars : count(format === 'text' ? textValue : (note.plain ?? textValue.replace(/<[^>]*>/g, '')))
  const theirs = saver.state.status === 'conflict' ? saver.state.theirs : conflictNoJs ? { content: note.content, version: note.version } : null
  const deleteForm = `${ids}-delete`
  return (
    <>
      <Form
        method="post"
        className="note-form"
        preventScrollReset
        onSubmit={(event) => {
          // With the editor loaded, 保存 saves through /api at once (no reload).
          if (!editorReady) return
          event.preventDefault()
          saver.saveNow()
        }}
      >
        <input type="hidden" name="intent" value="note-save" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="noteId" value={note.id} />
        <input type="hidden" name="version" value={sent?.version ?? note.version} />
        {bookmarkId ? <input type="hidden" name="bookmarkId" value={bookmarkId} /> : null}
        <FormError id={`${ids}-error`} errors={conflictNoJs ? undefined : (lastResult?.error?.[''] ?? (saver.state.status === 'refused' ? [saver.state.message] : undefined))} />
        <div className="field note-title">
          <label htmlFor={`${ids}-title`}>标题</label>
          <input
            ref={title}
            id={`${ids}-title`}
            name="title"
            defaultValue={sent?.title ?? note.title}
            maxLength={NOTE_TITLE_MAX}
            placeholder="无标题"
            autoComplete="off"
            onInput={() => saver.changed()}
          />
          {lastResult?.error?.title ? <p className="field-error" role="alert">{lastResult.error.title[0]}</p> : null}
        </div>
        {theirs ? (
          <section className="note-conflict" aria-labelledby={`${ids}-theirs`}>
            <p className="form-error" role="alert">
              {CONFLICT}
            </p>
            <h3 id={`${ids}-theirs`}>别处保存的版本</h3>
            {/* Sanitised by the server on its way in (app/notes/sanitize.server.ts), as every note page shows it. */}
            <div className="note-content" dangerouslySetInnerHTML={{ __html: theirs.content }} />
            <p className="note-conflict-actions">
              {saver.state.status === 'conflict' ? (
                <>
                  <button type="button" className="button button-primary" onClick={() => saver.keepMine()}>
                    保留我的
                  </button>
                  <button type="button" className="button" onClick={() => saver.takeTheirs()}>
                    采用对方的
                  </button>
                </>
              ) : (
                <>
                  <button type="submit" name="keep" value={note.version} className="button button-primary">
                    保留我的
                  </button>
                  <Link to={dialogHref(location, kind, { note: note.id, ...(bookmarkId ? { id: bookmarkId } : {}) })} className="button" replace preventScrollReset>
                    采用对方的
                  </Link>
                </>
              )}
            </p>
          </section>
        ) : null}
        <div className="field note-body">
          <label htmlFor={`${ids}-content`} id={`${ids}-content-label`}>
            {theirs ? '我的版本' : '内容'}
          </label>
          {hydrated ? (
            <Suspense fallback={<PlainEditor id={`${ids}-content`} format={format} value={textValue} rows={14} what={kind === 'notepad' ? '这条便签' : '这条笔记'} />}>
              <RichEditor
                labelledBy={`${ids}-content-label`}
                content={sent?.content && format === 'html' ? sent.content : note.content}
                toolbarLabel={kind === 'notepad' ? '便签格式' : '笔记格式'}
                onChange={saver.changed}
                onSave={saver.saveNow}
                onReady={(handle, chars) => {
                  saver.attach(handle, chars)
                  setEditorReady(true)
                }}
              />
            </Suspense>
          ) : (
            <PlainEditor id={`${ids}-content`} format={format} value={textValue} rows={14} what={kind === 'notepad' ? '这条便签' : '这条笔记'} />
          )}
          {lastResult?.error?.content ? <p className="field-error" role="alert">{lastResult.error.content[0]}</p> : null}
        </div>
        <footer className="note-footer">
          <span className={`note-count${chars > NOTE_TEXT_WARN ? ' note-count-over' : ''}`} aria-live="off">
            {chars} / {NOTE_TEXT_MAX} 字
          </span>
          {/* Announced as it changes; not a status role: the page's toaster is the page's status. */}
          <span className="note-status" aria-live="polite">
            {editorReady ? `${STATUS[saver.state.status]}${saver.state.status === 'saved' ? ` ${saver.state.savedAt}` : ''}` : `已保存 ${note.savedAt}`}
          </span>
          {note.url ? (
            <a className="note-source" href={note.url} target="_blank" rel="noopener noreferrer nofollow">
              来源：{new URL(note.url).host}
            </a>
          ) : null}
          <button type="submit" form={deleteForm} className="button button-danger-text">
            删除
          </button>
          <button type="submit" className="button button-primary" aria-keyshortcuts="Control+S">
            保存
          </button>
        </footer>
      </Form>
      <Form method="post" id={deleteForm} hidden preventScrollReset>
        <input type="hidden" name="intent" value="note-delete" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="noteId" value={note.id} />
        <input type="hidden" name="type" value="blank" />
      </Form>
    </>
  )
}
