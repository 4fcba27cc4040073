import type { DrawnFragment, FragmentStore, FragmentView } from './fragments.server.ts'

/**
 * What one render tells the page cache: whether the page may be kept, and the versions of what
 * it shows. The server makes one for a request the cache could answer next time (server/page-cache.ts);
 * only the start-page loaders call `shows`, so every other page is rendered each time.
 */
export class PageRender {
  /** The process's kept fragments, which the start-page loader draws its categories from (fragments.server.ts). */
  readonly fragmentStore: FragmentStore | undefined
  /** The page's categories as the loader drew them, in page order: kept with the page, so that a change to one redraws that one. */
  fragments: { view: FragmentView; drawn: DrawnFragment[] } | null = null

  constructor(fragmentStore?: FragmentStore) {
    this.fragmentStore = fragmentStore
  }

  /** Homepage id → the render_version read with it, before any of its content was read. */
  readonly homepages = new Map<number, number>()
  /** Group id → its render_version, read likewise (a group's page, kept for guests: page-key). */
  readonly groups = new Map<number, number>()
  /** The homepage whose visit a repeat of this page counts (null: the viewer is its owner). */
  visit: number | null = null
  /** The page as the signed-in viewer's browser history records it (recordPage), or null. */
  visited: { path: string; title: string } | null = null

  get cacheable() {
    return this.homepages.size > 0 || this.groups.size > 0
  }

  /** The page shows this group as of `renderVersion`, read with the group's row before its content (as `shows`). */
  showsGroup(group: { id: number; renderVersion: number }) {
    this.groups.set(group.id, group.renderVersion)
  }

  /**
   * The page shows this homepage as of `renderVersion`. Read the version in the same row as the
   * homepage, before its content: a write after that read bumps the version, so a page kept
   * under it can be older than the database only for a version that is no longer current.
   */
  shows(homepage: { id: number; renderVersion: number }, options: { countsVisit: boolean }) {
    this.homepages.set(homepage.id, homepage.renderVersion)
    if (options.countsVisit) this.visit = homepage.id
  }
}
