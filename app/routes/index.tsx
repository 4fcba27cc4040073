import { Link, useLocation, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/index'
import { withDialog } from '#app/components/auth/dialog-url.ts'
import { SocialButtons } from '#app/components/auth/social-buttons.tsx'
import { HomepageView } from '#app/components/homepage/homepage-view.tsx'
import { MANAGE_PAGE_HANDLE } from '#app/components/manage/dialog-href.ts'
import { ManageDialog } from '#app/components/manage/manage-dialog-slot.tsx'
import { userContext } from '#app/context.ts'
import { loadHomepagePage } from './homepage-page.server.ts'
import { loadPageDialog, pageAction } from '#app/dialogs/registry.server.ts'

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const [page, manage] = await Promise.all([loadHomepagePage(context, null, { request }), loadPageDialog(context, request, url)])
  return { page, isGuest: context.get(userContext) === null, headerTitle: page?.headerTitle, chrome: page?.chrome, skin: page?.skin, manage }
}

/** Renders the management dialogs: the header's homepage popover link opens on this page. */
export const handle = MANAGE_PAGE_HANDLE

/** Every management form of the page (modules, categories, bookmarks) posts here. */
export const action = pageAction

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page ? `${loaderData.page.headerTitle} - 起页` : '起页 - 书签与网址导航起始页' },
]

/** What guests see beside the demo homepage (spec §1): scan with WeChat, the social sign-ins, e-mail. */
function PromoPanel() {
  const location = useLocation()
  const wechatOn = (useRouteLoaderData('root') as { wechatLogin?: boolean } | undefined)?.wechatLogin ?? false
  return (
    <aside className="promo" aria-labelledby="promo-title">
      <h2 id="promo-title">把常用网站放在一页</h2>
      <p>登录后可以创建自己的主页，分类整理书签，在任何设备上打开都一样。</p>
      <p className="promo-actions">
        {wechatOn ? (
          <Link to={withDialog(location, 'wechat')} className="button button-primary" preventScrollReset>
            微信扫码登录
          </Link>
        ) : null}
        <Link to={withDialog(location, 'login')} className="button button-primary" preventScrollReset>
          邮箱登录
        </Link>
        <Link to={withDialog(location, 'register')} className="button" preventScrollReset>
          邮箱注册
        </Link>
      </p>
      <SocialButtons redirectTo={`${location.pathname}${location.search}`} title="第三方账号登录" />
    </aside>
  )
}

export default function Index({ loaderData, actionData }: Route.ComponentProps) {
  const { page, isGuest } = loaderData
  return (
    <main id="main" className="page">
      <ManageDialog data={loaderData.manage} actionData={actionData} />
      {isGuest ? <PromoPanel /> : null}
      {page ? (
        <HomepageView data={page.homepage} />
      ) : (
        <div className="empty-page">
          <h1>还没有可以显示的主页</h1>
          <p className="muted">登录后即可创建自己的主页。</p>
        </div>
      )}
    </main>
  )
}
