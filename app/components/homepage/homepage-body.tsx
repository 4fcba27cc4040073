import { useEffect } from 'react'
import type { BagView, ItemView, ModuleView } from '#app/services/homepage.server.ts'
import { AnchorNav, STAR_MODULE_ID } from './anchor-nav.tsx'
import { addWord, categoryLook, headingTag } from './category-look.ts'
import { CategoryMenu } from './category-menu.tsx'
import type { HomepageViewContent, HomepageViewData } from './homepage-view.tsx'
import { Item } from './items.tsx'
import { tidyTabStops } from './tab-stops.ts'
import { RefIcon, ToolLink, type ViewKit } from './view-kit.tsx'

// The list of a start page (homepage-view.tsx draws it). The server renders it into every page
// and the browser keeps that HTML without drawing it again, so its code loads only when the
// browser draws a list itself, after a navigation or a save (ADR 015).

const MODULE_CLASS: Record<number, string> = { 0: 'module-common', 1: 'module-nav', 2: 'module-image' }

export function Category({
  bag,
  kit,
  level,
  sub = false,
  moduleType,
}: {
  bag: BagView
  kit: ViewKit
  level: number
  sub?: boolean
  moduleType: number
}) {
  const H = headingTag(level)
  const titleId = `bag-title-${bag.bid}`
  const look = categoryLook(bag, moduleType, sub)
  const { caps } = kit
  return (
    <section
      id={`bag-${bag.bid}`}
      className={look.sectionClass}
      aria-labelledby={titleId}
      data-id={caps.manageCategories ? bag.bid : undefined}
      style={look.share as React.CSSProperties | undefined}
    >
      <div className="category-head">
        <H id={titleId} className="category-name">
          <span className="category-icon" style={bag.color ? { color: bag.color } : undefined}>
            <RefIcon icon={bag.icon} />
          </span>
          {bag.name}
        </H>
      </div>
      {bag.items.length ? (
        <ul
          className={look.listClass}
          data-bid={caps.sortBookmarks ? bag.bid : undefined}
          style={look.linkColumns ? ({ '--link-columns': look.linkColumns } as React.CSSProperties) : undefined}
        >
          {bag.items.map((item) => (
            <Item key={item.id} item={item} kit={kit} formats={bag.formats} bid={bag.bid} />
          ))}
        </ul>
      ) : bag.children?.length ? null : (
        <EmptyCategory bag={bag} kit={kit} />
      )}
      <CategoryTools bag={bag} kit={kit} />
      {bag.children?.length ? (
        <div className="subcategories" data-sortable={kit.caps.manageCategories || undefined}>
          {bag.children.map((child) => (
            <Category key={child.bid} bag={child} kit={kit} level={level + 1} sub moduleType={moduleType} />
          ))}
        </div>
      ) : null}
    </section>
  )
}

/**
 * A category's tools: the add link (the empty category says it in its text instead) and the
 * category's menu. Drawn in its head (app.css) but after its bookmarks in the page, so that
 * the first bookmark comes early in the Tab order (issue 22): tools follow what they act on.
 */
function CategoryTools({ bag, kit }: { bag: BagView; kit: ViewKit }) {
  const add = bag.items.length || bag.children?.length ? addWord(kit.caps) : null
  return (
    <div className="category-tools">
      {add ? (
        <a href={kit.dialog('add-link', { bid: bag.bid })} className="tool add-tool" data-dialog="" aria-label={`${add} ${bag.name}`}>
          <span aria-hidden="true">+</span>
          {add.slice(0, 2)}
        </a>
      ) : null}
      <CategoryMenu bag={bag} kit={kit} />
    </div>
  )
}

/** An empty category says so and, to whoever may add or contribute a link, offers the way to (named like its 管理: the visible word, then the category). */
function EmptyCategory({ bag, kit }: { bag: BagView; kit: ViewKit }) {
  const add = addWord(kit.caps)
  return (
    <p className="muted empty">
      这个分类还没有书签
      {add ? (
        <>
          {'，'}
          <ToolLink href={kit.dialog('add-link', { bid: bag.bid })} label={`${add} ${bag.name}`}>
            {add}
          </ToolLink>
        </>
      ) : null}
    </p>
  )
}

function ModuleSection({ module, kit, detailHref }: { module: ModuleView; kit: ViewKit; detailHref: string | null }) {
  const titleId = `module-title-${module.moduleId}`
  return (
    <section
      id={`module-${module.moduleId}`}
      className={`module ${MODULE_CLASS[module.moduleType] ?? 'module-common'}`}
      aria-labelledby={titleId}
    >
      <div className="module-head">
        <h2 id={titleId} className="module-name">
          <RefIcon icon={module.icon} />
          {module.name}
        </h2>
      </div>
      <ModuleCategories module={module} kit={kit} level={3} />
      {/* Drawn in the head (app.css), after the categories in the Tab order, as a category's tools. */}
      <ModuleTools module={module} kit={kit} detailHref={detailHref} />
    </section>
  )
}

/** A module's categories (sortable by who may manage them), or the note that it has none. */
function ModuleCategories({ module, kit, level }: { module: ModuleView; kit: ViewKit; level: 2 | 3 }) {
  if (!module.bags.length) return <p className="muted empty">这个模块还没有分类</p>
  const sortable = kit.caps.manageCategories || undefined
  if (kit.fragments) {
    // The server's page assembled from fragments (app/page-cache/fragments.server.ts), drawn and escaped by category-html.server.ts.
    const html = module.bags.map((bag) => kit.fragments!.get(bag.bid) ?? '').join('')
    return <div className="categories" data-sortable={sortable} dangerouslySetInnerHTML={{ __html: html }} />
  }
  return (
    <div className="categories" data-sortable={sortable}>
      {module.bags.map((bag) => (
        <Category key={bag.bid} bag={bag} kit={kit} level={level} moduleType={module.moduleType} />
      ))}
    </div>
  )
}

/** The star module (-1): the owner's starred bookmarks, wherever they live. */
function StarModule({ items, kit }: { items: ItemView[]; kit: ViewKit }) {
  const titleId = `module-title-${STAR_MODULE_ID}`
  return (
    <section id={`module-${STAR_MODULE_ID}`} className="module module-star" aria-labelledby={titleId}>
      <div className="module-head">
        <h2 id={titleId} className="module-name">
          <span className="icon ico-star-on" aria-hidden="true" />
          星标
        </h2>
      </div>
      <div className="category">
        <ul className="link-grid" data-stars={kit.caps.star || undefined}>
          {items.map((item) => (
            <Item key={item.id} item={item} kit={kit} />
          ))}
        </ul>
      </div>
    </section>
  )
}

function collectStarred(modules: ModuleView[], ids: number[]) {
  if (!ids.length) return []
  const wanted = new Set(ids)
  const found = new Map<number, ItemView>()
  const visitItems = (items: ItemView[]) => {
    for (const item of items) {
      if (wanted.has(item.id)) found.set(item.id, item)
      if (item.children) visitItems(item.children)
    }
  }
  const visitBags = (bags: BagView[]) => {
    for (const bag of bags) {
      visitItems(bag.items)
      if (bag.children) visitBags(bag.children)
    }
  }
  for (const module of modules) visitBags(module.bags)
  return ids.flatMap((id) => found.get(id) ?? [])
}

/** The anchor list and the modules: what the server renders once and the browser keeps. */
export function HomepageBody({ data, content, kit: pageKit }: { data: HomepageViewData; content: HomepageViewContent; kit: ViewKit }) {
  // The server's page assembled from fragments draws their HTML (ModuleCategories).
  const kit = content.fragments ? { ...pageKit, fragments: content.fragments } : pageKit
  // A list drawn here (after a navigation or a save) has its links in the Tab order again.
  useEffect(tidyTabStops)
  const starred = kit.caps.star ? (content.starred ?? collectStarred(content.modules, content.starIds)) : []
  const module = data.moduleId !== undefined ? content.modules[0] : undefined
  return (
    <>
      <div className="homepage-modules">
        {starred.length ? <StarModule items={starred} kit={kit} /> : null}
        {module ? (
          <ModuleBody module={module} kit={kit} />
        ) : (
          content.modules.map((m) => (
            <ModuleSection key={m.moduleId} module={m} kit={kit} detailHref={data.code ? `/${data.code}/${m.moduleId}` : null} />
          ))
        )}
        {!content.modules.length ? <p className="muted empty">这个主页还没有模块</p> : null}
      </div>
      {/* Drawn beside or above the modules (app.css), after them in the Tab order: the bookmarks come first. */}
      {data.layout.anchor !== 'none' ? (
        <AnchorNav modules={content.modules} starred={starred.length > 0} detailPage={Boolean(module)} />
      ) : null}
    </>
  )
}

/** The module page: the heading is the page's h1, so the section carries only the categories. */
function ModuleBody({ module, kit }: { module: ModuleView; kit: ViewKit }) {
  return (
    <section
      id={`module-${module.moduleId}`}
      className={`module module-page ${MODULE_CLASS[module.moduleType] ?? 'module-common'}`}
      aria-labelledby={`module-title-${module.moduleId}`}
    >
      <ModuleTools module={module} kit={kit} />
      <ModuleCategories module={module} kit={kit} level={2} />
    </section>
  )
}

/** A module's links: open it on its own page; for those who manage, add a category and edit the module. */
function ModuleTools({ module, kit, detailHref = null }: { module: { moduleId: number; name: string }; kit: ViewKit; detailHref?: string | null }) {
  const { caps } = kit
  if (!detailHref && !caps.manageCategories && !caps.manageModules) return null
  return (
    <p className="tools module-tools">
      {detailHref ? (
        <a href={detailHref} className="module-open" aria-label={`单独打开模块 ${module.name}`}>
          单独打开
        </a>
      ) : null}
      {caps.manageCategories ? (
        <ToolLink href={kit.dialog('add-bag', { moduleId: module.moduleId })} label={`添加分类：${module.name}`}>
          添加分类
        </ToolLink>
      ) : null}
      {caps.manageModules ? (
        <ToolLink href={kit.dialog('edit-module', { moduleId: module.moduleId })} label={`编辑模块 ${module.name}`}>
          编辑模块
        </ToolLink>
      ) : null}
    </p>
  )
}
