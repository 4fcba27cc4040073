import { expect, test } from '@playwright/test'
import { authPanel, gotoReady, seriousViolations, withAxeView } from './helpers.ts'

const PAGES = [
  { path: '/', ready: { heading: '起页示例主页' } },
  { path: '/login', ready: { heading: '登录' } },
  { path: '/login?mode=wechat', ready: { heading: '微信登录' } },
  { path: '/?dialog=login', ready: { panel: '登录' } },
  { path: '/?dialog=register', ready: { panel: '注册' } },
  // The site's own pages of issue 25.
  { path: '/ai', ready: { heading: 'AI 搜索' } },
  { path: '/friend-links', ready: { heading: '友情链接' } },
  { path: '/changelog', ready: { heading: '更新日志' } },
  { path: '/sitemap.html', ready: { heading: '网站地图' } },
] as const

test.describe('accessibility (axe)', () => {
  for (const { path, ready } of PAGES) {
    test(`${path} has no serious or critical axe violations`, async ({ page, browser, javaScriptEnabled, baseURL }) => {
      // Without JavaScript axe runs where the app's scripts never do: the server's HTML (helpers.ts).
      await withAxeView(page, javaScriptEnabled, browser, baseURL, async (view) => {
        await gotoReady(view, path, javaScriptEnabled)
        if ('heading' in ready) {
          await expect(view.getByRole('heading', { level: 1, name: ready.heading })).toBeVisible()
        } else {
          const panel = authPanel(view, javaScriptEnabled, ready.panel)
          await expect(panel).toBeVisible()
          await expect(panel.getByLabel('邮箱', { exact: true })).toBeVisible()
        }
        if (!javaScriptEnabled) {
          // Proof that the app did not hydrate: React never attached itself to the DOM.
          const hydrated = await view.evaluate(() =>
            Object.keys(document.querySelector('.site-footer') ?? {}).some((key) => key.startsWith('__react')),
          )
          expect(hydrated).toBe(false)
        }
        const serious = await seriousViolations(view)
        expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
      })
    })
  }
})
