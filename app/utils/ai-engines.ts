/**
 * The AI search engines of the side buttons' AI 搜索 (spec §2), as the engine box's list
 * (engines.ts): each reads the question from its address, so /ai sends the reader there with a
 * plain GET form (no JavaScript, nothing passes through our server but the redirect).
 */
export const AI_ENGINES = [
  { id: 'metaso', name: '秘塔AI搜索', action: 'https://metaso.cn/', param: 'q', summary: '中文 AI 搜索，回答附来源，可选简洁、深入、研究模式' },
  { id: 'sou360', name: '360AI搜索', action: 'https://www.sou.com/', param: 'q', summary: '360 的 AI 搜索，汇总网页并给出答案' },
  { id: 'copilot', name: '必应 Copilot', action: 'https://www.bing.com/copilotsearch', param: 'q', summary: '微软必应的 AI 搜索' },
  { id: 'perplexity', name: 'Perplexity', action: 'https://www.perplexity.ai/search', param: 'q', summary: '英文为主的 AI 问答搜索，回答附引用' },
] as const satisfies readonly { id: string; name: string; action: string; param: string; summary: string }[]

export type AiEngineId = (typeof AI_ENGINES)[number]['id']

export const AI_QUESTION_MAX = 500
export const AI_QUESTION_MSG = '请输入要问的问题'

/** The engine's answer page for a question; null for an engine that is not ours. */
export function aiSearchUrl(id: unknown, question: string) {
  const engine = AI_ENGINES.find((e) => e.id === id)
  if (!engine) return null
  const url = new URL(engine.action)
  url.searchParams.set(engine.param, question)
  return url.toString()
}
