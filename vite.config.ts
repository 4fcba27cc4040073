import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * Chunks of the browser build (ADR 015). Two large files make a public start page, instead of a
 * score of small chunks each compressed on its own (beside them the route entries and the
 * bundler's runtime, which rolldown keeps in a file of its own; no group can take it):
 *   - shell: React, React Router and the root route's static imports (header, clock, toaster,
 *     lazy-part...), which every page runs;
 *   - start-page: the start page's own static imports (homepage-view.tsx), shared by /, /{code}
 *     and /{code}/{moduleId}.
 * Dialogs, popovers, forms (Conform, zod), drag sorting and the list stay in chunks of their own,
 * loaded when used (lazy-part.tsx).
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx$/
/** Lazy parts every signed-in page draws as it hydrates, answering keys at once: the header's account menu and search (Ctrl+K). */
const DRAWN_AS_PAGE_HYDRATES = /(^|\/)(account-menu|search-launcher)-[\w-]+\.js$/
const START_PAGE = /[\\/]app[\\/](components[\\/]homepage[\\/]homepage-view|components[\\/]manage[\\/]manage-dialog-slot|routes[\\/]homepage)\.tsx$/

/** The module graph of the client build, for the groups to ask what a module imports statically. */
function moduleGraph() {
  const imports = new Map<string, readonly string[]>()
  const closures = new Map<RegExp, Set<string>>()
  const plugin: Plugin = {
    name: 'qiye:module-graph',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      imports.clear()
      closures.clear()
      for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? [])
    },
  }
  /** Whether `id` is `from` or one of its static imports, transitively. */
  const reaches = (from: RegExp, id: string) => {
    let closure = closures.get(from)
    if (!closure) {
      closure = new Set()
      const pending = [...imports.keys()].filter((key) => from.test(key.split('?')[0]!))
      while (pending.length) {
        const next = pending.pop()!
        if (closure.has(next)) continue
        closure.add(next)
        pending.push(...(imports.get(next) ?? []))
      }
      closures.set(from, closure)
    }
    return closure.has(id)
  }
  return { plugin, reaches }
}

const graph = moduleGraph()

export default defineConfig({
  plugins: [reactRouter(), graph.plugin],
  build: {
    assetsInlineLimit: 0,
    // A lazy part's imports are preloaded with it only for the header's parts every signed-in page
    // draws as it hydrates (their keys must work at once): each preloaded import costs a list of
    // file names in every chunk that imports it, ~900 B gzip of a guest's first load for all of
    // them. The others load on a click or key, one round trip later, fetched ahead on hover or
    // focus (lazy-part.tsx, ADR 015).
    modulePreload: { polyfill: false, resolveDependencies: (filename, deps) => (DRAWN_AS_PAGE_HYDRATES.test(filename) ? deps : []) },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'shell', priority: 2, test: (id) => FRAMEWORK.test(id) || graph.reaches(ROOT_ROUTE, id) },
                { name: 'start-page', priority: 1, test: (id) => graph.reaches(START_PAGE, id) },
              ],
            },
          },
        },
      },
    },
  },
})
