import { data } from 'react-router'
import type { Route } from './+types/homepage'
import { HomepageView } from '#app/components/homepage/homepage-view.tsx'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { loadHomepagePage } from './homepage-page.server.ts'

/** A homepage by its personal domain: `/{code}`. Private or missing ones are the same 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadHomepagePage(context, params.code)
  if (!page) throw data(NOT_FOUND_MSG, { status: 404 })
  return page
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.headerTitle} - 起页` : '起页' }]

export default function Homepage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page">
      <HomepageView data={loaderData.homepage} />
    </main>
  )
}
