import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { gotoReady, PASSWORD, seriousViolations, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * Many homepages and sharing (issue 6), through the pages only, with JavaScript and without:
 * a second homepage with a personal domain, made public, seen by a guest, followed by a second
 * user, a third invited by link, promoted to manager, sorting a category, then removed.
 */

const rand = () => Math.random().toString(36).slice(2, 7)

function panel(page: Page, js: boolean, title: string): Locator {
  return js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })
}

/** A toast of the page, or of an open list dialog (the modal hides the page's own one). */
const flash = (page: Page) => toast(page).or(page.locator('.toaster')).first()

async function signUp(page: Page, nickname = uniqueNickname()) {
  const response = await page.request.post('/api/sign/on', {
    form: { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
  return nickname
}

async function newUser(browser: Browser, js: boolean, signedIn = true) {
  const context = await browser.newContext({ javaScriptEnabled: js })
  const page = await context.newPage()
  const nickname = signedIn ? await signUp(page) : ''
  return { page, nickname, close: () => context.close() }
}

async function pickIcon(dialog: Locator, name: string) {
  const radio = dialog.getByRole('radio', { name, exact: true }).first()
  await radio.check({ force: true })
  await expect(radio).toBeChecked()
}

test('a second homepage is shared, followed, joined by invite, co-managed, and its manager removed', async ({
  page,
  browser,
  javaScriptEnabled: js,
  baseURL,
}) => {
  test.setTimeout(180_000)
  await signUp(page)
  const code = `Team-${rand()}`
  const title = `团队${rand()}`

  await test.step('create a second homepage with a code; a taken code in another case is refused', async () => {
    await gotoReady(page, '/?dialog=add-homepage', js)
    let dialog = panel(page, js, '创建主页')
    await dialog.getByLabel('主页名称', { exact: true }).fill(title)
    await dialog.getByLabel('个性域名', { exact: true }).fill('ab')
    await pickIcon(dialog, '星标')
    await dialog.getByRole('button', { name: '保存', exact: true }).click()
    await expect(dialog.getByText('个性域名长度在4至20个字符内', { exact: true })).toBeVisible()
    await dialog.getByLabel('个性域名', { exact: true }).fill(code)
    await dialog.getByRole('button', { name: '保存', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(toast(page)).toHaveText('保存成功')
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

    await gotoReady(page, '/?dialog=add-homepage', js)
    dialog = panel(page, js, '创建主页')
    await dialog.getByLabel('主页名称', { exact: true }).fill('重复')
    await dialog.getByLabel('个性域名', { exact: true }).fill(code.toUpperCase())
    await pickIcon(dialog, '星标')
    await dialog.getByRole('button', { name: '保存', exact: true }).click()
    await expect(dialog.getByText('该个性域名已被占用', { exact: true })).toBeVisible()
  })

  const guest = await newUser(browser, js, false)
  await test.step('private: a guest gets the plain 404; public after the share switch', async () => {
    const before = await guest.page.goto(`/${code}`)
    expect(before?.status()).toBe(404)
    await gotoReady(page, `/${code}?dialog=share`, js)
    await panel(page, js, '分享主页').getByRole('button', { name: '公开主页', exact: true }).click()
    await expect(flash(page)).toHaveText('主页已公开！')
    const after = await gotoReady(guest.page, `/${code}`, js)
    expect(after?.status()).toBe(200)
    await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(guest.page.getByRole('link', { name: /关注 0/ })).toBeVisible()
  })

  const fan = await newUser(browser, js)
  await test.step('another user follows it', async () => {
    await gotoReady(fan.page, `/${code.toLowerCase()}`, js)
    await fan.page.getByRole('button', { name: /☆ 关注 0/ }).click()
    await expect(toast(fan.page)).toHaveText('已关注！您可以在【网站头部 - 下拉面板】查看')
    await expect(fan.page.getByRole('button', { name: /★ 已关注 1/ })).toBeVisible()
    await gotoReady(fan.page, `/${code}?dialog=homepages&tab=followed`, js)
    await expect(panel(fan.page, js, '我的主页').getByRole('link', { name: title })).toBeVisible()
  })

  let inviteUrl = ''
  await test.step('the owner makes an invite link', async () => {
    const dialog = panel(page, js, '分享主页')
    // The guest's and the follower's page views count (written within seconds); the owner's do not.
    await expect(async () => {
      await gotoReady(page, `/${code}?dialog=share&tab=invite`, js)
      await expect(dialog.locator('.homepage-stats')).toContainText(/今日访问[2-9]/, { timeout: 1_000 })
    }).toPass({ timeout: 20_000 })
    await expect(dialog.locator('.homepage-stats')).toContainText('关注1')
    await dialog.getByRole('button', { name: '生成邀请链接', exact: true }).click()
    await expect(flash(page)).toHaveText('邀请链接已生成')
    inviteUrl = await panel(page, js, '分享主页').getByLabel('邀请链接').inputValue()
    expect(inviteUrl).toMatch(/^\/invite\?code=[\w-]{43}$/)
  })

  const helper = await newUser(browser, js)
  await test.step('a third user joins by the link', async () => {
    await gotoReady(helper.page, inviteUrl, js)
    await helper.page.getByRole('button', { name: '加入主页', exact: true }).click()
    await expect(helper.page).toHaveURL(`${baseURL}/${code}`)
    await expect(toast(helper.page)).toHaveText('已加入该主页')
    const members = helper.page.getByRole('link', { name: '成员 2 人（成员列表）' })
    await expect(members).toBeVisible()
    // The members widget: the creator's and the new member's initials in circles.
    await expect(members.locator('.member-face')).toHaveCount(2)
    if (js) {
      const serious = await seriousViolations(helper.page, '.member-widget')
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    }
  })

  const bid = await test.step('the owner adds two links and promotes the new member to manager', async () => {
    const headers = { Origin: baseURL! }
    const info = (await (await page.request.get(`/api/homepage/get-create-list`)).json()).data as { id: number; code: string }[]
    const homepageId = info.find((h) => h.code === code)!.id
    const tree = (await (await page.request.get(`/api/bag/get-create?homepageId=${homepageId}`)).json()).data
    const bag = tree[0].children[0].value as number
    for (const name of ['第一站', '第二站']) {
      const body = await (await page.request.post('/api/source/add', { headers, form: { bid: String(bag), sour_name: name, sour_url: `https://${rand()}.example/` } })).json()
      expect(body.code, body.msg).toBe(1)
    }
    await gotoReady(page, `/${code}?dialog=members`, js)
    await panel(page, js, '成员列表').getByRole('button', { name: `设为管理员 ${helper.nickname}` }).click()
    await expect(flash(page)).toHaveText('设置成功')
    await expect(panel(page, js, '成员列表').getByRole('button', { name: `取消管理员 ${helper.nickname}` })).toBeVisible()
    return bag
  })

  await test.step('the manager sorts the category', async () => {
    await gotoReady(helper.page, `/${code}?dialog=batch&bid=${bid}`, js)
    const dialog = panel(helper.page, js, '批量管理：常用网站')
    await expect(dialog.getByRole('rowheader')).toHaveText(['第一站', '第二站'])
    await dialog.getByRole('button', { name: '下移 第一站' }).click()
    await expect(flash(helper.page)).toContainText('排序已自动保存')
    await expect(panel(helper.page, js, '批量管理：常用网站').getByRole('rowheader')).toHaveText(['第二站', '第一站'])
  })

  await test.step('the owner removes them; their next request is refused', async () => {
    await gotoReady(page, `/${code}?dialog=members`, js)
    await panel(page, js, '成员列表').getByRole('button', { name: `移除 ${helper.nickname}` }).click()
    await expect(flash(page)).toHaveText('移除成功')
    await gotoReady(helper.page, `/${code}?dialog=batch&bid=${bid}`, js)
    await expect(panel(helper.page, js, '批量管理：常用网站')).toHaveCount(0)
    const refused = await helper.page.request.post('/api/bookmark/sort', { headers: { Origin: baseURL! }, form: { bid: String(bid), ids: '1' } })
    expect((await refused.json()).msg).toBe('您没有权限执行此操作')
  })

  await test.step('unshared: the follower is told, a guest gets the plain 404', async () => {
    await gotoReady(page, `/${code}?dialog=share`, js)
    await panel(page, js, '分享主页').getByRole('button', { name: '取消公开', exact: true }).click()
    await expect(flash(page)).toHaveText('主页已经取消分享！')
    const followed = await fan.page.goto(`/${code}`)
    expect(followed?.status()).toBe(403)
    await expect(fan.page.getByText('对方已取消分享，无法访问')).toBeVisible()
    expect((await guest.page.goto(`/${code}`))?.status()).toBe(404)
  })
  await Promise.all([guest.close(), fan.close(), helper.close()])
})

test('pins at most three homepages, keeps the default, and restores a homepage whose code was taken', async ({
  page,
  browser,
  javaScriptEnabled: js,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const nickname = await signUp(page)
  const headers = { Origin: baseURL! }
  const code = `keep-${rand()}`
  const add = async (p: Page, form: Record<string, string>) => (await (await p.request.post('/api/homepage/add', { headers, form: { icon: 'tabler:home', ...form } })).json()).data
  for (const t of ['一号', '二号', '三号', '四号']) await add(page, { title: t })
  const kept = await add(page, { title: '留着', code })

  await gotoReady(page, '/?dialog=homepages', js)
  for (const t of ['一号', '二号', '三号']) {
    await panel(page, js, '我的主页').getByRole('button', { name: `置顶 ${t}`, exact: true }).click()
    await expect(flash(page)).toHaveText('已置顶')
  }
  await panel(page, js, '我的主页').getByRole('button', { name: '置顶 四号', exact: true }).click()
  await expect(flash(page)).toHaveText('最多置顶3个主页')

  const rows = panel(page, js, '我的主页').locator('.manage-row-name')
  await expect(rows.first()).toContainText('三号')
  // The starter homepage is the default one: nickname + 的主页.
  await expect(rows.filter({ hasText: '默认' })).toContainText(`${nickname}的主页`)
  await panel(page, js, '我的主页').getByRole('button', { name: `删除 ${nickname}的主页`, exact: true }).click()
  await expect(flash(page)).toHaveText('当前默认主页不可删除')

  await panel(page, js, '我的主页').getByRole('button', { name: '删除 留着', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(flash(page)).toHaveText('删除成功！您可以在回收站中恢复')
  const other = await newUser(browser, js)
  expect((await add(other.page, { title: '抢注', code: code.toUpperCase() })).code).toBe(code.toUpperCase())
  await gotoReady(page, '/user/trash', js)
  await page.getByRole('button', { name: '恢复主页 留着', exact: true }).click()
  await expect(toast(page)).toHaveText('主页已恢复，原个性域名已被占用，请重新设置')
  await gotoReady(page, `/?dialog=edit-homepage&homepageId=${kept.id}`, js)
  await expect(panel(page, js, '编辑主页').getByLabel('个性域名', { exact: true })).toHaveValue('')
  await other.close()
})
