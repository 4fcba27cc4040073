import { signInHref, pathOf } from '#app/components/auth/dialog-url.ts'
import { Form, Link, redirect } from 'react-router'
import { Pager } from '#app/components/pager.tsx'
import type { Route } from './+types/search'
import { groupHits, groupLabel, HitBody, hitLinkProps, homepageHref, searchPageHref } from '#app/components/search/search-results.tsx'
import { appContext, userContext } from '#app/context.ts'
import { pageOf } from '#app/schemas/ids.ts'
import { HISTORY_CLEARED_MSG, NO_RESULTS_MSG, SEARCH_HISTORY_SHOWN, SEARCH_KEYWORD_MAX } from '#app/schemas/search.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { clearSearchHistory, guestHistoryHeader, rememberSearch, searchBookmarks, searchHistoryOf } from '#app/services/search.server.ts'
import { recordPage } from '#app/services/browser-history.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { isSameOriginRequest } from '#app/middleware/origin-guard.server.ts'
import { isHttps } from '#app/utils/http.server.ts'
import '#app/components/search/search.css'

/**
 * `/search?wd=&page=`: the Ctrl+K dialog as a page, for browsers without JavaScript (the header's
 * search button is a link here). A plain GET form, 5 hits a page grouped by homepage and
 * category, the last 3 keywords. Guests sign in first (spec §6: a guest's search opens login).
 */

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = context.get(userContext)
  const wd = url.searchParams.get('wd')
  const page = pageOf(url.searchParams.get('page'))
  if (!user) {
    // A guest's keyword is kept in their cookie (spec §9) on the way to signing in.
    const cookie = wd !== null && isSameOriginRequest(request) ? await guestHistoryHeader(request, wd, { secure: isHttps(request) }) : null
    throw redirect(signInHref(pathOf(url)), { headers: cookie ? { 'Set-Cookie': cookie } : {} })
  }
  const { db } = context.get(appContext)
  // A keyword enters the history only from our own pages or the address bar: a GET from another
  // site (a link, an image) must not write into it (the origin guard's one rule).
  let result = null
  let error = null
  if (wd !== null) {
    try {
      result = await searchBookmarks(db, user, { wd, page })
      if (page === 1 && isSameOriginRequest(request)) await rememberSearch(db, user, wd)
    } catch (e) {
      if (!(e instanceof DomainError)) throw e
      error = e.message
    }
  }
  const history = (await searchHistoryOf(db, user)).slice(0, SEARCH_HISTORY_SHOWN)
  recordPage(context, request, wd ? `搜索：${wd}` : '搜索书签', { keep: ['wd'] })
  return { wd: wd ?? '', result, error, history }
}

/** 清除 (the history) as a plain form: the dialog does the same through /api/search/clear-history. */
export async function action({ context, url }: Route.ActionArgs) {
  const user = context.get(userContext)
  if (!user) throw redirect(signInHref(pathOf(url)))
  await clearSearchHistory(context.get(appContext).db, user)
  return redirectWithToast(pathOf(url), { type: 'success', msg: HISTORY_CLEARED_MSG })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.wd ? `${loaderData.wd} - 搜索书签 - 起页` : '搜索书签 - 起页' }]

export default function SearchPage({ loaderData: data }: Route.ComponentProps) {
  const { result } = data
  return (
    <main id="main" className="page search-page">
      <h1>搜索书签</h1>
      <Form method="get" action="/search" role="search" className="search-form">
        <label htmlFor="search-page-wd" className="visually-hidden">
          关键词
        </label>
        <input id="search-page-wd" type="search" name="wd" defaultValue={data.wd} maxLength={SEARCH_KEYWORD_MAX} placeholder="名称、网址、备注或拼音" />
        <button type="submit" className="button button-primary">
          搜索
        </button>
      </Form>
      {data.history.length ? (
        <nav className="search-history" aria-label="最近搜索">
          <span className="muted">最近搜索：</span>
          <ul>
            {data.history.map((word) => (
              <li key={word}>
                <Link to={searchPageHref(word)}>{word}</Link>
              </li>
            ))}
          </ul>
          <Form method="post" className="search-history-clear">
            <button type="submit" name="intent" value="clear-history" className="button button-small button-ghost">
              清除
            </button>
          </Form>
        </nav>
      ) : null}
      {data.error ? (
        <p className="form-error" role="alert">
          {data.error}
        </p>
      ) : null}
      {result ? (
        result.list.length ? (
          <>
            <p className="muted" role="status">{`找到 ${result.total} 个书签`}</p>
            {groupHits(result.list).map((group) => (
              <section key={group.key} className="search-group" aria-label={groupLabel(group)}>
                <h2 className="search-group-title">
                  <Link to={homepageHref(group.homepage.code)}>{group.homepage.name || '未命名主页'}</Link>
                  {` › ${group.module.name} › ${group.category.name}`}
                </h2>
                <ul className="search-hits">
                  {group.hits.map((hit) => (
                    <li key={hit.id}>
                      <a className="search-hit" {...hitLinkProps(hit)}>
                        <HitBody hit={hit} />
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <Pager page={result.page} pages={Math.ceil(result.total / result.size)} hrefOf={(page) => searchPageHref(data.wd, page)} />
          </>
        ) : (
          <p className="empty-page muted" role="status">
            {NO_RESULTS_MSG}
          </p>
        )
      ) : null}
    </main>
  )
}
