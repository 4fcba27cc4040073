/**
 * The change log (/changelog) read from CHANGELOG.md at the repository root, the one source: each
 * `## date · title` a release, each `- ` line under it one change. Plain text, no markup: what
 * the page shows is escaped by React like any text.
 */
export type Release = { date: string; title: string; changes: string[] }

export function parseChangelog(markdown: string): Release[] {
  const releases: Release[] = []
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^## (\d{4}-\d{2}-\d{2}) · (.+)$/.exec(line)
    if (heading) releases.push({ date: heading[1]!, title: heading[2]!.trim(), changes: [] })
    else if (line.startsWith('- ') && releases.length) releases.at(-1)!.changes.push(line.slice(2).trim())
  }
  return releases
}
