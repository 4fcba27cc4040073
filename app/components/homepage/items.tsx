import type { Formats } from '#app/db/schema/index.ts'
import type { ItemView } from '#app/services/homepage.server.ts'
import { formatClicks } from '#app/utils/format.ts'
import { Badge, BLOCKED_MSG, formatStyle, mergeFormats, ToolLink, type ViewKit } from './view-kit.tsx'

const EDIT_DIALOG = { link: 'edit-link', folder: 'edit-folder', divider: 'edit-divider' } as const

/** Titles of names this long or with a note: the grid may cut them. */
const TITLE_FROM = 8

/** Star and privacy toggles (POST to this page: intent + id) and the edit / delete links. */
function ItemTools({ item, kit }: { item: ItemView; kit: ViewKit }) {
  const { caps } = kit
  const label = item.name || '分割线'
  const toggles = caps.star || (caps.privacy && item.type !== 'divider')
  const edit = caps.editChildren && item.type in EDIT_DIALOG ? EDIT_DIALOG[item.type as keyof typeof EDIT_DIALOG] : null
  if (!toggles && !caps.editChildren) return null
  return (
    <span className="tools item-tools">
      {toggles ? (
        // Submitted in place by the view's delegated onSubmit when JavaScript runs.
        <form method="post" action={kit.formAction} className="tool-form">
          <input type="hidden" name="id" value={item.id} />
          {caps.star ? (
            <button
              type="submit"
              name="intent"
              value="toggle-star"
              className="tool tool-icon"
              aria-pressed={item.liked ? 'true' : 'false'}
              aria-label={`星标 ${label}`}
              title={item.liked ? '取消星标' : '星标'}
            >
              <span className={item.liked ? 'icon ico-star-on' : 'icon ico-star'} aria-hidden="true" />
            </button>
          ) : null}
          {caps.privacy && item.type !== 'divider' ? (
            <button
              type="submit"
              name="intent"
              value="toggle-private"
              className="tool tool-icon"
              aria-pressed={item.private ? 'true' : 'false'}
              aria-label={`仅自己可见 ${label}`}
              title={item.private ? '仅自己可见（点击公开）' : '公开（点击设为仅自己可见）'}
            >
              <span className={item.private ? 'icon ico-lock' : 'icon ico-lock-open'} aria-hidden="true" />
            </button>
          ) : null}
        </form>
      ) : null}
      {edit ? (
        <ToolLink href={kit.dialog(edit, { id: item.id })} label={`编辑 ${label}`}>
          编辑
        </ToolLink>
      ) : null}
      {caps.editChildren ? (
        <ToolLink href={kit.dialog('delete-source', { id: item.id })} label={`删除 ${label}`}>
          删除
        </ToolLink>
      ) : null}
    </span>
  )
}

/** The click count, abbreviated (k, w); read with the link's name. */
function Clicks({ count }: { count: number | undefined }) {
  return count ? <small>{formatClicks(count)}</small> : null
}

function Divider({ item, formats }: { item: ItemView; formats: Formats | undefined }) {
  const align = formats?.align ?? 'center'
  const line = formats?.style === 'dashed' || formats?.style === 'double' ? formats.style : 'solid'
  return (
    <div
      role="separator"
      aria-label={item.name || undefined}
      className={`divider divider-${line} divider-${align}`}
      style={formats?.color ? { color: formats.color } : undefined}
    >
      {item.name ? <span className="divider-title">{item.name}</span> : null}
    </div>
  )
}

/** The thing itself: a link, a masked or text item, or a folder with its bookmarks in a popup. */
function ItemBody({ item, kit, formats, bid }: { item: ItemView; kit: ViewKit; formats: Formats | undefined; bid?: number }) {
  const nameStyle = formatStyle(mergeFormats(formats, item.formats))
  // The markup of a link is kept short: a page holds a thousand (PERFORMANCE.md budget 4).
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
    const count = children.filter((child) => child.type !== 'divider').length
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
              {count}
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
    // Notes (and posts, code snippets) are text on the page, not links.
    return (
      <span className="link link-note" title={item.note || undefined}>
        <i className="link-icon-note" aria-hidden="true">
          <span className="icon ico-note" />
        </i>
        {name}
      </span>
    )
  }
  // The tooltip: the note, and the name itself when the grid may cut it.
  const long = [...item.name].length >= TITLE_FROM
  const title = item.note ? (long ? `${item.name} — ${item.note}` : item.note) : long ? item.name : undefined
  return (
    <a
      className="link"
      href={item.url}
      rel={item.referral ? 'noopener' : 'noopener noreferrer'}
      target={kit.newTab ? '_blank' : undefined}
      ping={`/api/source/click?id=${item.id}`}
      title={title}
    >
      <Badge name={item.name} url={item.url} icon={item.icon} />
      {name}
      {item.private ? <i className="icon ico-lock link-flag" title="仅自己可见" aria-hidden="true" /> : null}
      <Clicks count={item.clicks} />
    </a>
  )
}

/** One entry of a category, a folder or the star list. */
export function Item({ item, kit, formats, bid }: { item: ItemView; kit: ViewKit; formats?: Formats; bid?: number }) {
  const tools = kit.anyTools ? <ItemTools item={item} kit={kit} /> : null
  if (item.type === 'divider') {
    return (
      <li className="item-divider" data-id={kit.caps.sortBookmarks ? item.id : undefined}>
        <Divider item={item} formats={item.formats} />
        {tools}
      </li>
    )
  }
  return (
    // data-id: what drag sorting moves, only for those who may sort (a page holds a thousand).
    <li className={item.type === 'folder' ? 'item-folder' : undefined} data-id={kit.caps.sortBookmarks ? item.id : undefined}>
      <ItemBody item={item} kit={kit} formats={formats} bid={bid} />
      {tools}
    </li>
  )
}
