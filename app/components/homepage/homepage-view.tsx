import { type FormEvent, lazy, type MouseEvent, Suspense, useEffect, useRef } from 'react'
import { useFormAction, useLocation, useNavigate, useSubmit } from 'react-router'
import type { Role } from '#app/auth/permissions.ts'
import { EngineBox } from '#app/components/engine-box.tsx'
import { ITEM_MENU_LINK, itemIdOf, KEYMAP_BUTTON_ID, type ReturnFocusState } from '#app/components/manage/dialog-href.ts'
import { SORT_SWITCHER_ID } from '#app/components/page-chrome.ts'
import { showToast } from '#app/components/toaster.tsx'
import { lazyPart } from '#app/components/lazy-part.tsx'
import type { SortMethod } from '#app/schemas/sort-methods.ts'
import type { ItemView, ModuleView } from '#app/services/homepage.server.ts'
import { HomepageBar, type HomepageSocial } from './homepage-bar.tsx'
import { closeMenuAround } from './popup-selectors.ts'
import { clickPing } from './click-ping.ts'
import { BLOCKED_MSG } from './blocked-link.ts'
import type { Capabilities } from './capabilities.ts'
import { viewKit } from './kit.ts'
import type { PageLayout } from './page-layout.ts'
// The look of every layout setting (data attributes and custom properties of the wrapper).
import './layout.css'
import { isPlainClick } from '#app/utils/plain-click.ts'

export type { AnchorPosition } from './page-layout.ts'

/** What the page draws of a homepage's content: its modules and the star list (homepage.server.ts). */
export type HomepageViewContent = {
  modules: ModuleView[]
  /** The star module (-1): starred bookmarks, by id (owner only; the items are in `modules`). */
  starIds: number[]
  /**
   * Set when the server assembles the page from fragments (app/page-cache/fragments.server.ts):
   * the HTML of each top-level category by id (the categories in `modules` then carry no
   * bookmarks), and the starred bookmarks themselves.
   */
  fragments?: Map<number, string>
  starred?: ItemView[]
}

/** The loader data of a start page: only what this view draws (routes/homepage-page.server.ts). */
export type HomepageViewData = {
  homepageId: number
  name: string
  summary: string
  /** Personal domain: module pages live at /{code}/{moduleId}. */
  code: string | null
  role: Role
  /** What the role may do here (capabilitiesOf, computed by the loader). */
  caps: Capabilities
  /** Public, followers and members: the share / follow / members widgets. */
  social: HomepageSocial
  /** The signed-in viewer's bookmark order (switch-sort-method); null for guests. */
  sort: SortMethod | null
  /** The layout settings as this viewer sees them (page-layout.ts). */
  layout: PageLayout
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

/** The owner's tools, the signed-in viewer's order switcher, and drag sorting (its code and SortableJS) for those who may sort: not a guest's code (ADR 015). */
const HomepageTools = lazyPart(() => import('./homepage-tools.tsx').then((m) => m.HomepageTools))
const SortSwitcher = lazyPart(() => import('./sort-switcher.tsx').then((m) => m.SortSwitcher))
const DragSort = lazyPart(() => import('./drag-sort.tsx').then((m) => m.DragSort))

/** Keyboard paths with JavaScript (tab-stops.ts): loaded once the page is drawn. */
const tabStops = () => import('./tab-stops.ts')

/** 记住上次选中的模块 / 分类 (remember.ts): its code loads only on a homepage whose switches are on (ADR 015, 023). */
const remember = () => import('./remember.ts')

/**
 * The list (homepage-body.tsx): its code loads the first time the browser draws a list itself.
 * Its Suspense boundary (in HomepageView) is there from hydration on, so a navigation that
 * brings a list keeps the page as it was until the code has arrived, with no empty moment.
 */
const HomepageBody = lazy(() => import('./homepage-body.tsx').then((m) => ({ default: m.HomepageBody })))

/**
 * A click on a bookmark that carries no `ping` (those of viewers with a menu link per bookmark,
 * items.tsx), counted as the ping would: POST /c/{id}, the id read from its menu link. Middle
 * clicks too (auxclick); without JavaScript such a click is not counted.
 */
function countClick(event: MouseEvent<HTMLDivElement>) {
  if (event.button > 1) return
  const link = (event.target as Element).closest('li > a:first-child')
  if (!link || link.hasAttribute('ping') || !link.getAttribute('href')?.startsWith('http')) return
  const id = itemIdOf(link.parentElement!)
  if (Number.isInteger(id)) navigator.sendBeacon(clickPing(id))
}

/**
 * How a dialog link is found again when its dialog closes (the list is drawn anew by React after
 * the first navigation): a category menu by its category, any other link by its address.
 */
function returnFocusSelector(link: Element) {
  const section = link.closest('details.category-menu')?.closest('section.category')
  if (section) return `#${section.id} > .category-tools > .category-menu > summary`
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
  const caps = data.caps

  const kit = viewKit({ caps, newTab: data.layout.newTab, childBadge: data.layout.childBadge, location, formAction })

  const drag = {
    bookmarks: caps.sortBookmarks && data.sort === 'custom',
    stars: caps.star,
    categories: caps.manageCategories,
    modules: caps.manageModules,
  }

  // 记住上次选中的模块 / 分类: marked whenever the page is drawn from new data (unmarked once the
  // switches are turned off), scrolled to when this homepage is first drawn.
  const flags = data.layout.attrs.flags ?? ''
  const remembers = flags.includes('remember')
  const opened = useRef(0)
  const loaded = useRef(false)
  useEffect(() => {
    const open = opened.current !== data.homepageId
    opened.current = data.homepageId
    if (!remembers && !loaded.current) return
    loaded.current = true
    void remember().then((m) => m.default(data.homepageId, flags, open))
  }, [data, flags, remembers])

  // Keyboard paths with JavaScript, after every drawing of the page.
  useEffect(() => {
    void tabStops().then((m) => m.tidyTabStops())
  }, [data])

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    countClick(event)
    if (event.defaultPrevented || !isPlainClick(event)) return
    const target = event.target as Element
    if (remembers) void remember().then((m) => m.default(data.homepageId, flags, false, target))
    // Dialog links, every link of a category menu (dialogs, or sign-in for guests), and bookmark
    // menus, whose short address is their dialog's (itemMenuHref).
    const dialogLink = target.closest(`a[data-dialog], .category-menu a, li > ${ITEM_MENU_LINK}`)
    if (dialogLink) {
      event.preventDefault()
      const state: ReturnFocusState = { returnFocus: returnFocusSelector(dialogLink) }
      closeMenuAround(dialogLink)
      const itemId = dialogLink.matches(ITEM_MENU_LINK) ? itemIdOf(dialogLink.parentElement!) : null
      navigate(itemId === null ? dialogLink.getAttribute('href')! : kit.dialog('item', { id: itemId }), { preventScrollReset: true, state })
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
  const ownerTools = caps.manageModules && !detailPage
  const moduleName = detailPage ? data.tabs[0]?.name : undefined
  const homeHref = data.code ? `/${data.code}` : '/'
  const anchor = data.layout.anchor
  const tabs = data.tabs

  return (
    // Delegated listeners only enhance links and forms that work on their own.
    <div
      className={`homepage homepage-anchor-${anchor}`}
      {...Object.fromEntries(Object.entries(data.layout.attrs).map(([name, value]) => [`data-${name}`, value]))}
      style={data.layout.vars as React.CSSProperties}
      onClick={onClick}
      onAuxClick={countClick}
      onSubmit={onSubmit}
    >
      {/* The root font size and this device's page width: outside the wrapper, so one small rule. */}
      {data.layout.css ? <style>{data.layout.css}</style> : null}
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
        <HomepageBar homepageId={data.homepageId} role={data.role} caps={caps} social={data.social} formAction={kit.formAction} popVisible={data.popVisible} />
        {ownerTools ? (
          <HomepageTools kit={kit} keymapId={KEYMAP_BUTTON_ID} sortId={SORT_SWITCHER_ID} sort={data.sort} />
        ) : data.sort ? (
          <SortSwitcher id={SORT_SWITCHER_ID} sort={data.sort} formAction={kit.formAction} />
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
      <Suspense>
        {!data.layout.website ? null : data.content ? (
          <div className="homepage-body">
            <HomepageBody data={data} content={data.content} kit={kit} />
          </div>
        ) : (
          // Hydration without the list: React keeps the server's HTML of it untouched.
          <div className="homepage-body" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
        )}
      </Suspense>
      {Object.values(drag).some(Boolean) ? <DragSort enabled={drag} version={data} /> : null}
    </div>
  )
}
