import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { gotoReady, importWhole, postOk, signUpByApi, wholeInView } from './helpers.ts'

/**
 * Phones, 390×844 (issue 22, item 6): no page of app/routes.ts scrolls sideways, as a guest and
 * signed in; the header is one row; the side buttons never lie over a bookmark (nor at 1280);
 * the first screen shows bookmarks, for a guest on the demo homepage and for an owner.
 */

const PHONE = { width: 390, height: 844 }

/** Routes that answer no page of their own: redirects, files, the JSON API, resources. */
const NOT_PAGES = new Set([
  'logout',
  'site/redirect',
  'oauth/:provider',
  'oauth/:provider/callback',
  'c/:id',
  'api/*',
  'resources/engine',
  'resources/icons/:prefix/:file',
  'user/export/bookmarks.html',
  'user/export/data.json',
  'manifest.webmanifest',
  'sitemap.xml',
  'robots.txt',
  // A redirect to user/account.
  'user',
])

/** Every page route of app/routes.ts, read from the file itself, so a new route cannot be missed. */
async function pageRoutes() {
  const source = await readFile(join(import.meta.dirname, '..', '..', 'app', 'routes.ts'), 'utf8')
  const paths = [...source.matchAll(/\broute\('([^']+)'/g)].map((m) => m[1]!)
  return ['', ...paths.filter((path) => !NOT_PAGES.has(path))]
}

/** The address to visit for a route, its parameters filled in. */
type Fill = Record<string, string>

function addressOf(path: string, fill: Fill) {
  if (path in fill) return fill[path]!
  if (path.includes(':') || path.includes('*')) throw new Error(`no address for the route ${path}: add it to the test's fill`)
  return `/${path}`
}

/** What is wrong with the page at a phone's width, or nothing. */
function phoneFaults(page: Page) {
  return page.evaluate(() => {
    const faults: string[] = []
    const width = document.documentElement.scrollWidth
    if (width > innerWidth) {
      const wide = [...document.querySelectorAll('body *')].find((el) => el.getBoundingClientRect().right > innerWidth + 1)
      faults.push(`scrolls sideways: ${width} px wide (${wide?.tagName}.${wide?.className})`)
    }
    const parts = [...document.querySelectorAll('.site-header-inner > *')]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
    const middles = parts.map((r) => r.top + r.height / 2)
    if (Math.max(...middles) - Math.min(...middles) > 12) faults.push(`the header is not one row: parts centred at ${middles.map(Math.round).join(', ')}`)
    return faults
  })
}

/** Bookmarks and category heads that a visible side button lies over. */
function coveredBySideButtons(page: Page) {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll('.side-buttons a')].map((b) => b.getBoundingClientRect()).filter((b) => b.width > 0)
    return [...document.querySelectorAll('.link-grid > li, .category-head, .category-tools')]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return buttons.some((b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
      })
      .map((el) => el.textContent!.trim().slice(0, 20))
  })
}

async function everyPage(page: Page, fill: Fill, js: boolean) {
  const faults: string[] = []
  for (const path of await pageRoutes()) {
    const address = addressOf(path, fill)
    await gotoReady(page, address, js)
    for (const fault of await phoneFaults(page)) faults.push(`${address}: ${fault}`)
  }
  expect(faults).toEqual([])
}

/** The first module's id on the demo homepage, from its 单独打开 link. */
async function demoModule(page: Page) {
  const html = await (await page.request.get('/demo')).text()
  return /href="\/demo\/(\d+)" class="module-open"/.exec(html)![1]!
}

/** Tool aliases, from the tool box's own links. */
async function toolAliases(page: Page) {
  const html = await (await page.request.get('/tool')).text()
  return [...new Set([...html.matchAll(/href="\/tool\/([a-z0-9-]+)"/g)].map((m) => m[1]!))]
}

// Every page of app/routes.ts, twice for the signed-in test: issue 25 added five (ai, friend-links, changelog, sitemap.html, upload).
test.describe.configure({ timeout: 240_000 })

test('a guest at 390 px: every page fits the width under a one-row header; the demo’s first bookmark is in the first screen, no side button over a bookmark', async ({ page, javaScriptEnabled: js }) => {
  await page.setViewportSize(PHONE)
  const moduleId = await demoModule(page)
  const aliases = await toolAliases(page)
  expect(aliases.length).toBeGreaterThan(1)
  await everyPage(
    page,
    {
      ':code': '/demo',
      ':code/:moduleId': `/demo/${moduleId}`,
      'm/:code': '/m/demo',
      'tool/:alias': `/tool/${aliases[0]}`,
      'collection/:bid': '/collection/1',
      'blog/detail/:id': '/blog/detail/1',
      search: '/search?q=百度',
      // The demo's open group (the seed's first).
      'group/:id/:cid?': '/group/1',
      // A tag of the demo's discover sites.
      'discover/tag/:tag': '/discover/tag/%E6%96%87%E6%A1%A3',
      '*': '/no/such/page',
    },
    js,
  )
  for (const alias of aliases.slice(1)) {
    await gotoReady(page, `/tool/${alias}`, js)
    expect(await phoneFaults(page), `/tool/${alias}`).toEqual([])
  }

  await gotoReady(page, '/', js)
  await expect(page.locator('.link-grid > li > a').first()).toBeInViewport({ ratio: 1 })
  expect(await coveredBySideButtons(page)).toEqual([])
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight))
  expect(await coveredBySideButtons(page)).toEqual([])
})

test('signed in at 390 px: every page fits, the header is one row; on an imported homepage at least 8 whole bookmarks in the first screen and none under a side button, at 390 and at 1280', async ({ page, baseURL, javaScriptEnabled: js }) => {
  const homepageId = await signUpByApi(page, baseURL!)
  const fileId = await importWhole(page, baseURL!, homepageId, 'chrome-zh-deep-imported-folders.html')

  await page.setViewportSize(PHONE)
  await gotoReady(page, '/', js)
  const bid = (await page.locator('section.category').first().getAttribute('id'))!.replace('bag-', '')
  await postOk(page, baseURL!, '/api/bag/share', { bid, remark: '分享' })
  const written = await page.request.post('/blog/write', { headers: { Origin: baseURL! }, form: { bid, title: '一篇很长标题的文章，看它在手机上是否放得下', content: '正文', format: 'text' }, maxRedirects: 0 })
  const postId = /\/blog\/detail\/(\d+)$/.exec(written.headers().location ?? '')![1]!
  expect(await wholeInView(page)).toBeGreaterThanOrEqual(8)
  expect(await coveredBySideButtons(page)).toEqual([])

  const moduleId = await demoModule(page)
  const aliases = await toolAliases(page)
  await everyPage(
    page,
    {
      ':code': '/demo',
      ':code/:moduleId': `/demo/${moduleId}`,
      'm/:code': '/m/demo',
      'tool/:alias': `/tool/${aliases[0]}`,
      'collection/:bid': `/collection/${bid}`,
      preview: `/preview?id=${fileId}`,
      // A post of the user's, and the forms for a new post and snippet in that category.
      'blog/detail/:id': `/blog/detail/${postId}`,
      'blog/write': `/blog/write?bid=${bid}`,
      'editor/code': `/editor/code?cid=${bid}`,
      search: '/search?q=Android',
      'group/:id/:cid?': '/group/1',
      'discover/tag/:tag': '/discover/tag/%E6%96%87%E6%A1%A3',
      share: '/share?url=https%3A%2F%2Fexample.com%2Fa-rather-long-address%2Fof-a-page&title=%E4%B8%80%E7%AF%87%E6%96%87%E7%AB%A0',
      '*': '/no/such/page',
    },
    js,
  )

  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoReady(page, '/', js)
  expect(await coveredBySideButtons(page)).toEqual([])
  for (const y of [400, 800, 1600]) {
    await page.evaluate((top) => scrollTo(0, top), y)
    expect(await coveredBySideButtons(page), `scrolled to ${y}`).toEqual([])
  }
})
