import { Link } from 'react-router'
import type { Route } from './+types/plugin'
import { appOrigin } from '#app/utils/http.server.ts'

/**
 * `/plugin` (spec §2, header menu 插件): how to save a page into 起页 from anywhere — the
 * bookmarklet (a link dragged to the bookmarks bar), a phone's share sheet once 起页 is installed,
 * and importing a browser's bookmarks.
 */

/**
 * The bookmarklet: opens /share on our origin with the page's address and title, in a small
 * window, or in the same tab where pop-ups are blocked. The origin (APP_ORIGIN, else the request's
 * Host) goes in as a JSON string: a Host header with a quote in it cannot leave the string.
 */
export function bookmarklet(origin: string) {
  const share = JSON.stringify(`${origin}/share?url=`)
  const code = `(function(){var u=${share}+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title);var w=window.open(u,'qiye-share','width=560,height=680');if(!w)location.href=u;})()`
  return `javascript:${code}`
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function loader({ request }: Route.LoaderArgs) {
  return { headerTitle: '插件', bookmarklet: bookmarklet(appOrigin(request)) }
}

export const meta: Route.MetaFunction = () => [{ title: '插件：随时保存网页 - 起页' }]

export default function Plugin({ loaderData }: Route.ComponentProps) {
  // React refuses javascript: addresses in href (rightly, for user data); this one is our own code,
  // built on the server from our origin, so the link is written as HTML.
  const link = `<a class="button button-primary bookmarklet" href="${escapeAttribute(loaderData.bookmarklet)}">保存到起页</a>`
  return (
    <main id="main" className="page page-narrow plugin-page">
      <h1>随时把网页保存到起页</h1>
      <p>不用装扩展：下面三种方法在任何浏览器里都能用，保存时可以选择分类、修改名称和备注。</p>

      <section aria-labelledby="plugin-bookmarklet">
        <h2 id="plugin-bookmarklet">电脑：书签栏按钮</h2>
        <ol>
          <li>显示浏览器的书签栏（Chrome、Edge：Ctrl+Shift+B；Firefox：Ctrl+Shift+B；Safari：⌘+Shift+B）。</li>
          <li>
            把这个按钮拖到书签栏上：<span dangerouslySetInnerHTML={{ __html: link }} />
          </li>
          <li>在任何网页上点一下书签栏里的“保存到起页”，选好分类后保存。没登录时会先登录，然后回到保存页面。</li>
        </ol>
        <p className="muted">
          拖不动？右键点击按钮，选择“复制链接”，再在书签栏上新建一个书签，把复制的内容粘贴到“网址”里。
        </p>
      </section>

      <section aria-labelledby="plugin-phone">
        <h2 id="plugin-phone">手机：分享到起页</h2>
        <p>
          在手机浏览器中打开起页，选择“添加到主屏幕”（或“安装应用”）。之后在任何应用里点“分享”，就能选择“起页”，把网页保存到你的分类。
        </p>
      </section>

      <section aria-labelledby="plugin-manual">
        <h2 id="plugin-manual">直接填写或批量导入</h2>
        <p>
          也可以打开<Link to="/share">保存页面</Link>直接填写网址；已有的浏览器书签可以在<Link to="/user/export">导入导出</Link>中一次导入。
        </p>
      </section>
    </main>
  )
}
