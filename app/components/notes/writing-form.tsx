import type { SubmissionResult } from '@conform-to/react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FormError } from '#app/components/manage/fields.tsx'
import { CODE_LANGUAGES, CODE_MAX, NOTE_TEXT_MAX } from '#app/schemas/notes.ts'
import type { Writing } from '#app/services/writings.server.ts'
import { PlainEditor } from './plain-editor.tsx'
import { detailHref } from '#app/notes/writing-href.ts'
import type { EditorHandle } from './use-autosave.ts'

const RichEditor = lazy(() => import('./rich-editor.tsx').then((m) => ({ default: m.RichEditor })))

type Props = {
  kind: 'post' | 'code'
  writing: Writing | null
  place: { bid: number; parentId: number | null; bagName: string }
  /** The last save's answer: what was written, and whether someone else had saved first. */
  answer: { result: SubmissionResult<string[]>; conflict: boolean } | null
  cancelHref: string
}

const HEADINGS = { post: ['写文章', '编辑文章'], code: ['新建代码片段', '编辑代码片段'] } as const

/** A writing page (/blog/write, /editor/code): its heading and form; a new visit is a new form. */
export function WritingPage({ kind, data, answer }: { kind: 'post' | 'code'; data: Pick<Props, 'writing' | 'place'>; answer: Props['answer'] | undefined }) {
  const { writing, place } = data
  const { key } = useLocation()
  return (
    <main id="main" className="page writing-page">
      <h1>{HEADINGS[kind][writing ? 1 : 0]}</h1>
      <WritingForm key={`${writing?.version ?? 0}:${key}`} kind={kind} writing={writing} place={place} answer={answer ?? null} cancelHref={writing ? detailHref(writing.id) : '/'} />
    </main>
  )
}

/**
 * The writing page's form (/blog/write, /editor/code): a title, and the post's text (the rich
 * editor with JavaScript, a textarea of its text or HTML without) or the snippet's code and
 * language. 保存 goes to the post's page. A save after someone else's shows both (保留我的).
 */
export function WritingForm({ kind, writing, place, answer, cancelHref }: Props) {
  const ids = useId()
  const hydrated = useHydrated()
  const busy = useNavigation().state === 'submitting'
  const content = useRef<HTMLInputElement>(null)
  // The editor's HTML goes into the hidden field as it changes: 保存 posts it like any form.
  const editorHandle = useRef<EditorHandle | null>(null)
  const [editorReady, setEditorReady] = useState(false)
  const sent = answer?.result.initialValue as Record<string, string> | undefined
  const errors = answer?.result.error ?? {}
  const format = sent?.format === 'text' || (!sent && writing?.plain !== null && writing?.plain !== undefined) || (!sent && !writing) ? 'text' : 'html'
  const postText = sent?.content ?? (format === 'text' ? (writing?.plain ?? '') : (writing?.content ?? ''))
  return (
    <Form method="post" className="note-form writing-form" preventScrollReset>
      {writing ? <input type="hidden" name="id" value={writing.id} /> : <input type="hidden" name={kind === 'post' ? 'bid' : 'cid'} value={place.bid} />}
      {!writing && place.parentId ? <input type="hidden" name="parentId" value={place.parentId} /> : null}
      {writing && writing.version ? <input type="hidden" name="version" value={sent?.version ?? writing.version} /> : null}
      <FormError id={`${ids}-error`} errors={errors['']?.length ? errors[''] : undefined} />
      <div className="field note-title">
        <label htmlFor={`${ids}-title`}>标题</label>
        <input id={`${ids}-title`} name="title" defaultValue={sent?.title ?? writing?.title ?? ''} maxLength={100} required autoComplete="off" aria-invalid={errors.title ? true : undefined} aria-describedby={errors.title ? `${ids}-title-error` : undefined} />
        {errors.title ? <p id={`${ids}-title-error`} className="field-error" role="alert">{errors.title[0]}</p> : null}
      </div>
      {answer?.conflict && writing ? (
        <section className="note-conflict" aria-labelledby={`${ids}-theirs`}>
          <h2 id={`${ids}-theirs`}>别处保存的版本</h2>
          {/* Stored HTML: sanitised (a post) or made by the highlighter (a snippet) on the server. */}
          <div className={kind === 'post' ? 'note-content' : 'code-view'} dangerouslySetInnerHTML={{ __html: writing.html }} />
          <p className="note-conflict-actions">
            <button type="submit" name="keep" value={writing.version} className="button button-primary">
              保留我的
            </button>
            <Link to="." reloadDocument className="button">
              采用对方的
            </Link>
          </p>
        </section>
      ) : null}
      {kind === 'post' ? (
        <div className="field note-body">
          <label htmlFor={`${ids}-content`} id={`${ids}-content-label`}>
            {answer?.conflict ? '我的版本' : '正文'}
          </label>
          {hydrated ? (
            <Suspense fallback={<PlainEditor id={`${ids}-content`} format={format} value={postText} rows={18} what="这篇文章" />}>
              <input ref={content} type="hidden" name="content" defaultValue={format === 'html' ? postText : (writing?.content ?? '')} />
              <input type="hidden" name="format" value={editorReady ? 'html' : format} />
              <RichEditor
                labelledBy={`${ids}-content-label`}
                content={format === 'html' ? postText : (writing?.content ?? '')}
                toolbarLabel="文章格式"
                onReady={(handle) => {
                  setEditorReady(true)
                  content.current!.value = handle.html()
                  editorHandle.current = handle
                }}
                onChange={() => {
                  if (editorHandle.current) content.current!.value = editorHandle.current.html()
                }}
                onSave={() => content.current?.form?.requestSubmit()}
              />
            </Suspense>
          ) : (
            <PlainEditor id={`${ids}-content`} format={format} value={postText} rows={18} what="这篇文章" />
          )}
          {errors.content ? <p className="field-error" role="alert">{errors.content[0]}</p> : null}
          <p className="muted note-hint">最多 {NOTE_TEXT_MAX} 字；图片不超过3M。</p>
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${ids}-language`}>语言</label>
            <select id={`${ids}-language`} name="language" defaultValue={sent?.language ?? writing?.language ?? 'javascript'}>
              {CODE_LANGUAGES.map((language) => (
                <option key={language.id} value={language.id}>
                  {language.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field note-body">
            <label htmlFor={`${ids}-code`}>{answer?.conflict ? '我的版本' : '代码'}</label>
            <textarea id={`${ids}-code`} name="code" className="code-input" defaultValue={sent?.code ?? writing?.content ?? ''} rows={18} maxLength={CODE_MAX} spellCheck={false} autoCapitalize="off" autoComplete="off" />
            {errors.code ? <p className="field-error" role="alert">{errors.code[0]}</p> : null}
          </div>
        </>
      )}
      <footer className="note-footer">
        <span className="muted">
          {writing ? `上次保存 ${writing.savedAt}` : `将保存到分类「${place.bagName}」`}
        </span>
        <Link to={cancelHref} className="button">
          取消
        </Link>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? '正在保存…' : '保存'}
        </button>
      </footer>
    </Form>
  )
}
