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
  // No dependency preloading for import(): its lists of file names (and their helper) were ~900 B
  // gzip of every page's first load; a lazy part's own imports now load when it does, one round
  // trip later, and its code is fetched ahead on hover or focus anyway (lazy-part.tsx, ADR 015).
  build: { assetsInlineLimit: 0, modulePreload: false },
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
