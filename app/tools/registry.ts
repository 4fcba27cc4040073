import { href } from 'react-router'
import { iconUrl } from '#app/icons/icon-url.ts'

/**
 * The one list of tools: the /tool pages, the header's 工具箱 drawer and GET /api/site/tool-list
 * all read it. Metadata only (no tool code), so the drawer on every page stays small.
 */

export type ToolCategoryId = 'dev' | 'encode' | 'text' | 'image'

export type ToolInfo = {
  /** Stable numeric id (spec §3 Tool: id, alias, title). */
  id: number
  /** The address: /tool/{alias}. */
  alias: string
  title: string
  category: ToolCategoryId
  /** A library icon key (`tabler:braces`), drawn by components/icon.tsx. */
  icon: string
  summary: string
}

/**
 * Categories in display order (spec §3: name, items, width). `width` is the category's column
 * width in the tool drawer, in CSS pixels.
 */
export const TOOL_CATEGORIES: ReadonlyArray<{ id: ToolCategoryId; name: string; width: number }> = [
  { id: 'dev', name: '开发调试', width: 280 },
  { id: 'encode', name: '编码转换', width: 240 },
  { id: 'text', name: '文本处理', width: 240 },
  { id: 'image', name: '图片与颜色', width: 280 },
]

export const TOOLS: readonly ToolInfo[] = [
  { id: 1, alias: 'json', title: 'JSON 格式化', category: 'dev', icon: 'tabler:braces', summary: '格式化、压缩和校验 JSON，指出错误所在的行和列' },
  { id: 2, alias: 'timestamp', title: '时间戳转换', category: 'dev', icon: 'tabler:clock-hour-4', summary: '秒或毫秒时间戳与日期时间互转，可选时区' },
  { id: 3, alias: 'base64', title: 'Base64 编解码', category: 'encode', icon: 'tabler:binary', summary: '文本与 Base64 互转，支持中文和 URL 安全格式' },
  { id: 4, alias: 'url', title: 'URL 编解码', category: 'encode', icon: 'tabler:link', summary: '网址和参数的百分号编码与解码' },
  { id: 5, alias: 'pinyin', title: '汉字转拼音', category: 'text', icon: 'tabler:language', summary: '带声调、数字声调、不带声调和首字母' },
  { id: 6, alias: 'word-count', title: '字数统计', category: 'text', icon: 'tabler:letter-case', summary: '统计汉字、英文单词、字符数和行数' },
  { id: 7, alias: 'color', title: '颜色转换', category: 'image', icon: 'tabler:palette', summary: 'HEX、RGB(A) 与 HSL(A) 互转，带预览' },
  { id: 8, alias: 'qrcode', title: '二维码生成', category: 'image', icon: 'tabler:qrcode', summary: '把网址或文字生成二维码，可下载 SVG' },
]

export const findTool = (alias: string | undefined) => TOOLS.find((tool) => tool.alias === alias)

export const toolHref = (alias: string) => href('/tool/:alias', { alias })

export { TOOL_BOX_HREF } from './tool-box-href.ts'

/** Categories with their tools, in order; a category without tools is left out. */
export function toolCategories() {
  return TOOL_CATEGORIES.map((category) => ({ ...category, tools: TOOLS.filter((tool) => tool.category === category.id) })).filter(
    (category) => category.tools.length > 0,
  )
}

/**
 * GET /api/site/tool-list: `data` is the categories in order, each `{name, width, items}`, an item
 * `{id, alias, title, summary, url, icon, iconSrc}`. The spec's `iconPosition` (a sprite offset)
 * is not sent: icons are library keys with a same-origin SVG, as in icon-list.
 */
export function toolList() {
  return toolCategories().map(({ name, width, tools }) => ({
    name,
    width,
    items: tools.map((tool) => ({
      id: tool.id,
      alias: tool.alias,
      title: tool.title,
      summary: tool.summary,
      url: toolHref(tool.alias),
      icon: tool.icon,
      iconSrc: iconUrl(tool.icon),
    })),
  }))
}
