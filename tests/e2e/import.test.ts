import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { expect, test as base, type Locator, type Page } from '@playwright/test'
import { apiFixture, gotoReady, hydrated, ownerTool, PASSWORD, seriousViolations, type Api, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * Bookmark import (issue 12) through the pages, with JavaScript and without: the homepage's
 * 导入书签 dialog uploads a file, its success step leads to /preview, the picked folders go where
 * the 导入到 select says, the report counts them (and what was skipped), 撤销这次导入 takes them
 * back out, and a homepage exported from one account comes back the same in another.
 */

/** The starter homepage of a new account (services/homepage.server.ts: module 常用, category 常用网站). */
/** `home`: the starter homepage's own address (a new account's homepage has a personal domain). */
type Owner = { nickname: string; homepageId: number; home: string; moduleId: number; bid: number }

const test = base.extend<{
  /** The test's page, signed in as a new account, and that account's starter homepage. */
  owner: Owner
  /** JSON-contract calls with the page's cookies, for what a test sets up rather than tests. */
  api: Api
  /** A folder for the files a test writes, removed after it. */
  tmp: string
}>({
  api: apiFixture,
  owner: async ({ page }, use) => {
    await use(await signUp(page))
  },
  tmp: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'qiye-e2e-import-'))
    await use(dir)
    await rm(dir, { recursive: true, force: true })
  },
})

async function signUp(page: Page): Promise<Owner> {
  const nickname = uniqueNickname()
  const response = await page.request.post('/api/sign/on', {
    form: { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  const [module] = (await (await page.request.get(`/api/module/get-list?homepageId=${info.homepageId}`)).json()).data
  const [bag] = (await (await page.request.get(`/api/bag/get-create?homepageId=${info.homepageId}`)).json()).data[0].children
  return { nickname, homepageId: info.homepageId, home: `/${info.domain}`, moduleId: module.moduleId, bid: bag.value }
}

const FIREFOX = join(import.meta.dirname, '..', 'fixtures', 'bookmarks', 'firefox-en-tags-separators.html')

/** The dialog: a modal with JavaScript, a labelled region (inline section) without. */
function panel(page: Page, js: boolean, title: string): Locator {
  return js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })
}

/** The page's toaster (the preview's report is a status too, so not found by its role alone). */
const flash = (page: Page) => page.locator('.toaster')

/**
 * From the homepage: 导入书签 (in the 工具 menu, with 管理模块), the file, 上传, the success step,
 * then 查看并导入 to the preview. Returns the upload's id (from the preview's address).
 */
async function uploadThroughDialog(page: Page, js: boolean, file: string, counts: string) {
  await gotoReady(page, '/', js)
  await expect(await ownerTool(page, '管理模块')).toBeVisible()
  await (await ownerTool(page, '导入书签')).click()
  const dialog = panel(page, js, '导入书签')
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('书签文件', { exact: true }).setInputFiles(file)
  await dialog.getByRole('button', { name: '上传', exact: true }).click()
  await expect(page).toHaveURL(/\/\?dialog=import&file=\d+$/)
  // With JavaScript the modal shows the message itself (it hides the page's toaster).
  await expect(js ? dialog.getByRole('status') : flash(page)).toHaveText('上传成功')
  // Said once: the success step names the file, it does not say 上传成功 again.
  const success = panel(page, js, '导入书签').getByRole('region', { name: basename(file), exact: true })
  await expect(success).toContainText(counts)
  await expect(success).not.toContainText('上传成功')
  await expect(success.getByRole('link', { name: '重新导入', exact: true })).toBeVisible()
  await success.getByRole('link', { name: '查看并导入', exact: true }).click()
  await expect(page).toHaveURL(/\/preview\?id=\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: /^导入预览：/ })).toBeVisible()
  await hydrated(page, js)
  return Number(new URL(page.url()).searchParams.get('id'))
}

const targetSelect = (page: Page) => page.getByRole('combobox', { name: '导入到', exact: true })

/** 导入到 (by the option's value), 导入所选, then the report. */
async function importPicked(page: Page, target: string) {
  await targetSelect(page).selectOption(target)
  await page.getByRole('button', { name: '导入所选', exact: true }).click()
  await expect(page).toHaveURL(/\/preview\?id=\d+&run=\d+$/)
  await expect(flash(page)).toHaveText('导入成功')
  const report = page.getByRole('status', { name: '导入完成' })
  await expect(report).toBeVisible()
  return report
}

/** A category's section on the homepage, by its heading. */
const category = (page: Page, name: string) => page.locator('section.category').filter({ has: page.getByRole('heading', { name, exact: true }) })

/** A folder on the homepage (a `<details>`), by its name. */
const folder = (scope: Locator, name: string) => scope.locator('details.folder').filter({ has: scope.page().locator('summary', { hasText: name }) })

async function expectFolder(scope: Locator, name: string, links: string[]) {
  const details = folder(scope, name)
  await expect(details).toHaveCount(1)
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator('summary').click()
  const list = details.locator('.folder-list > li')
  await expect(list).toHaveCount(links.length)
  for (const [i, link] of links.entries()) await expect(list.nth(i).getByRole('link', { name: link, exact: true })).toBeVisible()
}

test('upload in the dialog, import two folders into a category, see them on the homepage, undo the import', async ({ page, javaScriptEnabled: js, baseURL, owner }) => {
  test.setTimeout(60_000)
  const comics = ['True story: one code review too many | CommitStrip', 'xkcd: Slippery Slope', 'Garkov -- Garfield + Markov chains -- Josh Millard', 'Fractal Flowchart - Spiked Math']
  const games = ['minecraft - Is it dangerous to go extreme pig riding in a thunderstorm? - Arqade']
  const fileId = await uploadThroughDialog(page, js, FIREFOX, '6 个文件夹，24 个书签')

  await test.step('the preview: pick two folders, into the first category', async () => {
    // Every homepage, module and first-level category of the account, the first module chosen.
    await expect(targetSelect(page).locator('option')).toHaveText([`${owner.nickname}的主页：每个文件夹作为新模块`, '常用：每个文件夹作为新分类', '常用 › 常用网站：导入到这个分类'])
    await expect(targetSelect(page)).toHaveValue(`module:${owner.moduleId}`)
    await page.getByRole('checkbox', { name: 'Comics', exact: true }).check()
    await page.getByRole('checkbox', { name: 'Games', exact: true }).check()
    const report = await importPicked(page, `bag:${owner.bid}`)
    await expect(report.getByText('已导入：2 个文件夹、5 个书签。', { exact: true })).toBeVisible()
    // After an import the checkboxes start empty again, and this run is listed.
    await expect(page.getByRole('checkbox', { name: 'Comics', exact: true })).not.toBeChecked()
    await expect(page.getByRole('region', { name: '从这个文件导入过' }).getByRole('link', { name: /：5 个书签$/ })).toHaveCount(1)
  })
  const reportUrl = page.url()

  await test.step('查看主页: both folders, as folders, with their links (after a reload too)', async () => {
    await page.getByRole('status', { name: '导入完成' }).getByRole('link', { name: '查看主页', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}${owner.home}`)
    await page.reload()
    await hydrated(page, js)
    const section = page.locator(`#bag-${owner.bid}`)
    await expectFolder(section, 'Comics', comics)
    await expectFolder(section, 'Games', games)
    await expect(section.locator('details.folder')).toHaveCount(2)
  })

  await test.step('撤销这次导入 on the report takes them back out', async () => {
    await gotoReady(page, reportUrl, js)
    await page.getByRole('status', { name: '导入完成' }).getByRole('button', { name: '撤销这次导入', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/preview?id=${fileId}`)
    await expect(flash(page)).toHaveText('已撤销这次导入')
    await expect(page.getByRole('region', { name: '从这个文件导入过' }).getByRole('link', { name: /：5 个书签（已撤销）$/ })).toHaveCount(1)
    await gotoReady(page, '/', js)
    const section = page.locator(`#bag-${owner.bid}`)
    await expect(section).toBeVisible()
    await expect(section.locator('details.folder')).toHaveCount(0)
    await expect(page.getByRole('link', { name: games[0], exact: true })).toHaveCount(0)
  })
})

const SKIPPING = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3>小工具</H3>
    <DL><p>
        <DT><A HREF="javascript:alert(document.cookie)">书签小程序</A>
        <DT><A HREF="https://one.example/">第一个网站</A>
        <DT><A HREF="place:sort=8&maxResults=10">最常访问</A>
        <DT><A HREF="http://two.example/page">第二个网站</A>
    </DL><p>
</DL><p>
`

test('links that are no web addresses are skipped and reported; only the http links reach the homepage', async ({ page, javaScriptEnabled: js, baseURL, owner, tmp }) => {
  const file = join(tmp, 'skipping.html')
  await writeFile(file, SKIPPING)
  await uploadThroughDialog(page, js, file, '1 个文件夹，4 个书签')

  // The preview marks the two that will be skipped; their checkboxes cannot be picked.
  const links = page.getByRole('region', { name: '“小工具”里的书签' })
  await expect(links.getByRole('listitem')).toHaveCount(4)
  await expect(links.getByText('不是网页地址，将跳过')).toHaveCount(2)
  await expect(links.getByRole('checkbox', { name: '书签小程序', exact: true })).toBeDisabled()
  await expect(links.getByRole('checkbox', { name: '最常访问', exact: true })).toBeDisabled()

  await page.getByRole('checkbox', { name: '小工具', exact: true }).check()
  const report = await importPicked(page, `module:${owner.moduleId}`)
  await expect(report.getByText('已导入：1 个分类、2 个书签。', { exact: true })).toBeVisible()
  await expect(report.getByRole('listitem')).toHaveText(['跳过 2 个不是网页地址的链接（如 javascript:、place:、file:）'])

  await report.getByRole('link', { name: '查看主页', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}${owner.home}`)
  await hydrated(page, js)
  const section = category(page, '小工具')
  await expect(section.locator('ul.link-grid > li')).toHaveCount(2)
  await expect(section.getByRole('link', { name: '第一个网站', exact: true })).toHaveAttribute('href', 'https://one.example/')
  await expect(section.getByRole('link', { name: '第二个网站', exact: true })).toHaveAttribute('href', 'http://two.example/page')
  await expect(page.getByText('书签小程序')).toHaveCount(0)
  await expect(page.getByText('最常访问')).toHaveCount(0)
})

const NESTED = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3>工作</H3>
    <DL><p>
        <DT><H3>文档</H3>
        <DL><p>
            <DT><A HREF="https://docs.example/">文档站</A>
            <DT><A HREF="https://www.wiki.example/page/">维基</A>
        </DL><p>
        <DT><A HREF="https://work.example/">工作台</A>
        <DT><H3></H3>
        <DL><p>
        </DL><p>
    </DL><p>
    <DT><H3>空的</H3>
    <DL><p>
    </DL><p>
</DL><p>
`

test('empty folders are reported, not made; the preview then says every link just imported is 已有', async ({ page, javaScriptEnabled: js, baseURL, owner, tmp }) => {
  const file = join(tmp, 'nested.html')
  await writeFile(file, NESTED)
  const fileId = await uploadThroughDialog(page, js, file, '4 个文件夹，3 个书签')
  // A folder's counts: the folder with everything below it, as its checkbox imports it.
  const counts = (name: string) => page.locator('.import-folder').filter({ has: page.getByRole('checkbox', { name, exact: true }) }).locator('.muted')
  await expect(counts('工作')).toHaveText('3 个书签')
  await expect(counts('空的')).toHaveText('空文件夹，不会导入')
  await expect(counts('未命名文件夹')).toHaveText('空文件夹，不会导入')

  await page.getByRole('checkbox', { name: '工作', exact: true }).check()
  await page.getByRole('checkbox', { name: '空的', exact: true }).check()
  const report = await importPicked(page, `module:${owner.moduleId}`)
  await expect(report.getByText('已导入：1 个分类、1 个文件夹、3 个书签。', { exact: true })).toBeVisible()
  await expect(report.getByRole('listitem')).toHaveText(['2 个空文件夹未导入'])

  await gotoReady(page, `/preview?id=${fileId}`, js)
  await expect(counts('工作')).toHaveText('3 个书签，3 个已有')
  await expect(counts('文档')).toHaveText('2 个书签，2 个已有')

  await gotoReady(page, owner.home, js)
  await expect(page).toHaveURL(`${baseURL}${owner.home}`)
  const work = category(page, '工作')
  await expectFolder(work, '文档', ['文档站', '维基'])
  await expect(work.getByRole('link', { name: '工作台', exact: true })).toBeVisible()
  await expect(work.locator('details.folder')).toHaveCount(1)
  await expect(category(page, '空的')).toHaveCount(0)
  await expect(page.getByText('未命名文件夹')).toHaveCount(0)
})

type Tree = Array<{ module: string; categories: Array<{ category: string; items: unknown[] }> }>

/** A homepage's modules › categories › bookmarks (folders with their links) through the JSON API, without ids. */
async function treeOf(page: Page, homepageId: number): Promise<Tree> {
  const get = async (path: string) => {
    const body = await (await page.request.get(path)).json()
    expect(body.code, `${path}: ${body.msg}`).toBe(1)
    return body.data
  }
  const modules: Array<{ moduleId: number; name: string }> = await get(`/api/module/get-list?homepageId=${homepageId}`)
  const tree: Tree = []
  for (const m of modules) {
    const bags: Array<{ bid: number; name: string }> = await get(`/api/bag/get-list-by-homepage-module?module=${m.moduleId}`)
    const categories = []
    for (const c of bags) {
      const { list } = await get(`/api/bookmark/list?bid=${c.bid}&size=100&withChild=1`)
      const items = (list as Array<{ type: string; name: string; url: string | null; note: string; children?: Array<{ name: string; url: string }> }>).map((i) =>
        i.type === 'folder' ? { folder: i.name, note: i.note, links: i.children!.map((l) => [l.name, l.url]) } : [i.name, i.url, i.note],
      )
      categories.push({ category: c.name, items })
    }
    tree.push({ module: m.name, categories })
  }
  return tree
}

test('a homepage exported from one account and imported into a fresh one comes back the same', async ({ page, browser, javaScriptEnabled: js, owner, api, tmp }) => {
  test.setTimeout(60_000)
  await test.step('account A: a module with two categories, links and a folder', async () => {
    const work = (await api('/api/module/add', { homepageId: owner.homepageId, name: '工作 & 学习', icon: 'tabler:briefcase', moduleType: 0 })) as { moduleId: number }
    const dev = (await api('/api/bag/add', { moduleId: work.moduleId, name: '开发', icon: 'tabler:code' })) as { bid: number }
    const reading = (await api('/api/bag/add', { moduleId: work.moduleId, name: '阅读', icon: 'tabler:code' })) as { bid: number }
    await api('/api/source/add', { bid: dev.bid, sour_name: 'GitHub', sour_url: 'https://github.com/', note: '代码托管' })
    const tools = (await api('/api/bookmark/add-folder', { bid: dev.bid, name: '工具箱', summary: '常用工具' })) as { id: number }
    await api('/api/source/add', { bid: dev.bid, parentLinkId: tools.id, sour_name: 'Regex101', sour_url: 'https://regex101.com/' })
    await api('/api/source/add', { bid: dev.bid, parentLinkId: tools.id, sour_name: 'Can I use', sour_url: 'https://caniuse.com/' })
    await api('/api/source/add', { bid: dev.bid, sour_name: 'MDN', sour_url: 'https://developer.mozilla.org/' })
    await api('/api/source/add', { bid: reading.bid, sour_name: '阮一峰的网络日志', sour_url: 'https://www.ruanyifeng.com/blog/' })
    await api('/api/source/add', { bid: owner.bid, sour_name: '起页', sour_url: 'https://qiye.example/' })
  })
  const expected = await treeOf(page, owner.homepageId)
  expect(expected.length).toBe(2)

  const file = join(tmp, 'export.html')
  await test.step('A downloads the homepage as a browser bookmark file from /user/export', async () => {
    await gotoReady(page, '/user/export', js)
    const scope = page.getByLabel('导出范围', { exact: true })
    const value = await scope.locator('option').nth(1).getAttribute('value')
    expect(value).toBe(String(owner.homepageId))
    await scope.selectOption(value!)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出', exact: true }).click()])
    expect(download.url()).toMatch(new RegExp(`/user/export/bookmarks\\.html\\?homepage=${owner.homepageId}$`))
    await download.saveAs(file)
    expect(await readFile(file, 'utf8')).toContain('<H3')
  })

  const context = await browser.newContext({ javaScriptEnabled: js })
  try {
    const pageB = await context.newPage()
    const b = await signUp(pageB)
    const before = await treeOf(pageB, b.homepageId)
    await test.step('account B uploads it and imports its top folders as new modules', async () => {
      await uploadThroughDialog(pageB, js, file, '6 个文件夹，6 个书签')
      const tops = pageB.locator('.import-columns > section > ul.import-tree > li > .import-folder input[name="folder"]')
      await expect(tops).toHaveCount(expected.length)
      for (const box of await tops.all()) await box.check()
      const report = await importPicked(pageB, `homepage:${b.homepageId}`)
      await expect(report.getByText('已导入：2 个模块、3 个分类、1 个文件夹、6 个书签。', { exact: true })).toBeVisible()
      await expect(report.getByRole('listitem')).toHaveCount(0)
    })
    // B's untouched starter module gave way; A's modules are there, the same in every name, note and order.
    expect(before.map((m) => m.module)).toEqual(['常用'])
    expect(await treeOf(pageB, b.homepageId)).toEqual(expected)

    await test.step("B's homepage shows A's modules, categories and the folder", async () => {
      await pageB.getByRole('status', { name: '导入完成' }).getByRole('link', { name: '查看主页', exact: true }).click()
      await hydrated(pageB, js)
      await expect(pageB.getByRole('navigation', { name: '模块' }).getByRole('link')).toHaveText(expected.map((m) => m.module))
      await expectFolder(category(pageB, '开发'), '工具箱', ['Regex101', 'Can I use'])
      await expect(category(pageB, '阅读').getByRole('link', { name: '阮一峰的网络日志', exact: true })).toBeVisible()
    })
  } finally {
    await context.close()
  }
})

test('the import dialog and the preview: no serious or critical axe violations', async ({ page, browser, javaScriptEnabled: js, baseURL }) => {
  await signUp(page)
  const uploaded = await page.request.post('/api/import/upload', {
    headers: { Origin: baseURL! },
    multipart: { file: { name: 'bookmarks.html', mimeType: 'text/html', buffer: await readFile(FIREFOX) } },
  })
  const { code, fileId } = await uploaded.json()
  expect(code).toBe(1)
  await withAxeView(page, js, browser, baseURL, async (view) => {
    await gotoReady(view, '/?dialog=import', js)
    await expect(panel(view, js, '导入书签').getByLabel('书签文件', { exact: true })).toBeVisible()
    const dialog = await seriousViolations(view)
    expect(dialog, JSON.stringify(dialog, null, 2)).toEqual([])

    await gotoReady(view, `/preview?id=${fileId}`, js)
    await expect(view.getByRole('checkbox', { name: 'Comics', exact: true })).toBeVisible()
    const preview = await seriousViolations(view)
    expect(preview, JSON.stringify(preview, null, 2)).toEqual([])
  })
})
