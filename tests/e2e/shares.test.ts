import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { gotoReady, openCategoryMenu, PASSWORD, seriousViolations, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * Category share (issue 6), through the pages, with JavaScript and without: the owner shares a
 * category of their private homepage with a remark, a guest reads it at /collection/{bid},
 * another user follows it and finds it in /user/bag-follow, the owner cancels and it is gone.
 */

const CATEGORY = '常用网站'

function panel(page: Page, js: boolean, title: string): Locator {
  return js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })
}

/** A toast of the page, or of an open dialog (the modal hides the page's own one). */
const flash = (page: Page) => toast(page).or(page.locator('.toaster')).first()

async function signUp(page: Page) {
  const nickname = uniqueNickname()
  const response = await page.request.post('/api/sign/on', {
    form: { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
  return nickname
}

async function newUser(browser: Browser, js: boolean, signedIn: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js })
  const page = await context.newPage()
  const nickname = signedIn ? await signUp(page) : ''
  return { page, nickname, close: () => context.close() }
}

test('a shared category: a guest reads it, another user follows it, the owner cancels it', async ({ page, browser, javaScriptEnabled: js, baseURL }) => {
  test.setTimeout(120_000)
  const owner = await signUp(page)
  const remark = `常去的${Math.random().toString(36).slice(2, 6)}`

  const bid = await test.step('the owner has a public and a private link in the starter category', async () => {
    const info = (await (await page.request.get('/api/site/init-info')).json()).data
    const tree = (await (await page.request.get(`/api/bag/get-create?homepageId=${info.homepageId}`)).json()).data
    const bag = tree[0].children[0].value as number
    const headers = { Origin: baseURL! }
    for (const [name, url, only] of [
      ['大家看的', 'https://open.example/', '0'],
      ['自己看的', 'https://secret.example/', '1'],
    ] as const) {
      const body = await (await page.request.post('/api/source/add', { headers, form: { bid: String(bag), sour_name: name, sour_url: url, isOnlyOwnView: only } })).json()
      expect(body.code, body.msg).toBe(1)
    }
    return bag
  })

  const guest = await newUser(browser, js, false)
  await test.step('private until shared: the guest gets 404', async () => {
    expect((await guest.page.goto(`/collection/${bid}`))?.status()).toBe(404)
  })

  await test.step('the owner shares it with a remark from the category’s 分享', async () => {
    if (js) await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
    await gotoReady(page, '/', js)
    await (await openCategoryMenu(page, CATEGORY)).getByRole('link', { name: '分享分类', exact: true }).click()
    const dialog = panel(page, js, `分享分类：${CATEGORY}`)
    await dialog.getByRole('button', { name: '创建分享', exact: true }).click()
    await expect(flash(page)).toHaveText('分享成功')
    // Step 2 can go back to step 1: cancelled, it is private again.
    await panel(page, js, `分享分类：${CATEGORY}`).getByRole('button', { name: `取消分享 ${CATEGORY}` }).click()
    await expect(flash(page)).toHaveText('已取消分享')
    await panel(page, js, `分享分类：${CATEGORY}`).getByLabel('分享备注（可不填）').fill(remark)
    await panel(page, js, `分享分类：${CATEGORY}`).getByRole('button', { name: '创建分享', exact: true }).click()
    await expect(flash(page)).toHaveText('分享成功')

    const shared = panel(page, js, `分享分类：${CATEGORY}`)
    await expect(shared.getByText(remark, { exact: true })).toBeVisible()
    await expect(shared.getByLabel('分享链接', { exact: true })).toHaveValue(`${baseURL}/collection/${bid}`)
    await expect(shared.getByRole('link', { name: '分享到微博' })).toHaveAttribute('href', new RegExp(`url=${encodeURIComponent(`${baseURL}/collection/${bid}`)}`))
    await expect(shared.getByRole('link', { name: '分享到QQ空间' })).toBeVisible()
    await expect(shared.getByRole('link', { name: '分享到QQ', exact: true })).toBeVisible()
    await expect(shared.getByRole('link', { name: '立即查看' })).toHaveAttribute('href', `${baseURL}/collection/${bid}`)
    if (js) {
      await shared.getByRole('button', { name: '复制分享链接' }).click()
      await expect(flash(page)).toHaveText('复制成功')
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/collection/${bid}`)
    }
  })

  await test.step('a guest reads only that category: its links, the private one masked; following asks to log in', async () => {
    const response = await gotoReady(guest.page, `/collection/${bid}`, js)
    expect(response?.status()).toBe(200)
    await expect(guest.page.getByRole('heading', { level: 1, name: CATEGORY })).toBeVisible()
    await expect(guest.page.getByText(remark, { exact: true })).toBeVisible()
    await expect(guest.page.getByText(`来自 ${owner} 的分享`)).toBeVisible()
    await expect(guest.page.getByRole('link', { name: '大家看的' })).toHaveAttribute('href', 'https://open.example/')
    await expect(guest.page.getByText('未公开链接')).toBeVisible()
    await expect(guest.page.locator('a[href*="secret.example"]')).toHaveCount(0)
    await guest.page.getByRole('link', { name: /关注 0/ }).click()
    await expect(guest.page).toHaveURL(`${baseURL}/login?redirectTo=${encodeURIComponent(`/collection/${bid}`)}`)
  })

  const fan = await newUser(browser, js, true)
  await test.step('another user follows it and finds it in 我关注的分类', async () => {
    await gotoReady(fan.page, `/collection/${bid}`, js)
    await fan.page.getByRole('button', { name: /☆ 关注 0/ }).click()
    await expect(toast(fan.page)).toHaveText('已关注！您可以在【个人中心 - 我关注的分类】查看')
    await expect(fan.page.getByRole('button', { name: /★ 已关注 1/ })).toBeVisible()
    await gotoReady(fan.page, '/user/bag-follow', js)
    await expect(fan.page.getByRole('heading', { level: 1, name: '我关注的分类' })).toBeVisible()
    await expect(fan.page.getByRole('link', { name: CATEGORY })).toHaveAttribute('href', `/collection/${bid}`)
    await expect(fan.page.getByText(`来自 ${owner}`)).toBeVisible()
  })

  await test.step('the owner cancels it in 我分享的分类: the link answers 404, the follower sees it is gone', async () => {
    await gotoReady(page, '/user/bag-share', js)
    await expect(page.getByRole('link', { name: CATEGORY })).toBeVisible()
    await page.getByRole('button', { name: `取消分享 ${CATEGORY}` }).click()
    await expect(toast(page)).toHaveText('已取消分享')
    await expect(page.getByText('还没有分享过分类')).toBeVisible()
    expect((await guest.page.goto(`/collection/${bid}`))?.status()).toBe(404)
    await gotoReady(fan.page, '/user/bag-follow', js)
    await expect(fan.page.getByText('对方已取消分享，无法访问')).toBeVisible()
    await fan.page.getByRole('button', { name: `取消关注 ${CATEGORY}` }).click()
    await expect(toast(fan.page)).toHaveText('已取消关注')
    await expect(fan.page.getByText('还没有关注的分类')).toBeVisible()
  })

  await guest.close()
  await fan.close()
})

test('a shared module: shared from 管理模块, a guest sees only that module of the private homepage, cancelled', async ({
  page,
  browser,
  javaScriptEnabled: js,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await signUp(page)
  const code = `mod-${Math.random().toString(36).slice(2, 8)}`
  const title = `私人${Math.random().toString(36).slice(2, 6)}`
  const info = (await (await page.request.get('/api/site/init-info')).json()).data
  const saved = await page.request.post('/api/homepage/add', {
    headers: { Origin: baseURL! },
    form: { homepageId: String(info.homepageId), title, icon: 'tabler:home', code },
  })
  expect((await saved.json()).code).toBe(1)
  const [module] = (await (await page.request.get(`/api/module/get-list?homepageId=${info.homepageId}`)).json()).data as { moduleId: number; name: string }[]
  const moduleUrl = `${baseURL}/${code}/${module!.moduleId}`
  const guest = await newUser(browser, js, false)

  await test.step('from 管理模块: 分享 opens the dialog; 立即分享 gives the link', async () => {
    expect((await guest.page.goto(moduleUrl))?.status()).toBe(404)
    await gotoReady(page, '/?dialog=manage-modules', js)
    await panel(page, js, '管理模块').getByRole('link', { name: `分享 ${module!.name}` }).click()
    const dialog = panel(page, js, `分享模块：${module!.name}`)
    await dialog.getByRole('button', { name: `立即分享 ${module!.name}` }).click()
    await expect(flash(page)).toHaveText('分享成功')
    await expect(panel(page, js, `分享模块：${module!.name}`).getByLabel('分享链接', { exact: true })).toHaveValue(moduleUrl)
  })

  await test.step('a guest sees that module, and nothing else of the private homepage', async () => {
    expect((await gotoReady(guest.page, moduleUrl, js))?.status()).toBe(200)
    await expect(guest.page.getByRole('heading', { level: 1, name: module!.name })).toBeVisible()
    await expect(guest.page.getByText(title)).toHaveCount(0)
    expect((await guest.page.goto(`/${code}`))?.status()).toBe(404)
  })

  await test.step('取消分享: the link answers 404 again', async () => {
    await gotoReady(page, `/?dialog=share-module&moduleId=${module!.moduleId}`, js)
    await panel(page, js, `分享模块：${module!.name}`).getByRole('button', { name: `取消分享 ${module!.name}` }).click()
    await expect(flash(page)).toHaveText('已取消分享')
    await expect(panel(page, js, `分享模块：${module!.name}`).getByRole('button', { name: `立即分享 ${module!.name}` })).toBeVisible()
    expect((await guest.page.goto(moduleUrl))?.status()).toBe(404)
  })

  await guest.close()
})

/**
 * A fresh signed-in page for axe. Without JavaScript, as in a11y.test.ts: axe needs timers, so the
 * no-JS HTML is checked in a JS context whose scripts are all refused (the server-rendered page).
 */
async function axeUser(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true })
  if (!js) await context.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
  const page = await context.newPage()
  await signUp(page)
  return { page, close: () => context.close() }
}

test('the share dialogs, /collection and the user-centre share lists have no serious axe violations', async ({
  browser,
  javaScriptEnabled: js,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const headers = { Origin: baseURL! }
  const owner = await axeUser(browser, js, baseURL!)
  const visitor = await axeUser(browser, js, baseURL!)
  try {
    let target = owner.page
    const info = (await (await target.request.get('/api/site/init-info')).json()).data
    await target.request.post('/api/homepage/add', {
      headers,
      form: { homepageId: String(info.homepageId), title: '看看', icon: 'tabler:home', code: `axe-${Math.random().toString(36).slice(2, 8)}` },
    })
    const bid = (await (await target.request.get(`/api/bag/get-create?homepageId=${info.homepageId}`)).json()).data[0].children[0].value as number
    const [module] = (await (await target.request.get(`/api/module/get-list?homepageId=${info.homepageId}`)).json()).data as { moduleId: number; name: string }[]
    await target.request.post('/api/source/add', { headers, form: { bid: String(bid), sour_name: '一个链接', sour_url: 'https://open.example/' } })

    const dialogs = [
      [`/?dialog=share-bag&bid=${bid}`, `分享分类：${CATEGORY}`, '/api/bag/share', { bid: String(bid), remark: '备注' }],
      [`/?dialog=share-module&moduleId=${module!.moduleId}`, `分享模块：${module!.name}`, '/api/module/share', { moduleId: String(module!.moduleId) }],
    ] as const
    for (const [url, title, call, form] of dialogs) {
      await test.step(title, async () => {
        for (const step of ['step 1', 'step 2']) {
          await gotoReady(target, url, js)
          await expect(panel(target, js, title)).toBeVisible()
          const serious = await seriousViolations(target, '.manage-dialog')
          expect(serious, `${step}: ${JSON.stringify(serious, null, 2)}`).toEqual([])
          if (step === 'step 1') expect((await (await target.request.post(call, { headers, form })).json()).code).toBe(1)
        }
      })
    }
    await test.step('我分享的分类', async () => {
      await gotoReady(target, '/user/bag-share', js)
      await expect(target.getByRole('link', { name: CATEGORY })).toBeVisible()
      const serious = await seriousViolations(target, 'body')
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    })

    target = visitor.page
    expect((await (await target.request.post('/api/bag/follow', { headers, form: { bid: String(bid) } })).json()).code).toBe(1)
    await test.step('/collection as a visitor, with the collect form', async () => {
      await gotoReady(target, `/collection/${bid}`, js)
      await expect(target.getByRole('heading', { level: 2, name: '收藏到我的分类' })).toBeVisible()
      const serious = await seriousViolations(target, 'body')
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    })
    await test.step('我关注的分类', async () => {
      await gotoReady(target, '/user/bag-follow', js)
      await expect(target.getByRole('link', { name: CATEGORY })).toBeVisible()
      const serious = await seriousViolations(target, 'body')
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    })
  } finally {
    await owner.close()
    await visitor.close()
  }
})
