import { BLOCKED_MSG } from '#app/components/homepage/blocked-link.ts'
import { addWord, categoryLook, dividerLook, folderCount, headingTag, linkTitle } from '#app/components/homepage/category-look.ts'
import { actionsOf, managesSome } from '#app/components/homepage/category-menu.tsx'
import { clickPing } from '#app/components/homepage/click-ping.ts'
import type { ViewKit } from '#app/components/homepage/kit.ts'
import { formatStyle, linkBadge, mergeFormats } from '#app/components/homepage/view-kit.tsx'
import { itemMenuHref } from '#app/components/manage/dialog-href.ts'
import type { Formats } from '#app/db/schema/index.ts'
import { iconUrl } from '#app/icons/icon-url.ts'
import { detailHref } from '#app/notes/writing-href.ts'
import type { BagView, ItemView } from '#app/services/homepage.server.ts'
import { isUploadPath, uploadImageSrc } from '#app/uploads/upload-path.ts'
import { escapeAsReact } from '#app/utils/escape-html.ts'
import { badgeHue, formatClicks } from '#app/utils/format.ts'

/**
 * A category of a start page as HTML, written by hand instead of by React (ADR 016, issue 27):
 * the server draws every list this way, a thousand bookmarks in a fraction of React's time, and
 * the browser keeps that HTML without drawing it (ADR 015). The markup is exactly what the list's
 * React components (homepage-body.tsx Category, items.tsx, category-menu.tsx) render, byte for
 * byte — category-html.server.test.ts compares the two on every kind of category and viewer —
 * and both take their rules from category-look.ts.
 *
 * Safe by construction: every value goes into the markup through `text` or `attrs`, which escape
 * as React does; tags and attribute names are never data.
 */

type Attrs = Record<string, string | number | boolean | undefined>

/** Text or an attribute's value, escaped as React escapes them. */
const text = (value: string | number) => escapeAsReact(String(value))

// React 19 replaces a javascript: address with one that throws; so do we, though none reaches a list.
const JAVASCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"

/** Attributes in order; undefined and false are left out, true is "true" (as React does for data- and aria- ones). */
function attrs(values: Attrs) {
  let out = ''
  for (const name in values) {
    const value = values[name]
    if (value === undefined || value === false) continue
    const safe = name === 'href' && JAVASCRIPT_URL.test(String(value)) ? BLOCKED_URL : value
    out += ` ${name}="${text(safe === true ? 'true' : safe)}"`
  }
  return out
}

const CSS_NAME = /[A-Z]/g

/** A style attribute's value as React writes it (`font-weight:bold;--n:3`), or undefined when empty. */
function style(values: Record<string, string | number | undefined> | undefined) {
  if (!values) return undefined
  const parts: string[] = []
  for (const name in values) {
    const value = values[name]
    if (value === undefined || value === '') continue
    const css = name.startsWith('--') ? name : name.replace(CSS_NAME, (c) => `-${c.toLowerCase()}`)
    parts.push(`${css}:${String(value).trim()}`)
  }
  return parts.length ? parts.join(';') : undefined
}

const tag = (name: string, values: Attrs, inner: string) => `<${name}${attrs(values)}>${inner}</${name}>`

/** components/icon.tsx Icon, decorative. */
function icon(key: string, className?: string) {
  const url = iconUrl(key)
  return tag('span', { class: className ? `icon ${className}` : 'icon', style: style({ '--icon': url ? `url("${url}")` : 'none' }), 'aria-hidden': true }, '')
}

/** view-kit.tsx RefIcon. */
function refIcon(key: string | undefined) {
  if (!key) return ''
  if (isUploadPath(key)) return `<img${attrs({ class: 'ico-img ', src: uploadImageSrc(key, 80), alt: '', loading: 'lazy' })}/>`
  return iconUrl(key) ? icon(key) : ''
}

/** view-kit.tsx Badge as a masked bookmark has it: no address, no icon; its letter on the colour of its name. */
function badge(name: string) {
  const hue = badgeHue(name)
  return tag('i', { 'aria-hidden': true, style: style({ '--hue': hue }) }, text([...name][0] ?? '?'))
}

/** view-kit.tsx ToolLink. */
const toolLink = (href: string, label: string, word: string) => tag('a', { href, class: 'tool', 'data-dialog': '', 'aria-label': label }, text(word))

/** items.tsx Item. */
function item(entry: ItemView, kit: ViewKit, formats: Formats | undefined, bid: number | undefined): string {
  const tools = kit.anyTools ? tag('a', { href: itemMenuHref(entry.id) }, '管理') : ''
  if (entry.type === 'divider') {
    const look = dividerLook(entry.formats)
    const line = tag(
      'div',
      { role: 'separator', 'aria-label': entry.name || undefined, class: look.className, style: look.color ? style({ color: look.color }) : undefined },
      entry.name ? tag('span', { class: 'divider-title' }, text(entry.name)) : '',
    )
    return tag('li', { class: 'item-divider' }, line + tools)
  }
  return tag('li', { class: entry.type === 'folder' ? 'item-folder' : undefined }, itemBody(entry, kit, formats, bid) + tools)
}

/** items.tsx ItemBody. */
function itemBody(entry: ItemView, kit: ViewKit, formats: Formats | undefined, bid: number | undefined) {
  const ownStyle = formatStyle(mergeFormats(formats, entry.formats))
  const name = tag('span', { style: style(ownStyle as Record<string, string> | undefined) }, text(entry.name))
  if (entry.masked === 'blacklist') {
    return tag(
      'span',
      { class: 'link link-masked link-blocked', 'data-blocked': '', title: BLOCKED_MSG },
      badge(entry.name) + name + tag('span', { class: 'sr-only' }, text(`：${BLOCKED_MSG}`)),
    )
  }
  if (entry.masked) return tag('span', { class: 'link link-masked' }, badge(entry.name) + name)
  if (entry.type === 'folder') return folder(entry, kit, formats, bid, name)
  if (entry.type !== 'link' || !entry.url) {
    const body = tag('i', { class: 'link-icon-note', 'aria-hidden': true }, tag('span', { class: 'icon ico-note' }, '')) + name
    const href = entry.type === 'note' ? kit.dialog('notepad', { id: entry.id }) : entry.type === 'post' || entry.type === 'code' ? detailHref(entry.id) : null
    return href
      ? tag('a', { href, class: 'link link-note', title: entry.note || undefined }, body)
      : tag('span', { class: 'link link-note', title: entry.note || undefined }, body)
  }
  const look = linkBadge(entry.name, entry.url, entry.icon)
  return tag(
    'a',
    {
      href: entry.url,
      referrerPolicy: entry.referral ? 'strict-origin-when-cross-origin' : undefined,
      target: kit.newTab ? '_blank' : undefined,
      ping: kit.anyTools ? undefined : clickPing(entry.id),
      title: linkTitle(entry),
      class: look.hue,
      'data-l': look.letter,
      'data-c': entry.clicks ? formatClicks(entry.clicks) : undefined,
    },
    (look.icon ? tag('i', { class: 'link-icon-ref', 'aria-hidden': true }, refIcon(entry.icon)) : '') +
      (ownStyle ? name : text(entry.name)) +
      (entry.private ? tag('i', { class: 'icon ico-lock link-flag', title: '仅自己可见', 'aria-hidden': true }, '') : ''),
  )
}

function folder(entry: ItemView, kit: ViewKit, formats: Formats | undefined, bid: number | undefined, name: string) {
  const children = entry.children ?? []
  const count = kit.childBadge
    ? tag('span', { class: 'badge' }, tag('span', { class: 'sr-only' }, '（') + text(folderCount(entry)) + tag('span', { class: 'sr-only' }, '个书签）'))
    : ''
  const summary = tag(
    'summary',
    { class: 'link', title: entry.note || undefined },
    tag('i', { class: 'link-icon-folder', 'aria-hidden': true }, tag('span', { class: 'icon ico-folder' }, '')) + name + count,
  )
  const sortable = kit.caps.sortBookmarks
  const list = children.length
    ? tag(
        'ul',
        { class: 'folder-list', 'data-bid': sortable ? bid : undefined, 'data-parent': sortable ? entry.id : undefined },
        children.map((child) => item(child, kit, formats, undefined)).join(''),
      )
    : tag('p', { class: 'muted empty' }, '文件夹是空的')
  const tools =
    kit.caps.addLink && bid
      ? tag(
          'p',
          { class: 'tools folder-tools' },
          toolLink(kit.dialog('add-link', { bid, parentLinkId: entry.id }), `添加链接：${entry.name}`, '添加链接') +
            toolLink(kit.dialog('children', { id: entry.id }), `管理：${entry.name}`, '管理'),
        )
      : ''
  return tag('details', { class: 'folder' }, summary + tag('div', { class: 'folder-popup' }, list + tools))
}

/** category-menu.tsx CategoryMenu. */
function categoryMenu(bag: BagView, kit: ViewKit) {
  const { caps } = kit
  if (managesSome(caps)) return tag('a', { href: kit.dialog('bag-menu', { bid: bag.bid }), class: 'tool', 'data-dialog': '', 'aria-label': `管理 ${bag.name}` }, '管理')
  const hasLinks = bag.items.some((entry) => entry.type === 'link' && !entry.masked)
  const actions = actionsOf(bag.bid, hasLinks, caps, (name) => kit.dialog(name, { bid: bag.bid }))
  const [only] = actions
  if (!only) return ''
  if (actions.length === 1 && 'href' in only) {
    return tag('a', { href: only.href, class: 'tool', 'data-dialog': '', 'aria-label': `${only.label} ${bag.name}` }, text(only.label))
  }
  // Only links here: a role that moves categories (上移, 下移: a form) manages them, and has 管理 above.
  const entries = actions.map((action) => ('href' in action ? tag('a', { href: action.href, class: action.danger ? 'danger' : undefined }, text(action.label)) : '')).join('')
  return tag('details', { class: 'category-menu' }, tag('summary', { class: 'tool', 'aria-label': `更多 ${bag.name}` }, '更多') + tag('div', { class: 'menu' }, entries))
}

/** homepage-body.tsx Category: a category, its bookmarks, its tools and its sub-categories. */
export function categoryHtml(bag: BagView, kit: ViewKit, level: number, moduleType: number, sub = false): string {
  const H = headingTag(level)
  const titleId = `bag-title-${bag.bid}`
  const look = categoryLook(bag, moduleType, sub)
  const { caps } = kit
  const head = tag(
    'div',
    { class: 'category-head' },
    tag(H, { id: titleId, class: 'category-name' }, tag('span', { class: 'category-icon', style: bag.color ? style({ color: bag.color }) : undefined }, refIcon(bag.icon)) + text(bag.name)),
  )
  let body = ''
  if (bag.items.length) {
    body = tag(
      'ul',
      { class: look.listClass, 'data-bid': caps.sortBookmarks ? bag.bid : undefined, style: look.linkColumns ? style({ '--link-columns': look.linkColumns }) : undefined },
      bag.items.map((entry) => item(entry, kit, bag.formats, bag.bid)).join(''),
    )
  } else if (!bag.children?.length) {
    const add = addWord(caps)
    body = tag('p', { class: 'muted empty' }, '这个分类还没有书签' + (add ? '，' + toolLink(kit.dialog('add-link', { bid: bag.bid }), `${add} ${bag.name}`, add) : ''))
  }
  const add = bag.items.length || bag.children?.length ? addWord(caps) : null
  const tools = tag(
    'div',
    { class: 'category-tools' },
    (add
      ? tag('a', { href: kit.dialog('add-link', { bid: bag.bid }), class: 'tool add-tool', 'data-dialog': '', 'aria-label': `${add} ${bag.name}` }, '<span aria-hidden="true">+</span>' + text(add.slice(0, 2)))
      : '') + categoryMenu(bag, kit),
  )
  const subcategories = bag.children?.length
    ? tag('div', { class: 'subcategories', 'data-sortable': caps.manageCategories || undefined }, bag.children.map((child) => categoryHtml(child, kit, level + 1, moduleType, true)).join(''))
    : ''
  return tag(
    'section',
    { id: `bag-${bag.bid}`, class: look.sectionClass, 'aria-labelledby': titleId, 'data-id': caps.manageCategories ? bag.bid : undefined, style: style(look.share) },
    head + body + tools + subcategories,
  )
}
