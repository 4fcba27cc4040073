import { EngineBox } from '#app/components/engine-box.tsx'
import { dialogHref } from '#app/components/manage/dialog-href.ts'
import type { BagView, ModuleView } from '#app/services/homepage.server.ts'
import { desktopSwitchHref, MOBILE_PATH } from '#app/utils/phone.ts'
import type { HomepageViewData } from './homepage-view.tsx'
import { Item } from './items.tsx'
import { RefIcon, type ViewKit } from './view-kit.tsx'
import './mobile.css'

/** The bottom bar's ids: 搜索 jumps to the search on top. */
const SEARCH_ID = 'm-search'

/**
 * The mobile site's page (routes/mobile.tsx): search on top (the engine box, and the signed-in
 * user's bookmark search), the homepage's modules as tabs (`?tab=`: links, so they work without
 * JavaScript), the chosen module's categories as sections that fold (`<details>`), bookmarks as a
 * dense grid of tiles (the start page's own items.tsx), and a bottom bar in thumb reach.
 * Management stays on the desktop page: dialog links (a note's notepad, a folder's add link) open
 * there. As on the start page, the list a document brings is drawn by the server only and kept
 * as it is when the page hydrates (it is not in the hydration data: PERFORMANCE.md budget 4).
 */
export function MobileView({ here, data, tab, signedIn }: { here: string; data: HomepageViewData | null; tab: number | null; signedIn: boolean }) {
  const tabs = data?.tabs.filter((t) => t.moduleId > 0) ?? []
  const current = tabs.find((t) => t.moduleId === tab) ?? tabs[0]
  const desktop = data?.code ? `/${data.code}` : '/'
  const kit: ViewKit | null = data
    ? {
        caps: data.caps,
        newTab: data.layout.newTab,
        childBadge: data.layout.childBadge,
        // The bookmarks' 管理 menus are the desktop page's.
        anyTools: false,
        dialog: (name, params) => dialogHref({ pathname: desktop, search: '' }, name, params),
        formAction: desktop,
      }
    : null
  const module = current && data?.content ? data.content.modules.find((m) => m.moduleId === current.moduleId) : undefined
  const firstBag = module?.bags[0]
  const addHref = kit && firstBag && data?.caps.addLink ? kit.dialog('add-link', { bid: firstBag.bid }) : '/share'
  const home = data?.code && here !== MOBILE_PATH ? here : MOBILE_PATH
  const desktopHref = here === MOBILE_PATH ? desktopSwitchHref : `${here}?layout=desktop`
  return (
    <div className="m-page">
      <header className="m-top" id={SEARCH_ID}>
        <div className="m-title">
          <h1>{data?.name ?? '起页'}</h1>
          <a href={desktopHref} className="m-switch">
            电脑版
          </a>
        </div>
        <EngineBox variant="page" />
        {signedIn ? (
          <form action="/search" method="get" role="search" className="m-find">
            <label htmlFor="m-find-input" className="visually-hidden">
              搜索我的书签
            </label>
            <input id="m-find-input" type="search" name="wd" placeholder="搜索我的书签" enterKeyHint="search" />
            <button type="submit">找书签</button>
          </form>
        ) : null}
      </header>
      <main id="main" className="m-main">
        {!data ? (
          <div className="empty-page">
            <h2>还没有可以显示的主页</h2>
            <p className="muted">登录后即可创建自己的主页。</p>
          </div>
        ) : (
          <>
            {tabs.length > 1 ? (
              <nav className="m-tabs" aria-label="模块">
                {tabs.map((t) => (
                  <a key={t.moduleId} href={`${here}?tab=${t.moduleId}`} aria-current={t.moduleId === current?.moduleId ? 'page' : undefined}>
                    {t.name}
                  </a>
                ))}
              </nav>
            ) : null}
            {data.content && kit ? (
              <div className="m-body">{module ? <MobileModule module={module} kit={kit} /> : <p className="muted empty">这个主页还没有模块</p>}</div>
            ) : (
              // Hydration without the list: React keeps the server's HTML of it untouched.
              <div className="m-body" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
            )}
          </>
        )}
      </main>
      {/* \`site-footer\`: the page's end as on every page (the e2e helpers wait for it to hydrate). */}
      <footer className="site-footer m-footer">
        <p>
          起页手机版 · <a href={desktopHref}>电脑版</a>
        </p>
      </footer>
      <nav className="m-bar" aria-label="手机版导航">
        <a href={home}>
          <span className="icon ico-home" aria-hidden="true" />
          首页
        </a>
        <a href={`#${SEARCH_ID}`}>
          <span className="icon ico-search" aria-hidden="true" />
          搜索
        </a>
        <a href={addHref}>
          <span className="icon ico-plus" aria-hidden="true" />
          添加
        </a>
        <a href={signedIn ? '/user/account' : `${home}?dialog=login`}>
          <span className="icon ico-user" aria-hidden="true" />
          我的
        </a>
      </nav>
    </div>
  )
}

/** One module: its categories as folding sections, each a grid of tiles. */
function MobileModule({ module, kit }: { module: ModuleView; kit: ViewKit }) {
  if (!module.bags.length) return <p className="muted empty">这个模块还没有分类</p>
  return (
    <section className="m-module" aria-label={module.name} data-module={module.moduleId}>
      {module.bags.map((bag) => (
        <MobileCategory key={bag.bid} bag={bag} kit={kit} />
      ))}
    </section>
  )
}

function MobileCategory({ bag, kit }: { bag: BagView; kit: ViewKit }) {
  return (
    <details className="m-category" id={`bag-${bag.bid}`} open>
      <summary>
        <span className="category-icon" style={bag.color ? { color: bag.color } : undefined}>
          <RefIcon icon={bag.icon} />
        </span>
        {bag.name}
        <span className="m-count">
          {bag.items.length}
          <span className="sr-only">个书签</span>
        </span>
      </summary>
      {bag.items.length ? (
        <ul className="link-grid link-grid-tiles m-grid">
          {bag.items.map((item) => (
            <Item key={item.id} item={item} kit={kit} formats={bag.formats} bid={bag.bid} />
          ))}
        </ul>
      ) : bag.children?.length ? null : (
        <p className="muted empty">这个分类还没有书签</p>
      )}
      {bag.children?.map((child) => (
        <MobileCategory key={child.bid} bag={child} kit={kit} />
      ))}
    </details>
  )
}

