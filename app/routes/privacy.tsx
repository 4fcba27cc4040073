import { href, Link } from 'react-router'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = () => [{ title: '隐私政策 - 起页' }]

/** `/privacy`: what 起页 stores, why, and how it goes (honest to what the code does). */
export default function Privacy() {
  return (
    <main id="main" className="page page-narrow legal-page">
      <h1>起页隐私政策</h1>
      <p>起页只保存让服务运转所需的数据，不出售、不出租，也不用于广告。下面是我们保存的全部内容。</p>
      <h2>我们保存什么</h2>
      <ul>
        <li>
          <strong>账号：</strong>昵称、邮箱、密码的哈希值（不保存密码本身）、头像，以及你绑定的 GitHub、QQ、微博或微信账号的标识和显示名。
        </li>
        <li>
          <strong>你整理的内容：</strong>主页、模块、分类、书签、便签、星标、点击次数、主题和布局设置，以及你加入或关注的主页和分类。
        </li>
        <li>
          <strong>登录会话：</strong>每个登录的浏览器一条记录，含登录时的 IP 地址、浏览器标识（User-Agent）和最近活动时间，你可以在【在线设备】中查看和退出。
        </li>
        <li>
          <strong>浏览记录：</strong>开启时（默认开启），保存你最近在起页打开的页面（标题、地址、时间），最多200条，只有你能看到；可以在【浏览记录】中清空或关闭。
        </li>
        <li>
          <strong>上传的文件：</strong>你上传的图标、头像和图片保存在我们的服务器上。
        </li>
        <li>
          <strong>其他：</strong>搜索关键词历史、消息通知、书签导入记录和书签日志；主页的访问次数（只计数，不记录访问者）；举报时填写的内容和举报者的 IP 地址；防止滥用的计数（例如登录失败次数）。
        </li>
        <li>
          <strong>Cookie：</strong>登录 Cookie；时区、提示消息和（未登录时）主题、布局、城市等偏好也保存在 Cookie 中。不使用第三方统计或广告 Cookie。
        </li>
      </ul>
      <h2>谁能看到</h2>
      <ul>
        <li>私密主页只有你和你邀请的成员能看到；公开的主页和分享的分类任何人都能看到，其中标为“仅自己可见”的书签除外。</li>
        <li>发送邮件（找回密码、修改邮箱）时，收件地址和邮件内容会经过我们配置的邮件服务器。</li>
        <li>获取网站标题和图标时，起页的服务器会访问那个网站，不会带上你的任何信息。</li>
      </ul>
      <h2>删除</h2>
      <ul>
        <li>书签等内容删除后先进入回收站，可以恢复，也可以彻底删除。</li>
        <li>
          在个人中心【注销账号】会立即删除你的账号和上面列出的全部数据：主页和其中的书签、上传的文件、会话、浏览记录、你在别人主页中的成员身份和关注。你发出的举报会保留内容，但去掉你的账号和 IP。注销前可以先
          <Link to={href('/user/export')}>导出书签</Link>。
        </li>
        <li>过期的登录会话、找回密码和修改邮箱的链接会被定期清除；不再被使用的上传文件在一天后删除。</li>
      </ul>
      <p>
        使用规则见<Link to={href('/terms')}>用户协议</Link>。
      </p>
    </main>
  )
}
