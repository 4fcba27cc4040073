import { createContext } from 'react-router'
import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import type { PageRender } from '#app/page-cache/page-render.ts'
import type { HistoryBuffer } from '#app/services/browser-history.server.ts'
import type { VisitBuffer } from '#app/services/visits.server.ts'

/** What the Node server hands every request (server/index.ts builds it). */
export type AppContext = {
  db: Db
  /** Per-request CSP nonce for inline and module scripts. */
  nonce: string
  /** Client address as Express resolved it (X-Forwarded-For only behind a trusted proxy). */
  clientIp: string
  /** Present when the page cache may keep this request's page: the loaders say what it shows. */
  pageRender?: PageRender
  /** The browser-history buffer of this process (absent where nothing records, e.g. service tests). */
  history?: Pick<HistoryBuffer, 'add' | 'forget'>
  /** The homepage-visit buffer of this process (absent in service tests: a visit is then written at once). */
  visits?: Pick<VisitBuffer, 'add'>
}

export const appContext = createContext<AppContext>()
/** The signed-in user, put there once per request by the session middleware. */
export const userContext = createContext<User | null>(null)
