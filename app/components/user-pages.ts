import { href } from 'react-router'

/** The user centre's pages (spec §2 /user), in the spec's order: its navigation and the account dropdown. */
export const USER_PAGES = [
  { to: href('/user/account'), label: '账号设置' },
  { to: href('/user/bag-share'), label: '我的分享' },
  { to: href('/user/bag-follow'), label: '我的关注' },
  { to: href('/user/trash'), label: '回收站' },
  { to: href('/user/notice'), label: '消息通知' },
  { to: href('/user/export'), label: '导出书签' },
  { to: href('/user/online'), label: '在线设备' },
  { to: href('/user/bookmark-log'), label: '书签日志' },
  { to: href('/user/browser-history'), label: '浏览记录' },
  // The uploaded images (spec §2 /upload: outside /user, with its own page).
  { to: href('/upload'), label: '我的上传' },
  { to: href('/user/logoff'), label: '注销账号' },
] as const
