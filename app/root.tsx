import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { AuthDialogSlot } from './components/auth/auth-dialog-slot.tsx'
import { wechatConfig } from './wechat/official-account.server.ts'
import type { EngineState } from './components/engine-box.tsx'
import { usePopups } from './components/homepage/use-popups.ts'
import { lazyPart } from './components/lazy-part.tsx'
import type { PageChrome } from './components/page-chrome.ts'
import { SiteHeader } from './components/site-header.tsx'
import { Toaster } from './components/toaster.tsx'
import { configuredProviders } from './auth/oauth.server.ts'
import { appContext, userContext } from './context.ts'
import { methodGuard } from './middleware/method-guard.server.ts'
import { originGuard } from './middleware/origin-guard.server.ts'
import { groupNoticeAmount } from './services/group-notices.server.ts'
import { hasNewSites } from './services/discover.server.ts'
import { viewerLook } from './services/skin.server.ts'
import { sessionMiddleware } from './middleware/session.server.ts'
import stylesHref from './styles/app.css?url'
import { DEFAULT_TIME_ZONE } from './utils/clock.ts'
import { viewerTimeZone } from './utils/http.server.ts'
import { useDocumentLook, useThemeScript } from './components/skin/document-look.ts'
import { useNonce } from './utils/nonce.tsx'
import { usePageField } from './utils/use-page-field.ts'
import { readEngine, readEngineHistory } from './utils/preference-cookies.server.ts'
import { takeToast } from './utils/toast.server.ts'
import { weatherForPage } from './services/weather.server.ts'

/** The side buttons and the footer: links that work as HTML; their code follows the page's (ADR 015). */
const SideButtons = lazyPart(() => import('./components/side-buttons.tsx').then((m) => m.SideButtons))
const SiteFooter = lazyPart(() => import('./components/site-footer.tsx').then((m) => m.SiteFooter))
/** The error page's code loads with an error (ADR 015); the server renders it in place. */
const GeneralErrorBoundary = lazyPart(() => import('./components/general-error-boundary.tsx').then((m) => m.GeneralErrorBoundary))

export const middleware: Route.MiddlewareFunction[] = [...methodGuard, originGuard, sessionMiddleware]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export const meta: Route.MetaFunction = () => [
  { title: '起页 - 书签与网址导航起始页' },
  { name: 'description', content: '起页：把常用网站整理在一页，分类、模块、多主页与分享。' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext)
  const { toast, clear } = takeToast(request)
  const engine: EngineState = { id: await readEngine(request), history: await readEngineHistory(request) }
  const now = Date.now()
  const { db } = context.get(appContext)
  const [look, notices, discoverNew] = await Promise.all([
    // The viewer's theme and theme colour: a signed-in viewer's start page's, a guest's cookies' (a start page's loader gives its homepage's).
    viewerLook(db, user, request, now),
    // The header's notice dots, 消息 (all unread) and 小组 (unread group notices): one count over the partial unread index.
    user ? groupNoticeAmount(db, user) : null,
    // 发现's 'new' badge: one indexed probe for a signed-in user; none for a guest.
    user ? hasNewSites(db, user) : false,
  ])
  return data(
    {
      // Only what the page shows: everything a loader returns reaches the browser.
      // The header's notice dots (above); the keys for shortcuts.
      user: user
        ? {
            id: user.id,
            nickname: user.nickname,
            avatar: user.avatar,
            noticeAmount: notices?.total ?? 0,
            groupAmount: notices?.groupAmount ?? 0,
            discoverNew,
            keymap: { searchKeymap: user.searchKeymap, noteKeymap: user.noteKeymap },
          }
        : null,
      toast,
      clock: { now, timeZone: viewerTimeZone(request) },
      // The header weather (WeatherWidget): from the cache only, never waiting for the provider.
      weather: await weatherForPage(db, user, request, { fetch: false }),
      engine,
      look,
      // Whether the login dialog offers WeChat QR sign-in (configured in env).
      wechatLogin: wechatConfig() !== null,
      // The social sign-ins with an id and secret set: only their buttons are drawn.
      socialProviders: configuredProviders(),
    },
    { headers: clear ? { 'Set-Cookie': clear } : {} },
  )
}

/** What the page being shown asks of the header and side buttons (its loader's `chrome`, if any). */
const DEFAULT_CHROME: PageChrome = { engine: 'header', sort: false, shortcuts: false }

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const look = useDocumentLook()
  const themeScript = useThemeScript()
  return (
    // The 10-second re-check of an automatic theme may have changed data-theme before hydration.
    <html
      lang="zh-CN"
      data-theme={look?.theme ?? 'light'}
      data-theme-mode={look?.setting.theme ?? 0}
      data-theme-start={look?.setting.start || undefined}
      data-theme-end={look?.setting.end || undefined}
      style={look?.style as React.CSSProperties | undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The 10-second re-check of an automatic theme (theme-rule.ts); its text comes from the server only. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} suppressHydrationWarning />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          跳到主要内容
        </a>
        {children}
        {/* 网络已断开 / 网络已恢复, written by the page script (utils/page-script.ts) alone, even before hydration: React keeps it. Empty without JavaScript. */}
        <p id="net-status" className="net-status" role="status" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  // The homepage name of the page shown (default: the site name), and what it asks of the chrome.
  const title = usePageField<string>('headerTitle') ?? '起页'
  const chrome = usePageField<PageChrome>('chrome') ?? DEFAULT_CHROME
  // A page that has just read notices (/group/notice) counts them after it did: its loader runs beside this one.
  const counted = usePageField<Partial<{ noticeAmount: number; groupAmount: number; discoverNew: boolean }>>('headerNotices')
  const user = root?.user ? { ...root.user, ...counted } : null
  usePopups()
  // The mobile site (routes/mobile.tsx) draws its own top and bottom bars.
  if (usePageField<boolean>('mobile'))
    return (
      <>
        <AuthDialogSlot />
        {children}
        <Toaster toast={root?.toast ?? null} />
      </>
    )
  return (
    <>
      <SiteHeader
        user={user}
        homepageName={title}
        clock={root?.clock ?? { now: Date.now(), timeZone: DEFAULT_TIME_ZONE }}
        engineInHeader={chrome.engine === 'header'}
        shortcuts={chrome.shortcuts}
      />
      <AuthDialogSlot />
      {children}
      <SideButtons sort={chrome.sort} layout={chrome.layout} />
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
