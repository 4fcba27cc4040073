import { Link, useLocation, useRouteLoaderData } from 'react-router'
import { withDialog } from '#app/components/auth/dialog-url.ts'
import { SocialButtons } from '#app/components/auth/social-buttons.tsx'

/**
 * What guests see beside the demo homepage (spec §1): scan with WeChat, e-mail, the social
 * sign-ins, all plain links. Its code is not a guest's first load (routes/index.tsx keeps the
 * server's HTML of it); the dialog links carry `data-dialog` for the click listener there.
 */
export function PromoPanel({ id }: { id: string }) {
  const location = useLocation()
  const wechatOn = (useRouteLoaderData('root') as { wechatLogin?: boolean } | undefined)?.wechatLogin ?? false
  return (
    <aside id={id} className="promo" aria-labelledby="promo-title">
      <h2 id="promo-title">把常用网站放在一页</h2>
      <p>登录后可以创建自己的主页，分类整理书签，在任何设备上打开都一样。</p>
      <p className="promo-actions">
        {wechatOn ? (
          <Link to={withDialog(location, 'wechat')} className="button button-primary" data-dialog preventScrollReset>
            微信扫码登录
          </Link>
        ) : null}
        <Link to={withDialog(location, 'login')} className="button button-primary" data-dialog preventScrollReset>
          邮箱登录
        </Link>
        <Link to={withDialog(location, 'register')} className="button" data-dialog preventScrollReset>
          邮箱注册
        </Link>
      </p>
      <SocialButtons redirectTo={`${location.pathname}${location.search}`} title="第三方账号登录" />
    </aside>
  )
}
