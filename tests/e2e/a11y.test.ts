import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { authPanel, gotoReady } from './helpers.ts'

const PAGES = [
  { path: '/', ready: { heading: '起页示例主页' } },
  { path: '/login', ready: { heading: '登录' } },
  { path: '/login?mode=wechat', ready: { heading: '微信登录' } },
  { path: '/?dialog=login', ready: { panel: '登录' } },
  { path: '/?dialog=register', ready: { panel: '注册' } },
] as const

test.describe('accessibility (axe)', () => {
  for (const { path, ready } of PAGES) {
    test(`${path} has no serious or critical axe violations`, async ({ page, browser, javaScriptEnabled, baseURL }) => {
      let target: Page = page
      if (!javaScriptEnabled) {
        // axe needs timers, which never fire in a context with JavaScript disabled. So the
        // no-JS page is checked in a JS-enabled context where the app's scripts never run:
        // every script request is refused, leaving exactly the server-rendered HTML.
        // (browser.newContext inherits the project's options: say javaScriptEnabled explicitly.)
        const context = await browser.newContext({ baseURL, javaScriptEnabled: true })
        await context.route('**/*', (route) =>
          route.request().resourceType() === 'script' ? route.abort() : route.continue(),
        )
        target = await context.newPage()
      }
      try {
        await gotoReady(target, path, javaScriptEnabled)
        if ('heading' in ready) {
          await expect(target.getByRole('heading', { level: 1, name: ready.heading })).toBeVisible()
        } else {
          const panel = authPanel(target, javaScriptEnabled, ready.panel)
          await expect(panel).toBeVisible()
          await expect(panel.getByLabel('邮箱', { exact: true })).toBeVisible()
        }
        if (!javaScriptEnabled) {
          // Proof that the app did not hydrate: React never attached itself to the DOM.
          const hydrated = await target.evaluate(() =>
            Object.keys(document.querySelector('.site-footer') ?? {}).some((key) => key.startsWith('__react')),
          )
          expect(hydrated).toBe(false)
        }

        const results = await new AxeBuilder({ page: target })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze()
        // axe really ran: it checked a good number of rules on a non-empty page.
        expect(results.passes.length).toBeGreaterThan(10)

        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            nodes: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ')}`),
          }))
        expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
      } finally {
        if (target !== page) await target.context().close()
      }
    })
  }
})
