import { href, Link } from 'react-router'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = () => [{ title: '用户协议 - 起页' }]

/** `/terms`: short and plain, linked from the login and register forms. */
export default function Terms() {
  return (
    <main id="main" className="page page-narrow legal-page">
      <h1>起页用户协议</h1>
      <p>起页是一个书签起始页：你可以把常用网址整理成主页、模块、分类和书签，并与他人分享。使用起页，即表示你同意以下约定。</p>
      <h2>你的账号</h2>
      <ul>
        <li>请使用你自己的邮箱或第三方账号注册，并保管好密码。账号下的一切操作都视为你本人所为。</li>
        <li>发现账号被他人使用，请立即修改密码，并在【在线设备】中退出陌生设备。</li>
        <li>你可以随时在个人中心【注销账号】，注销会立即删除你的全部数据，无法恢复。</li>
      </ul>
      <h2>你的内容</h2>
      <ul>
        <li>你添加的书签、便签和上传的图片归你所有，起页只为向你和你选择的人展示而保存它们。</li>
        <li>公开的主页和分享的分类，任何人都能看到；请不要公开他人的隐私，不要发布违法、侵权、色情、诈骗或恶意网址。</li>
        <li>对被举报且确有问题的内容，起页可以隐藏或删除；严重或反复违规的账号可以被停用。</li>
      </ul>
      <h2>服务</h2>
      <ul>
        <li>起页会尽力保持服务稳定，但不保证永不中断，也不对你保存的数据作任何担保。重要的书签请定期在【导出书签】中备份。</li>
        <li>书签指向的是其他网站，其内容由那些网站负责。</li>
        <li>本协议如有修改，会在本页更新。</li>
      </ul>
      <p>
        我们如何处理你的数据，见<Link to={href('/privacy')}>隐私政策</Link>。
      </p>
    </main>
  )
}
