import '#app/components/notes/notes.css'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/blog.detail'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { editHref } from '#app/notes/writing-href.ts'
import { appContext, userContext } from '#app/context.ts'
import { idOf } from '#app/schemas/ids.ts'
import { CODE_LANGUAGES } from '#app/schemas/notes.ts'
import { PRIVACY_MSG, togglePrivate, trashSources } from '#app/services/source.server.ts'
import { writingOf } from '#app/services/writings.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { documentLook } from '#app/utils/document-look.server.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.writing.title ?? '文章'} - 起页` }]

/**
 * `/blog/detail/{id}`: a blog post or a code snippet, for whoever sees its bookmark (spec §2). Its
 * owner sets 只有自己可见 here (the bookmark's privacy); its editors edit and delete it (to the
 * bookmarks' trash). Missing, trashed or private to the viewer: 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = context.get(appContext)
  try {
    const writing = await writingOf(db, context.get(userContext), idOf(params.id) ?? 0)
    // The page wears its homepage's theme and colour, day or night, as the homepage itself does.
    return { headerTitle: writing.homepage.title || '起页', writing, look: await documentLook(request, writing.page) }
  } catch (error) {
    if (error instanceof DomainError) throw data(NOT_FOUND_MSG, { status: 404 })
    throw error
  }
}

export async function action({ params, context, request, url }: Route.ActionArgs) {
  const { db } = context.get(appContext)
  const user = context.get(userContext)
  const id = idOf(params.id) ?? 0
  const form = await readPageForm(request)
  try {
    if (form.get('intent') === 'delete') {
      const writing = await writingOf(db, user, id, { edit: true })
      const { msg } = await trashSources(db, user, [id])
      return redirectWithToast(writing.homepage.code ? `/${writing.homepage.code}` : '/', { type: 'success', msg })
    }
    await togglePrivate(db, user, id)
    return redirectWithToast(pathOf(url), { type: 'success', msg: PRIVACY_MSG })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(signInHref(pathOf(url)))
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(pathOf(url), { type: 'error', msg: error.message })
  }
}

export default function BlogDetail({ loaderData }: Route.ComponentProps) {
  const { writing } = loaderData
  const edit = editHref(writing.type, writing.id)
  const language = CODE_LANGUAGES.find((l) => l.id === writing.language)?.name
  return (
    <main id="main" className="page writing-page">
      <article className="writing" aria-labelledby="writing-title">
        <header className="writing-head">
          <h1 id="writing-title">{writing.title}</h1>
          <p className="muted">
            {writing.type === 'code' ? `代码片段 · ${language} · ` : ''}
            <Link to={`${writing.homepage.code ? `/${writing.homepage.code}` : '/'}#bag-${writing.bid}`}>分类「{writing.bagName}」</Link> · 更新于 {writing.savedAt}
            {writing.private ? ' · 只有自己可见' : ''}
          </p>
          {writing.may.edit || writing.may.setPrivate ? (
            <div className="writing-tools">
              {writing.may.edit ? (
                <Link to={edit} className="button">
                  编辑
                </Link>
              ) : null}
              {writing.may.setPrivate ? (
                <Form method="post" className="inline-form">
                  <button type="submit" name="intent" value="privacy" role="switch" aria-checked={writing.private} className="switch">
                    <span className="switch-track" aria-hidden="true" />
                    只有自己可见
                  </button>
                </Form>
              ) : null}
              {writing.may.edit ? (
                <Form method="post" className="inline-form">
                  <button type="submit" name="intent" value="delete" className="button button-danger-text">
                    删除
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </header>
        {/* Stored HTML: a post sanitised on its way in, a snippet made by the highlighter (ADR 031). */}
        <div className={writing.type === 'post' ? 'note-content writing-body' : 'code-view'} dangerouslySetInnerHTML={{ __html: writing.html }} />
      </article>
    </main>
  )
}
