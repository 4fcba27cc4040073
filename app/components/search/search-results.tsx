import type { MouseEventHandler } from 'react'
import type { SearchHit } from '#app/services/search.server.ts'
import { clickPing } from '#app/components/homepage/click-ping.ts'

/** Hits of one category of one homepage, in the order the search ranked their first hit. */
export type HitGroup = { key: string; homepage: SearchHit['homepage']; module: SearchHit['module']; category: SearchHit['category']; hits: SearchHit[] }

export function groupHits(hits: SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>()
  for (const hit of hits) {
    const key = `${hit.homepage.id}:${hit.category.bid}`
    const group = groups.get(key) ?? { key, homepage: hit.homepage, module: hit.module, category: hit.category, hits: [] }
    group.hits.push(hit)
    groups.set(key, group)
  }
  return [...groups.values()]
}

export const homepageHref = (code: string | null) => (code ? `/${code}` : '/')
export const searchPageHref = (wd: string, page = 1) => `/search?${new URLSearchParams(page > 1 ? { wd, page: String(page) } : { wd })}`

/** Where a group's hits live: homepage, module and category. */
export function groupLabel(group: HitGroup) {
  return `${group.homepage.name || '未命名主页'} › ${group.module.name} › ${group.category.name}`
}

/**
 * The link of a hit, exactly as the homepage renders a bookmark (components/homepage/items.tsx):
 * straight to the site, in a new tab, the visit counted by the same ping (POST /c/{id}).
 */
export function hitLinkProps(hit: SearchHit, onClick?: MouseEventHandler<HTMLAnchorElement>) {
  return {
    href: hit.url,
    target: '_blank',
    rel: hit.referral ? 'noopener' : 'noopener noreferrer',
    ping: clickPing(hit.id),
    onClick,
  }
}

/** What a hit shows: its name, the folder it is in, the site and the note. */
export function HitBody({ hit }: { hit: SearchHit }) {
  return (
    <>
      <span className="search-hit-name">{hit.name}</span>
      {hit.folder ? <span className="tag search-hit-folder">{`文件夹：${hit.folder.name}`}</span> : null}
      <span className="search-hit-host">{hit.host}</span>
      {hit.note ? <span className="search-hit-note">{hit.note}</span> : null}
    </>
  )
}
