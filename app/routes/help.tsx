import { href, Link } from 'react-router'
import type { Route } from './+types/help'
import { userContext } from '#app/context.ts'
import { DEFAULT_KEYMAP, shortcutLabel } from '#app/schemas/keymap-keys.ts'

/**
 * `/help` (spec §2, header menu 帮助): one section per feature, written for this product, with
 * the keyboard shortcuts as the reader has set them (the defaults for a guest).
 */
export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)
  return {
    headerTitle: '帮助',
    signedIn: user !== null,
    keymap: user ? { searchKeymap: user.searchKeymap, noteKeymap: user.noteKeymap } : DEFAULT_KEYMAP,
  }
}

export const meta: Route.MetaFunction = () => [{ title: '帮助 - 起页' }]

const SECTIONS = [
  ['start', '主页、模块和分类'],
  ['bookmarks', '添加和整理书签'],
  ['search', '搜索与快捷键'],
  ['notes', '便签、笔记、文章和代码'],
  ['share', '公开、分享与成员'],
  ['groups', '小组'],
  ['discover', '发现好网站'],
  ['save', '随时保存网页'],
  ['mobile', '手机版与离线'],
  ['import', '导入与导出'],
  ['looks', '皮肤、主题与布局'],
  ['account', '账号与安全'],
  ['keyboard', '只用键盘，或不用 JavaScript'],
] as const

export default function Help({ loaderData }: Route.ComponentProps) {
  const { keymap, signedIn } = loaderData
  const search = shortcutLabel(keymap.searchKeymap)
  const note = shortcutLabel(keymap.noteKeymap)
  return (
    <main id="main" className="page page-narrow help-page">
      <h1>起页帮助</h1>
      <p>起页是一个书签与网址导航起始页：把常用网站放在一页上，分模块、分类整理，在任何设备上打开都是同一份。</p>
      <nav aria-label="帮助目录" className="help-toc">
        <ol>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="start" aria-labelledby="start-title">
        <h2 id="start-title">主页、模块和分类</h2>
        <p>每个账号可以有多个主页；主页里有模块（页面顶部的标签），模块里有分类，分类里放书签。新账号会从模板或浏览器书签开始，也可以从空白开始。</p>
        <ul>
          <li>点击页面标题旁的主页名可以切换、新建、置顶主页，或把某个主页设为默认。</li>
          <li>【管理】菜单里可以新建模块和分类、修改名称和图标、删除（进入回收站，可在【用户中心 → 回收站】恢复）。</li>
          <li>每个分类最多 100 个书签；书签可以放进文件夹，也可以用分割线分组。</li>
        </ul>
      </section>

      <section id="bookmarks" aria-labelledby="bookmarks-title">
        <h2 id="bookmarks-title">添加和整理书签</h2>
        <ul>
          <li>在分类末尾点【添加】，输入网址即可：起页会自动获取网站名称和图标；写 www.baidu.com 这样的地址也可以，会补全为 https://。</li>
          <li>拖动书签可以排序或移到其他分类；不用鼠标时，【书签排序】里有上移、下移和移到第几位。</li>
          <li>勾选【仅自己可见】的书签，别人访问你的公开主页时看不到。</li>
          <li>给常用的书签加上星标，它们会集中显示在主页的【星标】里。</li>
        </ul>
      </section>

      <section id="search" aria-labelledby="search-title">
        <h2 id="search-title">搜索与快捷键</h2>
        <p>页面上方的搜索框用所选搜索引擎搜索网页；【搜索书签】在你的全部书签里查找，支持中文、拼音和首字母。</p>
        <table className="help-keys">
          <caption>{signedIn ? '你的快捷键（可在主页的快捷键设置中修改）' : '默认快捷键（登录后可以修改）'}</caption>
          <thead>
            <tr>
              <th scope="col">按键</th>
              <th scope="col">作用</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <kbd>{search}</kbd>
              </td>
              <td>打开书签搜索</td>
            </tr>
            <tr>
              <td>
                <kbd>{note}</kbd>
              </td>
              <td>打开笔记本</td>
            </tr>
            <tr>
              <td>
                <kbd>Ctrl + S</kbd>
              </td>
              <td>在便签或笔记中立即保存</td>
            </tr>
            <tr>
              <td>
                <kbd>Esc</kbd>
              </td>
              <td>关闭对话框，焦点回到打开它的按钮</td>
            </tr>
          </tbody>
        </table>
        <p className="muted">在 Mac 上用 ⌘ 代替 Ctrl。</p>
      </section>

      <section id="notes" aria-labelledby="notes-title">
        <h2 id="notes-title">便签、笔记、文章和代码</h2>
        <ul>
          <li>在分类菜单里选【添加便签】，会新建一个便签书签，点开就是它的便签本；便签只有你自己能看。</li>
          <li>右侧的【笔记】按钮打开全局笔记本，可以记下当前网页的地址。编辑时自动保存，断网时会提示并重试。</li>
          <li>【写文章】和【代码片段】保存为书签，打开后是独立的页面，公开主页的访客也能阅读。</li>
        </ul>
      </section>

      <section id="share" aria-labelledby="share-title">
        <h2 id="share-title">公开、分享与成员</h2>
        <ul>
          <li>在主页的【分享】里设置个性域名并公开，任何人都能通过 /你的域名 访问；可以随时取消公开。</li>
          <li>【邀请好友】生成邀请链接，对方加入后成为成员，可以投稿链接；你可以把成员设为管理员，一起整理。</li>
          <li>单个分类或模块也可以单独分享，别人可以关注或把其中的书签收藏到自己的分类。</li>
        </ul>
      </section>

      <section id="groups" aria-labelledby="groups-title">
        <h2 id="groups-title">小组</h2>
        <p>
          <Link to={href('/group')}>小组</Link>是大家一起整理的书签合集。公开小组任何人都能查看和加入；私密小组需要申请或邀请码。
        </p>
        <ul>
          <li>创建者和管理员可以添加分类和书签，审核成员的投稿和入组申请，生成邀请码。</li>
          <li>成员投稿的书签经管理员审核后才显示；被删除的投稿可以在【我的投稿】里申诉。</li>
          <li>看到好的书签，点【复制到我的分类】即可收进自己的主页。小组有新的申请、投稿或审核结果时，顶部的【小组】会出现红点。</li>
        </ul>
      </section>

      <section id="discover" aria-labelledby="discover-title">
        <h2 id="discover-title">发现好网站</h2>
        <p>
          在<Link to={href('/discover')}>发现</Link>里按分类或标签浏览大家推荐的网站，勾选几个就能一次收藏到自己的分类（每个分类最多 100 个书签）。
        </p>
        <ul>
          <li>
            在<Link to={href('/s/submit')}>推荐网站</Link>页填写网址，点【抓取】自动带出名称和图标；推荐过的网站会立刻提示，不会重复。
          </li>
          <li>推荐的网站经管理员审核通过后才对大家显示；审核前只有你自己能看到它和它的状态。有新网站上线时，顶部的【发现】会出现 new。</li>
        </ul>
      </section>

      <section id="save" aria-labelledby="save-title">
        <h2 id="save-title">随时保存网页</h2>
        <p>
          在<Link to={href('/plugin')}>插件</Link>页面把【保存到起页】按钮拖到浏览器书签栏，在任何网页上点它就能把网页存进你选的分类；手机上把起页添加到主屏幕后，可以从“分享”菜单保存。
        </p>
      </section>

      <section id="mobile" aria-labelledby="mobile-title">
        <h2 id="mobile-title">手机版与离线</h2>
        <ul>
          <li>
            在手机上登录后，打开起页会直接进入<a href="/m">手机版</a>：搜索在上，模块是标签页，分类可以折叠，底部导航一只手就能点到。底部的【电脑版】可以换回完整页面，页脚的【手机版】再换回来。
          </li>
          <li>把起页添加到主屏幕后，它像应用一样打开；没有网络时，仍能打开你最近看过的起始页，网络断开和恢复时页面会提示。</li>
        </ul>
      </section>

      <section id="import" aria-labelledby="import-title">
        <h2 id="import-title">导入与导出</h2>
        <ul>
          <li>Chrome、Edge、Firefox、Safari 等浏览器导出的书签 HTML 文件可以直接导入，导入前可以预览、选择放进哪个模块，导入后可以撤销。</li>
          <li>
            在<Link to={href('/user/export')}>用户中心 → 导出</Link>可以下载浏览器能导入的书签文件，或包含全部数据（主页、便签、小组）的 JSON 文件。
          </li>
        </ul>
      </section>

      <section id="looks" aria-labelledby="looks-title">
        <h2 id="looks-title">皮肤、主题与布局</h2>
        <ul>
          <li>右侧的【主题】按钮切换白天、夜间或跟随系统；【皮肤】可以选择图片、纯色或上传自己的背景，调节透明度和模糊。</li>
          <li>【布局】里可以设置每行的书签数、书签样式、搜索框的位置等；每个分类也可以单独设置。</li>
        </ul>
      </section>

      <section id="account" aria-labelledby="account-title">
        <h2 id="account-title">账号与安全</h2>
        <ul>
          <li>可以用邮箱注册，也可以用 GitHub、QQ、微博或微信扫码登录，并在【用户中心 → 账号】绑定多种登录方式。</li>
          <li>【在线设备】列出所有登录的浏览器，可以让其中任意一个退出；修改密码后其他设备会退出登录。</li>
          <li>注销账号会立即删除你的全部数据；你创建的小组如果还有其他成员，会转交给最早加入的管理员或成员。</li>
        </ul>
      </section>

      <section id="keyboard" aria-labelledby="keyboard-title">
        <h2 id="keyboard-title">只用键盘，或不用 JavaScript</h2>
        <p>起页的每个页面都在服务器上生成：关闭 JavaScript 或网络很慢时，所有对话框和设置都以普通表单的方式工作。用 Tab 可以到达每个链接和按钮，编辑器的工具栏用方向键移动。</p>
      </section>
    </main>
  )
}
