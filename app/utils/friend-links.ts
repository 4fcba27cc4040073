/**
 * The footer's 友情链接 (/friend-links): sites related to what 起页 does, in groups. One list,
 * here; the page draws it with rel="noopener" external links.
 */
export type FriendLink = { name: string; url: string; summary: string }

export const FRIEND_LINK_GROUPS: readonly { title: string; summary: string; links: readonly FriendLink[] }[] = [
  {
    title: '起始页与新标签页',
    summary: '和起页一样，把常用网站放在一页上的浏览器起始页。',
    links: [
      { name: 'iTab 新标签页', url: 'https://www.itab.link/', summary: '卡片式的浏览器新标签页，带小组件和壁纸' },
      { name: 'Infinity 新标签页', url: 'https://inftab.com/', summary: '老牌浏览器新标签页扩展，图标式网站导航' },
      { name: '青柠起始页', url: 'https://limestart.cn/', summary: '简洁的搜索起始页，可自定义背景和搜索引擎' },
    ],
  },
  {
    title: '中文网址导航',
    summary: '按类别整理常用网站的中文导航站。',
    links: [
      { name: 'hao123', url: 'https://www.hao123.com/', summary: '百度旗下的上网导航' },
      { name: '2345网址导航', url: 'https://www.2345.com/', summary: '分类齐全的综合网址导航' },
      { name: '360导航', url: 'https://hao.360.com/', summary: '360 的网址导航和热点资讯' },
    ],
  },
  {
    title: '开源的自建导航页',
    summary: '可以部署在自己服务器或 NAS 上的开源导航面板。',
    links: [
      { name: 'mtab', url: 'https://github.com/tsxcw/mtab', summary: '开源的在线书签起始页，可私有部署' },
      { name: 'Sun-Panel', url: 'https://github.com/hslr-s/sun-panel', summary: '面向 NAS 和服务器的导航面板' },
      { name: 'OneNav', url: 'https://github.com/helloxz/onenav', summary: '简单好用的开源书签导航' },
      { name: 'WebStack', url: 'https://github.com/WebStackPage/WebStackPage.github.io', summary: '静态网址导航网站模板' },
      { name: 'Homepage', url: 'https://gethomepage.dev/', summary: '可配置的自建服务首页（英文）' },
      { name: 'Dashy', url: 'https://dashy.to/', summary: '功能丰富的自建仪表盘首页（英文）' },
    ],
  },
  {
    title: '开源书签管理',
    summary: '保存、标注和归档网页的开源书签工具。',
    links: [
      { name: 'linkding', url: 'https://github.com/sissbruecker/linkding', summary: '轻量的自建书签管理，支持标签和归档（英文）' },
      { name: 'Linkwarden', url: 'https://linkwarden.app/', summary: '协作式书签管理，自动保存网页快照（英文）' },
      { name: 'Shiori', url: 'https://github.com/go-shiori/shiori', summary: '用 Go 写的简单书签管理（英文）' },
    ],
  },
]
