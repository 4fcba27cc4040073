import { data, href, redirect } from 'react-router'
import type { Route } from './+types/ai'
import { AI_ENGINES, AI_QUESTION_MAX, AI_QUESTION_MSG, aiSearchUrl } from '#app/utils/ai-engines.ts'

/**
 * `/ai` (spec §2 side buttons: AI search link): ask one of the AI search engines. A GET form to
 * this page, which sends the reader on to the chosen engine with the question (works without
 * JavaScript; the engines are a fixed list, so this is no open redirect).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, AI_QUESTION_MAX)
  const engine = url.searchParams.get('engine')
  if (engine !== null) {
    const target = q ? aiSearchUrl(engine, q) : null
    if (target) throw redirect(target)
    return data({ headerTitle: 'AI 搜索', q, engine, error: q ? '请选择 AI 搜索引擎' : AI_QUESTION_MSG }, { status: 400 })
  }
  return { headerTitle: 'AI 搜索', q, engine: AI_ENGINES[0].id as string, error: null }
}

export const meta: Route.MetaFunction = () => [{ title: 'AI 搜索 - 起页' }]

export default function AiSearch({ loaderData }: Route.ComponentProps) {
  const { q, engine, error } = loaderData
  return (
    <main id="main" className="page page-narrow ai-page">
      <h1>AI 搜索</h1>
      <p>把问题交给 AI 搜索引擎：它们会读网页、汇总出答案并列出来源。选一个引擎，写下问题，就会打开它的回答。</p>
      <form method="get" action={href('/ai')} className="ai-form">
        <label htmlFor="ai-q">问题</label>
        <textarea id="ai-q" name="q" rows={3} maxLength={AI_QUESTION_MAX} defaultValue={q} required aria-invalid={error ? true : undefined} aria-describedby={error ? 'ai-error' : undefined} />
        {error ? (
          <p id="ai-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <fieldset>
          <legend>AI 搜索引擎</legend>
          {AI_ENGINES.map((e) => (
            <label key={e.id} className="ai-engine">
              <input type="radio" name="engine" value={e.id} defaultChecked={e.id === engine} />
              <span>
                <strong>{e.name}</strong>
                <span className="muted"> · {e.summary}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary">
          问 AI
        </button>
      </form>
      <p className="muted">起页不保存你的问题，只把它交给你选的引擎；回答的内容由该引擎负责。网页搜索请用页面上方的搜索框。</p>
    </main>
  )
}
