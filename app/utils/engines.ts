/**
 * The search-engine box (spec §1, §2): each engine is a plain GET form to the engine's own search
 * page, so a search works without JavaScript and never passes through our server. `param` is the
 * name the engine reads the query from; `fields` are fixed extra parameters it expects.
 */
export const ENGINES = [
  { id: 'baidu', name: '百度', action: 'https://www.baidu.com/s', param: 'wd' },
  { id: 'bing', name: '必应', action: 'https://www.bing.com/search', param: 'q' },
  { id: 'google', name: 'Google', action: 'https://www.google.com/search', param: 'q' },
  { id: 'sogou', name: '搜狗', action: 'https://www.sogou.com/web', param: 'query' },
  { id: 'so360', name: '360', action: 'https://www.so.com/s', param: 'q' },
  { id: 'zhihu', name: '知乎', action: 'https://www.zhihu.com/search', param: 'q', fields: { type: 'content' } },
  { id: 'github', name: 'GitHub', action: 'https://github.com/search', param: 'q', fields: { type: 'repositories' } },
  { id: 'bilibili', name: 'B站', action: 'https://search.bilibili.com/all', param: 'keyword' },
] as const satisfies readonly { id: string; name: string; action: string; param: string; fields?: Record<string, string> }[]

export type Engine = (typeof ENGINES)[number]
export type EngineId = Engine['id']

export const DEFAULT_ENGINE: EngineId = 'baidu'
/** Queries the box remembers (spec §9: engine history, kept in a cookie). */
export const ENGINE_HISTORY_MAX = 8
/** A remembered query is cut to this many characters, so eight of them fit in one cookie. */
export const ENGINE_QUERY_MAX = 60

export function engineOf(id: unknown): Engine {
  return ENGINES.find((engine) => engine.id === id) ?? ENGINES.find((engine) => engine.id === DEFAULT_ENGINE)!
}

export function isEngineId(id: unknown): id is EngineId {
  return ENGINES.some((engine) => engine.id === id)
}

/** The engine's result page for a query: what its form submits to (also the history's links). */
export function engineSearchUrl(engine: Engine, query: string) {
  const url = new URL(engine.action)
  for (const [name, value] of Object.entries('fields' in engine ? engine.fields : {})) url.searchParams.set(name, value)
  url.searchParams.set(engine.param, query)
  return url.toString()
}

/** The history with `query` first: trimmed, cut to ENGINE_QUERY_MAX, no repeats, at most eight. */
export function rememberQuery(history: readonly string[], query: string) {
  const q = [...query.trim()].slice(0, ENGINE_QUERY_MAX).join('')
  if (!q) return [...history]
  return [q, ...history.filter((entry) => entry !== q)].slice(0, ENGINE_HISTORY_MAX)
}

/** An engine that is not one of ours was sent. */
export const ENGINE_PICK_MSG = '请选择搜索引擎'

