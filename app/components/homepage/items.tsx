import type { Formats } from '#app/db/schema/index.ts'
import type { ItemView } from '#app/services/homepage.server.ts'
import { formatClicks } from '#app/utils/format.ts'
import { itemMenuHref } from '#app/components/manage/dialog-href.ts'
import { detailHref } from '#app/notes/writing-href.ts'
import { dividerLook, folderCount, linkTitle } from './category-look.ts'
import { clickPing } from './click-ping.ts'
import { Badge, BLOCKED_MSG, formatStyle, linkBadge, mergeFormats, RefIcon, ToolLink, type ViewKit } from './view-kit.tsx'

/**
 * A bookmark's one management link (the same for every kind): its menu, `?i=<id>`, which holds
 * what the list used to repeat per bookmark (star, privacy, edit, delete; ItemMenu). Named by its
 * word, read in its list item beside the bookmark's own link; drawn as ⋯ (app.css).
 */
function ItemMenuLink({ item }: { item: ItemView }) {
  return <a href={itemMenuHref(item.id)}>管理</a>
}

function Divider({ item, formats }: { item: ItemView; formats: Formats | undefined }) {
  const look = dividerLook(formats)
  return (
    <div role="separator" aria-label={item.name || undefined} className={look.className} style={look.color ? { color: look.color } : undefined}>
      {item.name ? <span className="divider-title">{item.name}</span> : null}
    </div>
  )
}

/** The thing itself: a link, a masked or text item, or a folder with its bookmarks in a popup. */
function ItemBody({ item, kit, formats, bid }: { item: ItemView; kit: ViewKit; formats: Formats | undefined; bid?: number }) {
  const nameStyle = formatStyle(mergeFormats(formats, item.formats))
  const name = <span style={nameStyle}>{item.name}</span>
  if (item.masked === 'blacklist') {
    return (
      <span className="link link-masked link-blocked" data-blocked="" title={BLOCKED_MSG}>
        <Badge name={item.name} />
        {name}
        <span className="sr-only">：{BLOCKED_MSG}</span>
      </span>
    )
  }
  if (item.masked) {
    return (
      <span className="link link-masked">
        <Badge name={item.name} />
        {name}
      </span>
    )
  }
  if (item.type === 'folder') {
    const children = item.children ?? []
    return (
      <details className="folder">
        <summary className="link" title={item.note || undefined}>
          <i className="link-icon-folder" aria-hidden="true">
            <span className="icon ico-folder" />
          </i>
          {name}
          {kit.childBadge ? (
            <span className="badge">
              <span className="sr-only">（</span>
              {folderCount(item)}
              <span className="sr-only">个书签）</span>
            </span>
          ) : null}
        </summary>
        <div className="folder-popup">
          {children.length ? (
            <ul className="folder-list" data-bid={kit.caps.sortBookmarks ? bid : undefined} data-parent={kit.caps.sortBookmarks ? item.id : undefined}>
              {children.map((child) => (
                <Item key={child.id} item={child} kit={kit} formats={formats} />
              ))}
            </ul>
          ) : (
            <p className="muted empty">文件夹是空的</p>
          )}
          {kit.caps.addLink && bid ? (
            <p className="tools folder-tools">
              <ToolLink href={kit.dialog('add-link', { bid, parentLinkId: item.id })} label={`添加链接：${item.name}`}>
                添加链接
              </ToolLink>
              <ToolLink href={kit.dialog('children', { id: item.id })} label={`管理：${item.name}`}>
                管理
              </ToolLink>
            </p>
          ) : null}
        </div>
      </details>
    )
  }
  if (item.type !== 'link' || !item.url) {
    const body = (
      <>
        <i className="link-icon-note" aria-hidden="true">
          <span className="icon ico-note" />
        </i>
        {name}
      </>
    )
    // A note bookmark opens its notepad (its owner's; anyone else is told it is not public), a
    // post or a code snippet its page.
    const href = item.type === 'note' ? kit.dialog('notepad', { id: item.id }) : item.type === 'post' || item.type === 'code' ? detailHref(item.id) : null
    return href ? (
      <a href={href} className="link link-note" title={item.note || undefined}>
        {body}
      </a>
    ) : (
      <span className="link link-note" title={item.note || undefined}>
        {body}
      </span>
    )
  }
  // As short as it can be, a page holds a thousand (PERFORMANCE.md budget 4): the letter badge
  // and the click count are drawn by app.css from data-l and data-c, the badge's colour from the
  // class; the tooltip is the note, and the name only where it may be cut (linkTitle).
  const badge = linkBadge(item.name, item.url, item.icon)
  return (
    <a
      href={item.url}
      // No Referer leaves the site (Referrer-Policy: same-origin, server/index.ts) unless the owner wants it sent.
      referrerPolicy={item.referral ? 'strict-origin-when-cross-origin' : undefined}
      target={kit.newTab ? '_blank' : undefined}
      // Those with a menu link per bookmark have their clicks counted by the view's script from its
      // id (homepage-view.tsx countClick): one copy of the id per bookmark.
      ping={kit.anyTools ? undefined : clickPing(item.id)}
      title={linkTitle(item)}
      className={badge.hue}
      data-l={badge.letter}
      data-c={item.clicks ? formatClicks(item.clicks) : undefined}
    >
      {badge.icon ? (
        <i className="link-icon-ref" aria-hidden="true">
          <RefIcon icon={item.icon} />
        </i>
      ) : null}
      {nameStyle ? <span style={nameStyle}>{item.name}</span> : item.name}
      {item.private ? <i className="icon ico-lock link-flag" title="仅自己可见" aria-hidden="true" /> : null}
    </a>
  )
}

/** One entry of a category, a folder or the star list. */
export function Item({ item, kit, formats, bid }: { item: ItemView; kit: ViewKit; formats?: Formats; bid?: number }) {
  const tools = kit.anyTools ? <ItemMenuLink item={item} /> : null
  if (item.type === 'divider') {
    return (
      <li className="item-divider">
        <Divider item={item} formats={item.formats} />
        {tools}
      </li>
    )
  }
  return (
    // Drag sorting moves list items and reads their ids from the menu link (itemIdOf).
    <li className={item.type === 'folder' ? 'item-folder' : undefined}>
      <ItemBody item={item} kit={kit} formats={formats} bid={bid} />
      {tools}
    </li>
  )
}
