import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { AuthDialog } from './components/auth/auth-dialog.tsx'
import type { EngineState } from './components/engine-box.tsx'
import { GeneralErrorBoundary } from './components/error-page.tsx'
import { usePopups } from './components/homepage/use-popups.ts'
import { type PageChrome, SideButtons } from './components/side-buttons.tsx'
import { SiteFooter, SiteHeader } from './components/site-header.tsx'
import { Toaster } from './components/toaster.tsx'
import { appContext, userContext } from './context.ts'
import { originGuard } from './middleware/origin-guard.server.ts'
import { unreadCount } from './services/notices.server.ts'
import { sessionMiddleware } from './middleware/session.server.ts'
import stylesHref from './styles/app.css?url'
import { DEFAULT_TIME_ZONE } from './utils/clock.ts'
import { viewerTimeZone } from './utils/http.server.ts'
import { useNonce } from './utils/nonce.tsx'
import { readEngine, readEngineHistory } from './utils/preference-cookies.server.ts'
import { takeToast } from './utils/toast.server.ts'
import { weatherForPage } from './services/weather.server.ts'

export const middleware: Route.MiddlewareFunction[] = [originGuard, sessionMiddleware]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: Route.MetaFunction = () => [
  { title: '起页 - 书签与网址导航起始页' },
  { name: 'description', content: '起页：把常用网站整理在一页，分类、模块、多主页与分享。' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext)
  const { toast, clear } = takeToast(request)
  const engine: EngineState = { id: await readEngine(request), history: await readEngineHistory(request) }
  return data(
    {
      // Only what the page shows: everything a loader returns reaches the browser.
      // The header's notice dot: one count over the partial unread index; the keys for shortcuts.
      user: user
        ? {
            id: user.id,
            nickname: user.nickname,
            noticeAmount: await unreadCount(context.get(appContext).db, user),
            keymap: { searchKeymap: user.searchKeymap, noteKeymap: user.noteKeymap },
          }
        : null,
      toast,
      clock: { now: Date.now(), timeZone: viewerTimeZone(request) },
      // The header weather (WeatherWidget): from the cache only, never waiting for the provider.
      weather: await weatherForPage(context.get(appContext).db, user, request, { fetch: false }),
      engine,
    },
    { headers: clear ? { 'Set-Cookie': clear } : {} },
  )
}

/** The homepage name of the page being shown, for the header (default: the site name). */
function useHeaderTitle() {
  const matches = useMatches()
  for (const match of [...matches].reverse()) {
    const loaderData = match.loaderData as { headerTitle?: string } | undefined
    if (loaderData?.headerTitle) return loaderData.headerTitle
  }
  return '起页'
}

/** What the page being shown asks of the header and side buttons (its loader's `chrome`, if any). */
function usePageChrome(): PageChrome {
  const matches = useMatches()
  for (const match of [...matches].reverse()) {
    const chrome = (match.loaderData as { chrome?: PageChrome } | undefined)?.chrome
    if (chrome) return chrome
  }
  return { engine: 'header', sort: false, shortcuts: false }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          跳到主要内容
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const title = useHeaderTitle()
  const chrome = usePageChrome()
  usePopups()
  return (
    <>
      <SiteHeader
        user={root?.user ?? null}
        homepageName={title}
        clock={root?.clock ?? { now: Date.now(), timeZone: DEFAULT_TIME_ZONE }}
        engineInHeader={chrome.engine === 'header'}
        shortcuts={chrome.shortcuts}
      />
      <AuthDialog />
      {children}
      <SideButtons sort={chrome.sort} />
      <SiteFooter />
      <Toaster toast={root?.toast ?? null} />
    </>
  )
}

export default function App() {
  useLoaderData<typeof loader>()
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  )
}
