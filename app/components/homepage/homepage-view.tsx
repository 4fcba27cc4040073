import type { BagView, ModuleView, SourceView } from '#app/services/homepage.server.ts'
import { badgeHue, formatClicks } from '#app/utils/format.ts'

export type HomepageViewData = {
  name: string
  summary: string
  openInNewTab: boolean
  modules: ModuleView[]
}

function SiteLink({ source, newTab }: { source: SourceView; newTab: boolean }) {
  if (source.type === 'divider') {
    return (
      <li className="link-divider" role="separator">
        {source.name}
      </li>
    )
  }
  const letter = [...source.name][0] ?? '?'
  const badge = (
    <span className="link-icon" aria-hidden="true" style={{ '--hue': badgeHue(source.host || source.name) } as React.CSSProperties}>
      {letter}
    </span>
  )
  if (source.blacklist) {
    return (
      <li>
        <span className="link link-masked" title="当前链接违规，无法访问">
          {badge}
          <span className="link-name">违规链接</span>
        </span>
      </li>
    )
  }
  if (!source.url) {
    return (
      <li>
        <span className="link link-masked">
          {badge}
          <span className="link-name">{source.name}</span>
        </span>
      </li>
    )
  }
  return (
    <li>
      <a
        className="link"
        href={source.url}
        rel="noopener noreferrer"
        target={newTab ? '_blank' : undefined}
        title={source.note ? `${source.name} — ${source.note}` : source.name}
      >
        {badge}
        <span className="link-name">{source.name}</span>
        {source.clickAmount > 0 ? (
          <span className="link-clicks" aria-label={`点击 ${source.clickAmount} 次`}>
            {formatClicks(source.clickAmount)}
          </span>
        ) : null}
      </a>
    </li>
  )
}

function Category({ bag, newTab }: { bag: BagView; newTab: boolean }) {
  const headingId = `bag-${bag.bid}`
  return (
    <section className="category" aria-labelledby={headingId}>
      <h3 id={headingId} className="category-name">
        <span className="category-dot" aria-hidden="true" style={{ background: bag.color ?? undefined }} />
        {bag.name}
      </h3>
      {bag.sources.length ? (
        <ul className="link-grid">
          {bag.sources.map((source) => (
            <SiteLink key={source.id} source={source} newTab={newTab} />
          ))}
        </ul>
      ) : (
        <p className="muted empty">这个分类还没有书签</p>
      )}
    </section>
  )
}

/** A start page: its modules, each with its categories of bookmarks. */
export function HomepageView({ data }: { data: HomepageViewData }) {
  const { modules } = data
  return (
    <div className="homepage">
      <div className="homepage-intro">
        <h1>{data.name}</h1>
        {data.summary ? <p className="muted">{data.summary}</p> : null}
      </div>
      {modules.length > 1 ? (
        <nav className="module-tabs" aria-label="模块">
          {modules.map((m) => (
            <a key={m.moduleId} href={`#module-${m.moduleId}`}>
              {m.name}
            </a>
          ))}
        </nav>
      ) : null}
      {modules.map((m) => (
        <section key={m.moduleId} id={`module-${m.moduleId}`} className="module" aria-labelledby={`module-title-${m.moduleId}`}>
          <h2 id={`module-title-${m.moduleId}`} className="module-name">
            {m.name}
          </h2>
          {m.bags.length ? (
            <div className="categories">
              {m.bags.map((bag) => (
                <Category key={bag.bid} bag={bag} newTab={data.openInNewTab} />
              ))}
            </div>
          ) : (
            <p className="muted empty">这个模块还没有分类</p>
          )}
        </section>
      ))}
    </div>
  )
}
