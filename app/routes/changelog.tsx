import type { Route } from './+types/changelog'
import { parseChangelog } from '#app/utils/changelog.ts'
// The repository's own release notes, bundled with the server at build time.
import changelog from '../../CHANGELOG.md?raw'

/** `/changelog` (spec §1 footer: change log): the project's release notes, newest first. */
export function loader() {
  return { headerTitle: '更新日志', releases: parseChangelog(changelog) }
}

export const meta: Route.MetaFunction = () => [{ title: '更新日志 - 起页' }]

export default function Changelog({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page page-narrow site-page changelog-page">
      <h1>更新日志</h1>
      <p className="muted">起页每次上线的新功能和改进，最新的在前。</p>
      <ol className="changelog">
        {loaderData.releases.map((release) => (
          <li key={`${release.date}-${release.title}`}>
            <h2>
              <time dateTime={release.date}>{release.date}</time> {release.title}
            </h2>
            <ul>
              {release.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </main>
  )
}
