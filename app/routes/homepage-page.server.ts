import type { RouterContextProvider } from 'react-router'
import type { HomepageViewData } from '#app/components/homepage/homepage-view.tsx'
import { appContext, userContext } from '#app/context.ts'
import { homepageInfo, homepageLayout, loadHomepageContent, resolveHomepage } from '#app/services/homepage.server.ts'

/** Loader data of a start page (`/` and `/:code`); null when there is none to show. */
export async function loadHomepagePage(context: Readonly<RouterContextProvider>, code: string | null) {
  const { db } = context.get(appContext)
  const resolved = await resolveHomepage(db, context.get(userContext), code)
  if (!resolved) return null
  const info = homepageInfo(resolved)
  const homepage: HomepageViewData = {
    name: info.name,
    summary: resolved.homepage.summary,
    openInNewTab: homepageLayout(resolved.homepage).bookmarkOpenNewTab,
    modules: await loadHomepageContent(db, resolved),
  }
  return { homepage, headerTitle: info.name }
}
