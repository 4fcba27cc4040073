import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/discover'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { CategoryOptions } from '#app/components/category-options.tsx'
import { DISCOVER_HREF, discoverListHref, SUBMIT_HREF, tagHref } from '#app/components/discover/discover-href.ts'
import { SiteCard } from '#app/components/discover/site-card.tsx'
import { Pager } from '#app/components/pager.tsx'
import { appContext, userContext } from '#app/context.ts'
import { DISCOVER_PAGE_SIZE, SiteListQuery } from '#app/schemas/discover.ts'
import { idOf } from '#app/schemas/ids.ts'
import { categoryChoices } from '#app/services/category-share.server.ts'
import { collectSites, listDiscoverCategories, listSites, markDiscoverSeen, popularTags } from '#app/services/discover.server.ts'
import { rememberedSelection, rememberSelection } from '#app/services/preferences.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import '#app/components/discover/discover.css'

/**
 * `/discover` (spec §2, full width) and `/discover/tag/{tag}`: the sites users recommended and an
 * administrator approved — by category (tabs that are links), by tag, or by search words, 24 a
 * page. A signed-in visitor ticks several (or presses one card's 收藏) and collects them into a
 * category of their own; a guest is asked to sign in. Never kept by the page cache (it is not a
 * start page): a pending site shows to its submitter and the administrators only (ADR 034).
 */

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = context.get(userContext)
  const { db } = context.get(appContext)
  const tag = params.tag ? params.tag.trim().slice(0, 50) : null
  const query = SiteListQuery.parse({ cid: tag ? undefined : url.searchParams.get('cid') ?? undefined, wd: url.searchParams.get('wd') ?? undefined, page: url.searchParams.get('page') ?? undefined, tag: tag ?? undefined, size: DISCOVER_PAGE_SIZE })
  const [categories, sites, tags] = await Promise.all([listDiscoverCategories(db), listSites(db, user, query), tag ? Promise.resolve([]) : popularTags(db)])
  let targets: Awaited<ReturnType<typeof categoryChoices>> = []
  let bid: number | null = null
  if (user) {
    targets = await categoryChoices(db, user)
    const remembered = await rememberedSelection(db, user)
    const bids = targets.flatMap((t) => t.options.map((o) => o.bid))
    bid = remembered && bids.includes(remembered.bid) ? remembered.bid : (bids[0] ?? null)
    // Seen now: the header's 'new' badge goes (this page's header already knows: headerNotices).
    await markDiscoverSeen(db, user)
  }
  const base = tag ? tagHref(tag) : DISCOVER_HREF
  return {
    headerTitle: '发现',
    headerNotices: { discoverNew: false },
    signedIn: user !== null,
    signIn: user ? null : signInHref(pathOf(url)),
    tag,
    base,
    cid: query.cid ?? null,
    wd: query.wd ?? '',
    page: query.page,
    pages: Math.max(1, Math.ceil(sites.total / DISCOVER_PAGE_SIZE)),
    total: sites.total,
    categories,
    sites: sites.list,
    tags,
    targets,
    bid,
  }
}

/**
 * 收藏: the ticked sites (`ids`), or one card's (`one`), into the chosen category (`bid`), all or
 * none; back to the same list with a toast. A guest signs in first.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = context.get(userContext)
  const { db } = context.get(appContext)
  const back = pathOf(url)
  const form = await readPageForm(request)
  if (!user) throw redirect(signInHref(back))
  const one = idOf(form.get('one'))
  const ids = one ? [one] : [...new Set(form.getAll('ids').map((v) => idOf(v)).filter((v): v is number => v !== null))]
  const bid = idOf(form.get('bid'))
  if (!ids.length) return redirectWithToast(back, { type: 'error', msg: '请先勾选要收藏的网站' })
  if (!bid) return redirectWithToast(back, { type: 'error', msg: '请选择分类' })
  try {
    const { msg, list } = await collectSites(db, user, { ids, bid })
    await rememberSelection(db, user, bid)
    return redirectWithToast(back, { type: 'success', msg: list.length > 1 ? `${msg}（${list.length}个）` : msg })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(signInHref(back))
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(back, { type: 'error', msg: error.message })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.tag ? `#${loaderData.tag} - ` : ''}发现 - 起页` }]

export default function Discover({ loaderData }: Route.ComponentProps) {
  const { tag, base, cid, wd, page, pages, total, categories, sites, tags, targets, bid, signedIn, signIn } = loaderData
  const formId = 'discover-collect'
  const canCollect = signedIn && targets.length > 0
  return (
    <main id="main" className="page discover-page">
      <header className="discover-head">
        <div>
          <h1>{tag ? `标签：#${tag}` : '发现'}</h1>
          <p className="muted">{tag ? `共 ${total} 个网站` : '大家推荐的好网站，审核通过后展示。收藏到自己的分类，一键直达。'}</p>
        </div>
        <div className="discover-head-actions">
          {tag ? <Link to={DISCOVER_HREF}>返回发现</Link> : null}
          <Link to={SUBMIT_HREF} className="button button-primary">
            推荐网站
          </Link>
        </div>
      </header>
      {tag ? null : (
        <>
          <Form method="get" action={DISCOVER_HREF} className="discover-search" role="search" aria-label="搜索网站">
            {cid ? <input type="hidden" name="cid" value={cid} /> : null}
            <label htmlFor="discover-wd" className="visually-hidden">
              搜索网站
            </label>
            <input id="discover-wd" name="wd" type="search" defaultValue={wd} maxLength={100} placeholder="搜索网站名称、简介或网址" />
            <button type="submit" className="button">
              搜索
            </button>
          </Form>
          <nav className="discover-tabs" aria-label="分类">
            <ul>
              <li>
                <Link to={discoverListHref(DISCOVER_HREF, { wd })} aria-current={cid === null ? 'page' : undefined}>
                  全部
                </Link>
              </li>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link to={discoverListHref(DISCOVER_HREF, { cid: c.id, wd })} aria-current={cid === c.id ? 'page' : undefined}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </>
      )}
      <section className="discover-list" aria-label="网站">
        {sites.length === 0 ? (
          <p className="muted discover-empty">{wd ? `没有找到与「${wd}」相关的网站。` : '这里还没有网站。'}<Link to={SUBMIT_HREF}>推荐一个</Link></p>
        ) : (
          <>
            <Form method="post" id={formId} className="discover-collect">
              {canCollect ? (
                <div className="discover-collect-bar">
                  <label htmlFor="discover-bid">收藏到</label>
                  <select id="discover-bid" name="bid" defaultValue={bid ? String(bid) : undefined}>
                    <CategoryOptions choices={targets} />
                  </select>
                  <button type="submit" className="button button-primary">
                    收藏选中的网站
                  </button>
                </div>
              ) : signedIn ? (
                <p className="muted">你还没有分类。先在<Link to="/">主页</Link>上添加一个分类，再来收藏。</p>
              ) : (
                <p className="discover-collect-bar">
                  <Link to={signIn ?? '/login'}>登录</Link>后可以把网站收藏到自己的分类。
                </p>
              )}
            </Form>
            <ul className="site-grid">
              {sites.map((site) => (
                <li key={site.id}>
                  <SiteCard
                    site={site}
                    select={
                      canCollect && site.status === 'approved' ? (
                        <input type="checkbox" name="ids" value={site.id} form={formId} className="site-card-check" aria-label={`选择：${site.name}`} />
                      ) : null
                    }
                    actions={
                      site.status !== 'approved' ? null : canCollect ? (
                        <button type="submit" name="one" value={site.id} form={formId} className="button button-small">
                          收藏<span className="visually-hidden">{`：${site.name}`}</span>
                        </button>
                      ) : signedIn ? null : (
                        <Link to={signIn ?? '/login'} className="button button-small">
                          收藏<span className="visually-hidden">{`：${site.name}`}</span>
                        </Link>
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        )}
        <Pager page={page} pages={pages} hrefOf={(p) => (tag ? `${base}${p > 1 ? `?page=${p}` : ''}` : discoverListHref(DISCOVER_HREF, { cid, wd, page: p }))} />
      </section>
      {tags.length ? (
        <section className="discover-tag-cloud" aria-labelledby="discover-tags-title">
          <h2 id="discover-tags-title">热门标签</h2>
          <ul className="site-tags">
            {tags.map((t) => (
              <li key={t.name}>
                <Link to={tagHref(t.name)}>{`#${t.name}`}<span className="muted">{` ${t.amount}`}</span></Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  )
}
