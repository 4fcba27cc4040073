import type { FormEvent, MouseEvent } from 'react'
import { useFormAction, useLocation, useNavigate, useSubmit } from 'react-router'
import type { Role } from '#app/auth/permissions.ts'
import { EngineBox } from '#app/components/engine-box.tsx'
import { dialogHref, KEYMAP_BUTTON_ID, type ReturnFocusState } from '#app/components/manage/dialog-href.ts'
import { SORT_SWITCHER_ID } from '#app/components/side-buttons.tsx'
import { showToast } from '#app/components/toaster.tsx'
import { SORT_LABELS, SORT_LOCKED_MSG, SORT_METHODS, type SortMethod } from '#app/schemas/sort.ts'
import type { BagView, ItemView, ModuleView } from '#app/services/homepage.server.ts'
import { AnchorNav, STAR_MODULE_ID } from './anchor-nav.tsx'
import { CategoryMenu } from './category-menu.tsx'
import { HomepageBar, type HomepageSocial } from './homepage-bar.tsx'
import { Item } from './items.tsx'
import { useDragSort } from './use-drag-sort.ts'
import { closeMenuAround } from './use-popups.ts'
import { BLOCKED_MSG, capabilitiesOf, RefIcon, ToolLink, type ViewKit } from './view-kit.tsx'

export type AnchorPosition = 'left' | 'right' | 'top' | 'none'

/** What the page draws of a homepage's content: its modules and the star list (homepage.server.ts). */
export type HomepageViewContent = {
  modules: ModuleView[]
  /** The star module (-1): starred bookmarks, by id (owner only; the items are in `modules`). */
  starIds: number[]
}

/** The loader data of a start page: only what this view draws (routes/homepage-page.server.ts). */
export type HomepageViewData = {
  homepageId: number
  name: string
  summary: string
  /** Personal domain: module pages live at /{code}/{moduleId}. */
  code: string | null
  role: Role
  /** Public, followers and members: the share / follow / members widgets. */
  social: HomepageSocial
  /** The signed-in viewer's bookmark order (switch-sort-method); null for guests. */
  sort: SortMethod | null
  /**
   * maxRows: rows of bookmarks a category shows before it scrolls (save-max-column); engine: the
   * start page's search-engine box (null when hidden or on a module page), `fixes` on scroll.
   */
  layout: { newTab: boolean; anchor: AnchorPosition; childBadge: boolean; maxRows: number; engine: { fixes: boolean } | null }
  /** The owner's 悬停时自动展开 (popVisible): hovering 我的主页 opens the homepage popover. */
  popVisible?: boolean
  /** The module tabs: enough to name and link each module. */
  tabs: { moduleId: number; name: string }[]
  /** Set on the module detail page, which shows that one module. */
  moduleId?: number
  /**
   * The bookmarks. On a document request it is on the object for the server's render only (not
   * enumerable, so React Router does not write it into the page a second time for hydration):
   * the browser then keeps the server's HTML of the list as it is. Navigations in the browser
   * (`.data` requests) carry it, and the list renders from it.
   */
  content?: HomepageViewContent
}

const MODULE_CLASS: Record<number, string> = { 0: 'module-common', 1: 'module-nav', 2: 'module-image' }

const heading = (level: number) => `h${Math.min(level, 6)}` as 'h2'

function Category({
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
  const H = heading(level)
  const titleId = `bag-title-${bag.bid}`
  const card = bag.card
  const tiles = moduleType === 2 || card?.linkStyle === 'card' || card?.linkStyle === 'image'
  const listClass = [
    'link-grid',
    tiles ? 'link-grid-tiles' : '',
    card?.linkStyle === 'text' || card?.linkStyle === 'simple' ? 'link-grid-text' : '',
    card?.linkColumn ? 'link-grid-columns' : '',
  ]
    .filter(Boolean)
    .join(' ')
  const span = card?.column && card.column >= 3 ? ' category-span-full' : card?.column === 2 ? ' category-span-2' : ''
  const { caps } = kit
  return (
    <section id={`bag-${bag.bid}`} className={`category${sub ? ' category-sub' : ''}${span}`} aria-labelledby={titleId} data-id={caps.manageCategories ? bag.bid : undefined}>
      <div className="category-head">
        <H id={titleId} className="category-name">
          <span className="category-icon" style={bag.color ? { color: bag.color } : undefined}>
            <RefIcon icon={bag.icon} />
          </span>
          {bag.name}
        </H>
        <CategoryMenu bag={bag} kit={kit} />
      </div>
      {bag.items.length ? (
        <ul
          className={listClass}
          data-bid={caps.sortBookmarks ? bag.bid : undefined}
          style={card?.linkColumn ? ({ '--link-columns': card.linkColumn } as React.CSSProperties) : undefined}
        >
          {bag.items.map((item) => (
            <Item key={item.id} item={item} kit={kit} formats={bag.formats} bid={bag.bid} />
          ))}
        </ul>
      ) : bag.children?.length ? null : (
        <p className="muted empty">这个分类还没有书签</p>
      )}
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

function ModuleSection({ module, kit, detailHref }: { module: ModuleView; kit: ViewKit; detailHref: string | null }) {
  const titleId = `module-title-${module.moduleId}`
  const { caps } = kit
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
        {detailHref ? (
          <a href={detailHref} className="module-open" aria-label={`单独打开模块 ${module.name}`}>
            单独打开
          </a>
        ) : null}
        <ModuleTools module={module} kit={kit} />
      </div>
      {module.bags.length ? (
        <div className="categories" data-sortable={caps.manageCategories || undefined}>
          {module.bags.map((bag) => (
            <Category key={bag.bid} bag={bag} kit={kit} level={3} moduleType={module.moduleType} />
          ))}
        </div>
      ) : (
        <p className="muted empty">这个模块还没有分类</p>
      )}
    </section>
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

/**
 * How a dialog link is found again when its dialog closes (the list is drawn anew by React after
 * the first navigation): a category menu by its category, any other link by its address.
 */
function returnFocusSelector(link: Element) {
  const section = link.closest('details.category-menu')?.closest('section.category')
  if (section) return `#${section.id} > .category-head > .category-menu > summary`
  return `a[href="${CSS.escape(link.getAttribute('href') ?? '')}"]`
}

/**
 * A start page, or one module of it: modules by type, categories as a tree with an in-page
 * anchor list, bookmarks by type, and (for those allowed) a 管理 menu per category and toggles.
 * Everything works as plain HTML: links, `<details>` popups and POST forms. With JavaScript, one
 * delegated listener per event enhances them (dialogs open in place, toggles submit without a
 * reload), so they work the same on the list React rendered and on the server's HTML it kept.
 */
export function HomepageView({ data }: { data: HomepageViewData }) {
  const location = useLocation()
  const navigate = useNavigate()
  const submit = useSubmit()
  const formAction = useFormAction()
  const caps = capabilitiesOf(data.role)

  const kit: ViewKit = {
    caps,
    newTab: data.layout.newTab,
    childBadge: data.layout.childBadge,
    anyTools: caps.editChildren || caps.star || caps.privacy,
    dialog: (name, params) => dialogHref(location, name, params),
    formAction,
  }

  useDragSort(
    {
      bookmarks: caps.sortBookmarks && data.sort === 'custom',
      stars: caps.star,
      categories: caps.manageCategories,
      modules: caps.manageModules,
    },
    data,
  )

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const target = event.target as Element
    // Dialog links, and every link of a category menu (dialogs, or sign-in for guests).
    const dialogLink = target.closest('a[data-dialog], .category-menu a')
    if (dialogLink) {
      event.preventDefault()
      const state: ReturnFocusState = { returnFocus: returnFocusSelector(dialogLink) }
      closeMenuAround(dialogLink)
      navigate(dialogLink.getAttribute('href')!, { preventScrollReset: true, state })
      return
    }
    if (target.closest('[data-blocked]')) showToast({ type: 'warning', msg: BLOCKED_MSG })
  }

  /** The star and privacy toggles post to this page's action without a reload. */
  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target as HTMLFormElement
    if (event.defaultPrevented || !form.classList?.contains('tool-form')) return
    event.preventDefault()
    closeMenuAround(form)
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    submit(submitter instanceof HTMLButtonElement ? submitter : form, { method: 'post', action: formAction, preventScrollReset: true })
  }

  const detailPage = data.moduleId !== undefined
  const moduleName = detailPage ? data.tabs[0]?.name : undefined
  const homeHref = data.code ? `/${data.code}` : '/'
  const anchor = data.layout.anchor
  const tabs = data.tabs

  return (
    // Delegated listeners only enhance links and forms that work on their own.
    <div
      className={`homepage homepage-anchor-${anchor}`}
      style={{ '--max-rows': data.layout.maxRows } as React.CSSProperties}
      onClick={onClick}
      onSubmit={onSubmit}
    >
      <div className="homepage-intro">
        {detailPage ? (
          <>
            <p className="breadcrumb">
              <a href={homeHref}>{data.name}</a>
              <span aria-hidden="true"> / </span>
            </p>
            <h1 id={`module-title-${data.moduleId}`}>{moduleName}</h1>
            {data.summary ? <p className="muted">{data.summary}</p> : null}
          </>
        ) : (
          <>
            <h1>{data.name}</h1>
            {data.summary ? <p className="muted">{data.summary}</p> : null}
          </>
        )}
        <HomepageBar homepageId={data.homepageId} role={data.role} social={data.social} formAction={kit.formAction} popVisible={data.popVisible} />
        {data.sort ? <SortSwitcher sort={data.sort} formAction={kit.formAction} /> : null}
        {caps.manageModules && !detailPage ? (
          <p className="tools homepage-tools">
            <ToolLink href={kit.dialog('add-module')} label="添加模块">
              添加模块
            </ToolLink>
            <ToolLink href={kit.dialog('manage-modules')} label="管理模块">
              管理模块
            </ToolLink>
            <ToolLink href={kit.dialog('import')} label="导入书签">
              导入书签
            </ToolLink>
            {caps.useShortcuts ? (
              // The keymap popover opens beside it (dialog-views.tsx); without JavaScript, in the page.
              <a id={KEYMAP_BUTTON_ID} href={kit.dialog('keymap')} className="tool" data-dialog="">
                快捷键
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      {data.layout.engine ? <EngineBox variant="page" fixes={data.layout.engine.fixes} /> : null}
      {!detailPage && tabs.length > 1 ? (
        <nav className="module-tabs" aria-label="模块" data-sortable={caps.manageModules || undefined}>
          {tabs.map((m) => (
            // The tab is the sortable item, its link inside (as bookmarks in their list items).
            <span key={m.moduleId} className="module-tab" data-id={caps.manageModules && m.moduleId > 0 ? m.moduleId : undefined}>
              <a href={`#module-${m.moduleId}`}>{m.name}</a>
            </span>
          ))}
        </nav>
      ) : null}
      {data.content ? (
        <div className="homepage-body">
          <HomepageBody data={data} content={data.content} kit={kit} />
        </div>
      ) : (
        // Hydration without the list: React keeps the server's HTML of it untouched.
        <div className="homepage-body" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
      )}
    </div>
  )
}

/**
 * The viewer's bookmark order (spec §9, remembered per user): a disclosure with one button per
 * order, posting to the page like the other toggles (a reload without JavaScript).
 */
function SortSwitcher({ sort, formAction }: { sort: SortMethod; formAction: string }) {
  return (
    <details className="sort-switcher" id={SORT_SWITCHER_ID}>
      <summary>书签排序：{SORT_LABELS[sort]}</summary>
      <form method="post" action={formAction} className="tool-form sort-options">
        <input type="hidden" name="intent" value="switch-sort" />
        {SORT_METHODS.map((method) => (
          <button key={method} type="submit" name="method" value={method} className="button button-small" aria-pressed={method === sort}>
            {SORT_LABELS[method]}
          </button>
        ))}
      </form>
      {sort === 'custom' ? null : <p className="field-hint">{SORT_LOCKED_MSG}</p>}
    </details>
  )
}

/** The anchor list and the modules: what the server renders once and the browser keeps. */
function HomepageBody({ data, content, kit }: { data: HomepageViewData; content: HomepageViewContent; kit: ViewKit }) {
  const starred = kit.caps.star ? collectStarred(content.modules, content.starIds) : []
  const module = data.moduleId !== undefined ? content.modules[0] : undefined
  return (
    <>
      {data.layout.anchor !== 'none' ? (
        <AnchorNav modules={content.modules} starred={starred.length > 0} detailPage={Boolean(module)} />
      ) : null}
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
    </>
  )
}

/** The module page: the heading is the page's h1, so the section carries only the categories. */
function ModuleBody({ module, kit }: { module: ModuleView; kit: ViewKit }) {
  const { caps } = kit
  return (
    <section
      id={`module-${module.moduleId}`}
      className={`module module-page ${MODULE_CLASS[module.moduleType] ?? 'module-common'}`}
      aria-labelledby={`module-title-${module.moduleId}`}
    >
      <ModuleTools module={module} kit={kit} block />
      {module.bags.length ? (
        <div className="categories" data-sortable={caps.manageCategories || undefined}>
          {module.bags.map((bag) => (
            <Category key={bag.bid} bag={bag} kit={kit} level={2} moduleType={module.moduleType} />
          ))}
        </div>
      ) : (
        <p className="muted empty">这个模块还没有分类</p>
      )}
    </section>
  )
}

/** The owner's links on a module: add a category, edit the module. */
function ModuleTools({ module, kit, block = false }: { module: { moduleId: number; name: string }; kit: ViewKit; block?: boolean }) {
  const { caps } = kit
  if (!caps.manageCategories && !caps.manageModules) return null
  const Tag = block ? 'p' : 'span'
  return (
    <Tag className="tools module-tools">
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
    </Tag>
  )
}
