import { expect, test as base, type Locator, type Page } from '@playwright/test'
import { apiFixture, type Api, expectSignInToast, gotoReady, hydrated, PASSWORD, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * The screens for stored settings (issue 11), through the pages, with JavaScript and without: a
 * category's card config, the rows a category shows (save-max-column), a shared module's title
 * and summary, adding a module from a template, and reporting a link. Each dialog is opened by its
 * URL (`?dialog=…`) or by the link that leads to it from 管理模块; each result is checked on the
 * page after the redirect and again after a reload.
 */

/** The starter homepage of a new account (services/homepage.server.ts: module 常用, category 常用网站). */
type Owner = { homepageId: number; moduleId: number; moduleName: string; bid: number; bagName: string }

const test = base.extend<{
  /** The test's page, signed in as a new account, and that account's starter homepage. */
  owner: Owner
  /** JSON-contract calls with the page's cookies, for what a test sets up rather than tests. */
  api: Api
  /** Another browser with the project's JavaScript setting: a new signed-in user, or a guest. Closed after the test. */
  visitor: (signedIn: boolean) => Promise<Page>
}>({
  api: apiFixture,
  owner: async ({ page }, use) => {
    await signUp(page)
    const info = (await (await page.request.get('/api/site/init-info')).json()).data
    const [module] = (await (await page.request.get(`/api/module/get-list?homepageId=${info.homepageId}`)).json()).data
    const [bag] = (await (await page.request.get(`/api/bag/get-create?homepageId=${info.homepageId}`)).json()).data[0].children
    await use({ homepageId: info.homepageId, moduleId: module.moduleId, moduleName: module.name, bid: bag.value, bagName: bag.label })
  },
  visitor: async ({ browser, javaScriptEnabled }, use) => {
    const contexts: { close: () => Promise<void> }[] = []
    await use(async (signedIn) => {
      const context = await browser.newContext({ javaScriptEnabled })
      contexts.push(context)
      const page = await context.newPage()
      if (signedIn) await signUp(page)
      return page
    })
    for (const context of contexts) await context.close()
  },
})

async function signUp(page: Page) {
  const response = await page.request.post('/api/sign/on', {
    form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
}

const rand = () => Math.random().toString(36).slice(2, 6)

/** `count` links in the category, named 链接1…; their ids in order. */
async function addLinks(api: Api, bid: number, count: number) {
  const ids: number[] = []
  for (let i = 1; i <= count; i++) {
    const link = (await api('/api/source/add', { bid, sour_name: `链接${i}`, sour_url: `https://site${i}.example/` })) as { id: number }
    ids.push(link.id)
  }
  return ids
}

/** The dialog: a modal with JavaScript, a labelled region (inline section) without. */
function panel(page: Page, js: boolean, title: string): Locator {
  return js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })
}

async function openDialog(page: Page, js: boolean, url: string, title: string) {
  await gotoReady(page, url, js)
  const dialog = panel(page, js, title)
  await expect(dialog).toBeVisible()
  return dialog
}

/**
 * The flash message while a dialog stays open: with JavaScript the modal's own copy (it hides the
 * page's toaster, whose message also goes after 3 s), without it the page's toaster.
 */
const flashIn = (page: Page, js: boolean, title: string) => (js ? panel(page, js, title).getByRole('status') : toast(page))

async function reload(page: Page, js: boolean) {
  await page.reload()
  await hydrated(page, js)
}

test('card config: width, link style and links per row show on the category; 恢复默认 clears them', async ({ page, javaScriptEnabled: js, baseURL, owner, api }) => {
  test.setTimeout(90_000)
  await addLinks(api, owner.bid, 4)
  const title = `卡片设置：${owner.bagName}`
  const section = page.locator(`#bag-${owner.bid}`)
  const list = section.locator('ul.link-grid')

  await test.step('a plain card at first', async () => {
    await gotoReady(page, '/', js)
    await expect(list).toHaveClass('link-grid')
    await expect(section).toHaveClass('category')
  })

  const expectCard = async () => {
    await expect(section).toHaveClass('category category-span-2')
    // Two thirds of the module's row (app.css: a card width of 1, 2 or 3 thirds).
    const share = await section.evaluate((el) => el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width)
    expect(share).toBeGreaterThan(0.6)
    expect(share).toBeLessThan(0.72)
    await expect(list).toHaveClass('link-grid link-grid-text link-grid-columns')
    await expect(list).toHaveAttribute('style', /--link-columns:\s*3\b/)
    // Three tracks of links per row, whatever their widths.
    await expect(list).toHaveCSS('grid-template-columns', /^[\d.]+px [\d.]+px [\d.]+px$/)
  }

  await test.step('两列, 文字, 3 个 per row: saved, drawn on the category, kept after a reload', async () => {
    const dialog = await openDialog(page, js, `/?dialog=card-config&bid=${owner.bid}`, title)
    await dialog.getByLabel('卡片宽度', { exact: true }).selectOption({ label: '两列' })
    await dialog.getByRole('radio', { name: '文字', exact: true }).check()
    await dialog.getByLabel('每行书签数', { exact: true }).selectOption({ label: '3 个' })
    await dialog.getByRole('button', { name: '保存', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(toast(page)).toHaveText('设置成功')
    await expectCard()
    await reload(page, js)
    await expectCard()
  })

  await test.step('the dialog shows what was saved; 恢复默认 clears it all', async () => {
    const dialog = await openDialog(page, js, `/?dialog=card-config&bid=${owner.bid}`, title)
    await expect(dialog.getByLabel('卡片宽度', { exact: true })).toHaveValue('2')
    await expect(dialog.getByRole('radio', { name: '文字', exact: true })).toBeChecked()
    await expect(dialog.getByLabel('每行书签数', { exact: true })).toHaveValue('3')
    await dialog.getByRole('button', { name: `恢复默认卡片样式 ${owner.bagName}`, exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(toast(page)).toHaveText('设置成功')
    await expect(section).toHaveClass('category')
    await expect(list).toHaveClass('link-grid')
    await expect(list).not.toHaveAttribute('style')
    await reload(page, js)
    await expect(section).toHaveClass('category')
    await expect(list).toHaveClass('link-grid')
    const again = await openDialog(page, js, `/?dialog=card-config&bid=${owner.bid}`, title)
    await expect(again.getByLabel('卡片宽度', { exact: true })).toHaveValue('')
    await expect(again.getByRole('radio', { name: '默认', exact: true })).toBeChecked()
  })
})

test('rows a category shows (管理模块): --max-rows on the page, a long category scrolls', async ({ page, javaScriptEnabled: js, baseURL, owner, api }) => {
  test.setTimeout(90_000)
  // Fifteen links: three rows (six a row by default, spec §9) in a category card.
  await addLinks(api, owner.bid, 15)
  const homepage = page.locator('.homepage')
  const list = page.locator(`#bag-${owner.bid} > ul.link-grid`)
  /** The list's height: --row (2rem, app.css) per row, the root font being 16px. */
  const rowsHigh = (rows: number) => `${Math.round(rows * 2 * 16 * 100) / 100}px`
  const scrolls = () => list.evaluate((el) => el.scrollHeight > el.clientHeight)

  await test.step('six rows by default (spec §9): the three rows fit, and a pointer on the last one shows its menu link (⋯) uncut', async () => {
    await gotoReady(page, '/', js)
    await expect(page.locator('html')).toHaveCSS('font-size', '16px')
    await expect(homepage).toHaveAttribute('style', /--max-rows:\s*6\b/)
    await expect(list).toHaveCSS('max-height', rowsHigh(6))
    expect(await scrolls()).toBe(false)
    const last = list.locator(':scope > li').last()
    await last.hover()
    const tools = last.getByRole('link', { name: '管理', exact: true })
    await expect(tools).toHaveCSS('opacity', '1')
    const [toolsBox, listBox] = [await tools.boundingBox(), await list.boundingBox()]
    expect(toolsBox!.y + toolsBox!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height)
  })

  const expectTwoRows = async () => {
    await expect(homepage).toHaveAttribute('style', /--max-rows:\s*2\b/)
    await expect(list).toHaveCSS('max-height', rowsHigh(2))
    await expect(list).toHaveCSS('overflow-y', 'auto')
    expect(await scrolls()).toBe(true)
  }

  await test.step('two rows from 管理模块: saved, the list dialog stays open, the category scrolls, kept after a reload', async () => {
    const dialog = await openDialog(page, js, '/?dialog=manage-modules', '管理模块')
    const height = dialog.getByLabel('每个分类最多显示', { exact: true })
    await expect(height).toHaveValue('6')
    await height.selectOption({ label: '2 行' })
    await dialog.getByRole('button', { name: '保存', exact: true }).click()
    await expect(flashIn(page, js, '管理模块')).toHaveText('设置成功')
    await expect(page).toHaveURL(`${baseURL}/?dialog=manage-modules`)
    await expect(panel(page, js, '管理模块').getByLabel('每个分类最多显示', { exact: true })).toHaveValue('2')
    await expectTwoRows()
    await gotoReady(page, '/', js)
    await expectTwoRows()
  })
})

test('share title and summary: saved in the module’s share dialog, shown to a guest on its page', async ({ page, javaScriptEnabled: js, baseURL, owner, api, visitor }) => {
  test.setTimeout(90_000)
  // A personal domain for the share link; the homepage itself stays private.
  const code = `intro-${rand()}${rand()}`
  await api('/api/homepage/add', { homepageId: owner.homepageId, title: '我的主页', icon: 'tabler:home', code })
  await addLinks(api, owner.bid, 1)
  const shareTitle = `导航${rand()}`
  const summary = `每天都看的网站 ${rand()}`
  const title = `分享模块：${owner.moduleName}`
  const moduleUrl = `${baseURL}/${code}/${owner.moduleId}`
  const dialogUrl = `${baseURL}/?dialog=share-module&moduleId=${owner.moduleId}&from=manage-modules`

  await test.step('管理模块 → 分享 → 立即分享', async () => {
    const list = await openDialog(page, js, '/?dialog=manage-modules', '管理模块')
    await list.getByRole('link', { name: `分享 ${owner.moduleName}`, exact: true }).click()
    await expect(page).toHaveURL(dialogUrl)
    await panel(page, js, title).getByRole('button', { name: `立即分享 ${owner.moduleName}`, exact: true }).click()
    await expect(flashIn(page, js, title)).toHaveText('分享成功')
    await expect(panel(page, js, title).getByLabel('分享链接', { exact: true })).toHaveValue(moduleUrl)
  })

  await test.step('a title and a summary: saved, the dialog stays, kept after a reload', async () => {
    const dialog = panel(page, js, title)
    await dialog.getByLabel('分享页标题（可不填）', { exact: true }).fill(shareTitle)
    await dialog.getByLabel('分享页简介（可不填）', { exact: true }).fill(summary)
    await dialog.getByRole('button', { name: '保存标题和简介', exact: true }).click()
    await expect(flashIn(page, js, title)).toHaveText('保存成功')
    await expect(page).toHaveURL(dialogUrl)
    await reload(page, js)
    await expect(panel(page, js, title).getByLabel('分享页标题（可不填）', { exact: true })).toHaveValue(shareTitle)
    await expect(panel(page, js, title).getByLabel('分享页简介（可不填）', { exact: true })).toHaveValue(summary)
  })

  await test.step('a guest opens the module’s page: the title heads it, the summary under the module’s name', async () => {
    const guest = await visitor(false)
    expect((await gotoReady(guest, moduleUrl, js))?.status()).toBe(200)
    await expect(guest).toHaveTitle(`${owner.moduleName} - ${shareTitle} - 起页`)
    await expect(guest.getByRole('banner').locator('.brand-name')).toHaveText(shareTitle)
    await expect(guest.getByRole('heading', { level: 1, name: owner.moduleName })).toBeVisible()
    await expect(guest.locator('.homepage-intro').getByText(summary, { exact: true })).toBeVisible()
    await expect(guest.getByRole('link', { name: '链接1' })).toBeVisible()
  })
})

test('a module from a template (管理模块 → 从模板添加): its categories and links appear; the same form twice adds it once', async ({
  page,
  javaScriptEnabled: js,
  baseURL,
  owner,
}) => {
  test.setTimeout(90_000)
  const dev = page.locator('section.module').filter({ has: page.getByRole('heading', { level: 2, name: '开发', exact: true }) })
  const expectDevModule = async () => {
    await expect(dev).toHaveCount(1)
    for (const category of ['代码托管', '文档', '技术社区', '开发工具']) {
      await expect(dev.getByRole('heading', { level: 3, name: category, exact: true })).toBeVisible()
    }
    await expect(dev.getByRole('link', { name: 'GitHub', exact: true })).toHaveAttribute('href', 'https://github.com/')
    await expect(dev.getByRole('link', { name: 'Stack Overflow', exact: true })).toHaveAttribute('href', 'https://stackoverflow.com/')
    await expect(page.getByRole('navigation', { name: '模块' }).getByRole('link')).toHaveText([owner.moduleName, '开发'])
  }

  let key = ''
  await test.step('open 从模板添加 from 管理模块 and add 开发', async () => {
    const list = await openDialog(page, js, '/?dialog=manage-modules', '管理模块')
    await list.getByRole('link', { name: '从模板添加', exact: true }).click()
    const dialog = panel(page, js, '从模板添加模块')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('代码托管（4）、文档（6）、技术社区（7）、开发工具（5）')
    await expect(dev).toHaveCount(0)
    const add = dialog.getByRole('button', { name: '添加模板 开发', exact: true })
    key = await add.locator('xpath=..').locator('input[name="key"]').inputValue()
    expect(key).toMatch(/^[\w-]+:3$/)
    await add.click()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(toast(page)).toHaveText('操作成功！')
    await expectDevModule()
    await reload(page, js)
    await expectDevModule()
  })

  await test.step('the same form (same key) submitted again adds nothing', async () => {
    if (js) {
      // With JavaScript, going back loads the dialog afresh (a new key, a new copy by design): the
      // same form is re-sent as a browser's retry would send it.
      const response = await page.request.post('/?index', {
        headers: { Origin: baseURL! },
        form: { intent: 'choose-template', homepageId: String(owner.homepageId), templateId: '3', key },
        maxRedirects: 0,
      })
      expect(response.status()).toBe(302)
      await reload(page, js)
    } else {
      // Without JavaScript, back shows the page as it was, the same key in its form.
      await page.goBack()
      const again = panel(page, js, '从模板添加模块').getByRole('button', { name: '添加模板 开发', exact: true })
      await expect(again.locator('xpath=..').locator('input[name="key"]')).toHaveValue(key)
      await again.click()
      await expect(page).toHaveURL(`${baseURL}/`)
      await expect(toast(page)).toHaveText('操作成功！')
    }
    await expectDevModule()
    await reload(page, js)
    await expectDevModule()
  })
})

test('report a link on a public homepage: 其他 needs words; the report is thanked; a guest signs in first', async ({
  page,
  javaScriptEnabled: js,
  baseURL,
  owner,
  api,
  visitor,
}) => {
  test.setTimeout(90_000)
  const code = `rep-${rand()}${rand()}`
  await api('/api/homepage/add', { homepageId: owner.homepageId, title: '公开的主页', icon: 'tabler:home', code })
  await api('/api/homepage/set-open-status', { homepageId: owner.homepageId })
  const [firstLink] = await addLinks(api, owner.bid, 2)
  const dialogPath = `/${code}?dialog=report-link&bid=${owner.bid}`
  const title = `举报链接：${owner.bagName}`
  const reporter = await visitor(true)

  await test.step('其他 with nothing written: 请填写具体原因, and the choices are kept', async () => {
    const dialog = await openDialog(reporter, js, dialogPath, title)
    await dialog.getByLabel('链接', { exact: true }).selectOption({ label: '链接2（site2.example）' })
    await dialog.getByRole('radio', { name: '其他', exact: true }).check()
    await dialog.getByRole('button', { name: '提交举报', exact: true }).click()
    const shown = panel(reporter, js, title)
    await expect(shown.getByText('请填写具体原因', { exact: true })).toBeVisible()
    await expect(shown.getByLabel('链接', { exact: true }).locator('option:checked')).toHaveText('链接2（site2.example）')
    await expect(shown.getByRole('radio', { name: '其他', exact: true })).toBeChecked()
    // With JavaScript the field with the error gets the focus.
    if (js) await expect(shown.getByLabel('具体原因（选择“其他”时必填）', { exact: true })).toBeFocused()
  })

  await test.step('with the words: 感谢反馈, back on the homepage', async () => {
    const dialog = panel(reporter, js, title)
    await dialog.getByLabel('具体原因（选择“其他”时必填）', { exact: true }).fill('页面打开是别的网站')
    await dialog.getByRole('button', { name: '提交举报', exact: true }).click()
    await expect(reporter).toHaveURL(`${baseURL}/${code}`)
    await expect(toast(reporter)).toHaveText('感谢反馈，我们会尽快处理')
    await expect(panel(reporter, js, title)).toHaveCount(0)
    await reload(reporter, js)
    await expect(toast(reporter)).toHaveText('')
  })

  await test.step('opened for one link (&id=), that link is chosen', async () => {
    const dialog = await openDialog(reporter, js, `${dialogPath}&id=${firstLink}`, title)
    await expect(dialog.getByLabel('链接', { exact: true })).toHaveValue(String(firstLink))
    await expect(dialog.getByRole('radio', { name: '其他', exact: true })).not.toBeChecked()
  })

  await test.step('a guest is sent to sign in, and once registered lands in the dialog', async () => {
    const guest = await visitor(false)
    await gotoReady(guest, dialogPath, js)
    await expect(guest).toHaveURL(`${baseURL}/login?redirectTo=${encodeURIComponent(dialogPath)}`)
    await expect(guest.getByRole('heading', { level: 1, name: '登录' })).toBeVisible()
    await guest.getByRole('link', { name: '注册新账号', exact: true }).click()
    const register = guest.locator('form#register-form')
    await register.getByLabel('昵称', { exact: true }).fill(uniqueNickname())
    await register.getByLabel('邮箱', { exact: true }).fill(uniqueEmail())
    await register.getByLabel('密码', { exact: true }).fill(PASSWORD)
    await register.getByRole('button', { name: '注册', exact: true }).click()
    // The new account's choice page offers the way back to where the sign-up began.
    await expect(guest).toHaveURL(`${baseURL}/welcome?redirectTo=${encodeURIComponent(dialogPath)}`)
    await expectSignInToast(guest, '注册成功，页面即将刷新')
    await guest.getByRole('link', { name: '返回注册前的页面', exact: true }).click()
    await expect(guest).toHaveURL(`${baseURL}${dialogPath}`)
    // The route's and the dialog's code load on this navigation (lazy parts, ADR 015), and React
    // keeps the login page in view until they have: on a loaded CI machine that took over 5 s.
    await expect(panel(guest, js, title).getByLabel('链接', { exact: true })).toBeVisible({ timeout: 20_000 })
  })
})
