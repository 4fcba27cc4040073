import type { Route } from './+types/tool'
import { ToolDirectory } from '#app/components/tools/tool-directory.tsx'
import { recordPage } from '#app/services/browser-history.server.ts'

export function loader({ context, request }: Route.LoaderArgs) {
  recordPage(context, request, '工具箱')
  return null
}

export const meta: Route.MetaFunction = () => [
  { title: '工具箱 - 起页' },
  { name: 'description', content: 'JSON 格式化、Base64、URL 编解码、时间戳转换、颜色转换、二维码、汉字转拼音和字数统计。' },
]

/** `/tool` (spec §2): every tool by category; the header's 工具箱 drawer without JavaScript. */
export default function ToolBox() {
  return (
    <main id="main" className="page toolbox-page">
      <h1>工具箱</h1>
      <p className="muted">常用小工具，打开即用；不开 JavaScript 也能用。</p>
      <ToolDirectory />
    </main>
  )
}
