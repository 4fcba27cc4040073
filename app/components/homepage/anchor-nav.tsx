import type { BagView, ModuleView } from '#app/services/homepage.server.ts'

/** The star module's id, as the spec numbers it (-1); its section is #module--1. */
export const STAR_MODULE_ID = -1

function BagLinks({ bags }: { bags: BagView[] }) {
  return (
    <ul>
      {bags.map((bag) => (
        <li key={bag.bid}>
          <a href={`#bag-${bag.bid}`}>{bag.name}</a>
          {bag.children?.length ? <BagLinks bags={bag.children} /> : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * The in-page list of categories (anchorPosition left / right / top): plain `#bag-…` links,
 * sticky while the page scrolls, no script needed. With several modules, grouped by module.
 */
export function AnchorNav({ modules, starred, detailPage }: { modules: ModuleView[]; starred: boolean; detailPage: boolean }) {
  const withBags = modules.filter((m) => m.bags.length)
  if (!withBags.length) return null
  const grouped = !detailPage && (withBags.length > 1 || starred)
  return (
    <nav className="anchor-nav" aria-label="分类导航">
      {grouped ? (
        <ul>
          {starred ? (
            <li>
              <a href={`#module-${STAR_MODULE_ID}`} className="anchor-module">
                星标
              </a>
            </li>
          ) : null}
          {withBags.map((m) => (
            <li key={m.moduleId}>
              <a href={`#module-${m.moduleId}`} className="anchor-module">
                {m.name}
              </a>
              <BagLinks bags={m.bags} />
            </li>
          ))}
        </ul>
      ) : (
        <BagLinks bags={withBags.flatMap((m) => m.bags)} />
      )}
    </nav>
  )
}
