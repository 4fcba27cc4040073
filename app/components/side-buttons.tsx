import type { MouseEvent } from 'react'
import { href, Link, useLocation } from 'react-router'
import { useScrolledPast } from '#app/utils/use-scrolled-past.ts'
import { dialogHref } from './manage/dialog-href.ts'
import { type PageChrome, SORT_SWITCHER_ID } from './page-chrome.ts'
import { usePageSkin } from './skin/document-look.ts'

/**
 * Opens the bookmark-order disclosure and puts focus on it; without JavaScript the link only
 * scrolls there, and its summary opens it.
 */
function openSortSwitcher(event: MouseEvent<HTMLAnchorElement>) {
  const details = document.getElementById(SORT_SWITCHER_ID)
  if (!(details instanceof HTMLDetailsElement)) return
  event.preventDefault()
  // Not a click elsewhere for the open menus (popup-keys.ts): this one opens.
  event.stopPropagation()
  details.open = true
  details.scrollIntoView({ block: 'center' })
  details.querySelector('summary')?.focus()
}

/**
 * The fixed side buttons (spec §2), those whose target exists, as plain links: 书签排序 where the
 * page has its bookmark-order switcher, and 回到顶部 (to #main), which JavaScript shows only past
 * 180 px of scroll (spec §4) and which is always there without it; 皮肤 on a start page opens the
 * skin drawer (?dialog=skin: a drawer with JavaScript, a form in the page without), named as the
 * owner's tool and the drawer itself are (spec §2: the skin button and drawer); 笔记 on a start
 * page opens the notebook (?dialog=notebook; a guest is asked to sign in), as the user's note
 * shortcut does (search-launcher.tsx); AI 搜索 first, to /ai (the AI search engines, a form that
 * works without JavaScript), and 帮助 (/help) before 回到顶部, as spec §2 orders them. Both are
 * pages of their own, on every page (unless the sidebar setting hides the buttons).
 */
export function SideButtons({ sort, layout }: { sort: boolean; layout?: PageChrome['layout'] }) {
  const scrolled = useScrolledPast()
  const location = useLocation()
  const skin = usePageSkin()
  // Hidden by the sidebar setting, all but a guest's 布局: the one way back to the setting.
  if (layout?.sidebar === 'none' && !layout.drawer) return null
  const hidden = layout?.sidebar === 'none'
  return (
    <nav className={`side-buttons${layout?.sidebar === 'left' ? ' side-buttons-left' : ''}`} aria-label="快捷按钮">
      {hidden ? null : (
        <Link to={href('/ai')} className="side-button">
          AI搜索
        </Link>
      )}
      {layout?.drawer ? (
        <Link to={dialogHref(location, 'layout')} className="side-button" preventScrollReset>
          布局
        </Link>
      ) : null}
      {skin && !hidden ? (
        <>
          <Link to={dialogHref(location, 'skin')} className="side-button" preventScrollReset>
            皮肤
          </Link>
          <Link to={dialogHref(location, 'notebook')} className="side-button" preventScrollReset>
            笔记
          </Link>
        </>
      ) : null}
      {sort && !hidden ? (
        <a href={`#${SORT_SWITCHER_ID}`} className="side-button" onClick={openSortSwitcher}>
          书签排序
        </a>
      ) : null}
      {hidden ? null : (
        <Link to={href('/help')} className="side-button">
          帮助
        </Link>
      )}
      {hidden ? null : (
        <a href="#main" className="side-button" hidden={scrolled === false}>
          回到顶部
        </a>
      )}
    </nav>
  )
}
