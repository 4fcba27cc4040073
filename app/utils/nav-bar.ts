import { href } from 'react-router'

/**
 * The header's main menu (spec §2: 首页, 小组, 发现, 工具箱 drawer, 帮助, 插件), with only the
 * entries whose pages exist; the others join as their pages land. GET /api/site/nav-bar answers
 * this list; the header renders it as it is (site-header.tsx MainNav): an entry added here shows
 * in the menu, in the bar unless it says `more`.
 */
export type NavItem = {
  key: string
  name: string
  /** Where the entry leads without JavaScript. */
  url: string
  /** 'tool': with JavaScript the entry opens the 工具箱 drawer instead of navigating. */
  drawer: 'tool' | null
  /** 'dot' (小组's notices) or 'new' (发现); null for none. */
  badge: 'dot' | 'new' | null
  /**
   * Listed under the menu's 更多 disclosure, not in the bar: the site's own pages (帮助, 插件),
   * so that the header stays one row at 1280 px and the bar's Tab stops few without JavaScript.
   */
  more?: boolean
}

export const NAV_BAR: readonly NavItem[] = [
  { key: 'home', name: '首页', url: href('/'), drawer: null, badge: null },
  // The dot: the signed-in user's unread group notices (root loader; polled with JavaScript, group-nav-link.tsx).
  { key: 'group', name: '小组', url: href('/group'), drawer: null, badge: 'dot' },
  // The badge: approved sites the signed-in user has not seen (root loader's discoverNew; ADR 034).
  { key: 'discover', name: '发现', url: href('/discover'), drawer: null, badge: 'new' },
  { key: 'tool', name: '工具箱', url: href('/tool'), drawer: 'tool', badge: null },
  { key: 'help', name: '帮助', url: href('/help'), drawer: null, badge: null, more: true },
  { key: 'plugin', name: '插件', url: href('/plugin'), drawer: null, badge: null, more: true },
]
