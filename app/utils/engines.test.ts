import { expect, test } from 'vitest'
import { DEFAULT_ENGINE, engineOf, ENGINES, engineSearchUrl, ENGINE_QUERY_MAX, rememberQuery } from './engines.ts'

test.each([
  ['baidu', 'https://www.baidu.com/s?wd=%E8%B5%B7%E9%A1%B5'],
  ['bing', 'https://www.bing.com/search?q=%E8%B5%B7%E9%A1%B5'],
  ['google', 'https://www.google.com/search?q=%E8%B5%B7%E9%A1%B5'],
  ['sogou', 'https://www.sogou.com/web?query=%E8%B5%B7%E9%A1%B5'],
  ['so360', 'https://www.so.com/s?q=%E8%B5%B7%E9%A1%B5'],
  ['zhihu', 'https://www.zhihu.com/search?type=content&q=%E8%B5%B7%E9%A1%B5'],
  ['github', 'https://github.com/search?type=repositories&q=%E8%B5%B7%E9%A1%B5'],
  ['bilibili', 'https://search.bilibili.com/all?keyword=%E8%B5%B7%E9%A1%B5'],
])('%s searches at %s', (id, url) => {
  expect(engineSearchUrl(engineOf(id), '起页')).toBe(url)
})

test('the eight engines of the issue, each once; anything else is the default', () => {
  expect(ENGINES.map((e) => e.name)).toEqual(['百度', '必应', 'Google', '搜狗', '360', '知乎', 'GitHub', 'B站'])
  expect(new Set(ENGINES.map((e) => e.id)).size).toBe(ENGINES.length)
  expect(engineOf('altavista').id).toBe(DEFAULT_ENGINE)
  expect(engineOf(undefined).id).toBe(DEFAULT_ENGINE)
})

test('the history keeps the last eight queries, newest first, each once, trimmed and cut', () => {
  let history: string[] = []
  for (const q of ['一', '二', '三', '四', '五', '六', '七', '八', '九']) history = rememberQuery(history, q)
  expect(history).toEqual(['九', '八', '七', '六', '五', '四', '三', '二'])
  expect(rememberQuery(history, '  五 ')).toEqual(['五', '九', '八', '七', '六', '四', '三', '二'])
  expect(rememberQuery(history, '   ')).toEqual(history)
  const long = '长'.repeat(ENGINE_QUERY_MAX + 10)
  expect(rememberQuery([], long)).toEqual(['长'.repeat(ENGINE_QUERY_MAX)])
})
