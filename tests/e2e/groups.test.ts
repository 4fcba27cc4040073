import { expect, test, type Browser, type Page } from '@playwright/test'
import { expectNoSeriousViolations, gotoReady, PASSWORD, toast, uniqueEmail, uniqueNickname } from './helpers.ts'

/**
 * Groups (issue 24), through the pages only, without JavaScript (and with it): A creates a closed
 * group and an invite code; B joins by the code; C applies and A approves on /group/notice; B's
 * contribution waits for review, unseen by a member or a guest, until A approves it; C copies it
 * into her own category; B's second link is approved, removed by A and appealed; the log tells it all.
 */

const rand = () => Math.random().toString(36).slice(2, 7)

/** A person in a browser of their own, signed up (as sharing.test.ts does) unless a guest. */
async function newUser(browser: Browser, js: boolean, signedIn = true) {
  const context = await browser.newContext({ javaScriptEnabled: js })
  const page = await context.newPage()
  const nickname = signedIn ? uniqueNickname() : ''
  if (signedIn) {
    const response = await page.request.post('/api/sign/on', { form: { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD } })
    expect((await response.json()).code).toBe(1)
  }
  return { page, nickname, close: () => context.close() }
}

/** A bookmark as the group page lists it: its list item, found by the link's name. */
const bookmarkRow = (page: Page, name: string) => page.locator('.gd-bookmark').filter({ has: page.getByRole('link', { name, exact: true }) })
/** A row of a tab's list (待审核, 我的投稿, 回收站), found by the link's name. */
const tabRow = (page: Page, name: string) => page.locator('.gd-row').filter({ has: page.getByRole('link', { name, exact: true }) })

/**
 * A button of a list row, named by its word and (for a screen reader, in a visually hidden span)
 * the bookmark's name: 通过：好站 (the hidden span may read as a word of its own).
 */
const named = (word: string, name: string) => new RegExp(`^${word}\\s*：${name}$`)

/** 投稿: fills the group page's 投稿书签 form and sends it; the link waits for review. */
async function contribute(page: Page, link: { name: string; url: string }) {
  const form = page.getByRole('form', { name: '投稿书签' })
  await expect(form.getByText('投稿需要管理员审核，通过后显示在小组里。')).toBeVisible()
  await form.getByLabel('网站名称', { exact: true }).fill(link.name)
  await form.getByLabel('网址', { exact: true }).fill(link.url)
  await form.getByRole('button', { name: '投稿', exact: true }).click()
  await expect(toast(page)).toHaveText('投稿成功，管理员审核通过后显示')
}

test('a closed group: joined by code and by application, contributions reviewed, copied, removed and appealed', async ({ browser, javaScriptEnabled: js, baseURL }) => {
  test.setTimeout(90_000)
  const [a, b, c, guest] = await Promise.all([newUser(browser, js), newUser(browser, js), newUser(browser, js), newUser(browser, js, false)])
  const groupName = `私密组${rand()}`
  const category = `资源${rand()}`
  const first = { name: `好站${rand()}`, url: `https://first-${rand()}.example/` }
  const second = { name: `另一站${rand()}`, url: `https://second-${rand()}.example/` }
  let groupId = 0
  const groupPage = (query = '') => `/group/${groupId}${query}`

  await test.step('A creates a closed group and a category in it', async () => {
    await gotoReady(a.page, '/group/create', js)
    await expect(a.page.getByRole('heading', { level: 1, name: '创建小组' })).toBeVisible()
    await a.page.getByLabel('小组名称', { exact: true }).fill(groupName)
    await a.page.getByLabel('小组简介', { exact: true }).fill('一起收集好网站')
    await a.page.getByRole('checkbox', { name: '公开小组' }).uncheck()
    await a.page.getByRole('button', { name: '创建小组', exact: true }).click()
    await expect(a.page).toHaveURL(/\/group\/\d+$/)
    await expect(toast(a.page)).toHaveText('创建成功')
    groupId = Number(new URL(a.page.url()).pathname.split('/')[2])
    await expect(a.page.getByRole('heading', { level: 1 })).toHaveText(`${groupName}私密`)
    await expect(a.page.getByText('你是创建者', { exact: true })).toBeVisible()

    const side = a.page.getByRole('complementary', { name: '分类' })
    await side.getByText('添加分类', { exact: true }).click()
    await side.getByLabel('分类名称', { exact: true }).fill(category)
    await side.getByRole('button', { name: '添加', exact: true }).click()
    await expect(toast(a.page)).toHaveText('保存成功')
    await expect(a.page).toHaveURL(new RegExp(`/group/${groupId}/\\d+$`))
    await expect(side.getByRole('link', { name: category })).toHaveAttribute('aria-current', 'page')
  })

  let code = ''
  await test.step('A generates an invite code in the invite tab and reads it off the page', async () => {
    await gotoReady(a.page, groupPage('?tab=invite'), js)
    await expect(a.page.getByRole('link', { name: '邀请', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(a.page.getByText('还没有邀请码。', { exact: false })).toBeVisible()
    await a.page.getByRole('button', { name: '生成邀请码', exact: true }).click()
    await expect(toast(a.page)).toHaveText('邀请码已生成')
    const shown = a.page.getByRole('paragraph').filter({ hasText: '邀请码：' })
    await expect(shown).toContainText('已开启')
    code = (await shown.locator('code').textContent())!.trim()
    expect(code.length).toBeGreaterThan(10)
    await expect(a.page.getByRole('textbox', { name: '邀请链接' })).toHaveValue(new RegExp(`/group/invite\\?code=${code}$`))
  })

  await test.step('B types the code on /group/join, sees the group and joins it', async () => {
    await gotoReady(b.page, '/group/join', js)
    await b.page.getByLabel('邀请码', { exact: true }).fill(code)
    await b.page.getByRole('button', { name: '查看小组', exact: true }).click()
    await expect(b.page).toHaveURL(/\/group\/invite\?code=/)
    await expect(b.page.getByRole('heading', { level: 1, name: '加入小组' })).toBeVisible()
    await expect(b.page.getByText(groupName).first()).toBeVisible()
    await b.page.getByRole('button', { name: '加入小组', exact: true }).click()
    await expect(b.page).toHaveURL(new RegExp(`/group/${groupId}$`))
    await expect(toast(b.page)).toHaveText('已加入小组')
    await expect(b.page.getByText('你是成员', { exact: true })).toBeVisible()
    await expect(b.page.getByRole('complementary', { name: '分类' }).getByRole('link', { name: category })).toBeVisible()
  })

  await test.step('C applies to join; A approves on /group/notice', async () => {
    await gotoReady(c.page, groupPage(), js)
    await expect(c.page.getByRole('heading', { level: 2, name: '该小组不公开，加入后可查看' })).toBeVisible()
    await c.page.getByRole('button', { name: '申请加入', exact: true }).click()
    await expect(toast(c.page)).toHaveText('申请已提交，请等待管理员审核')
    await expect(c.page.getByText('已申请，等待审核', { exact: true })).toBeVisible()

    await gotoReady(a.page, '/group/notice', js)
    await expect(a.page.getByRole('heading', { level: 2, name: '待审核的入组申请（1）' })).toBeVisible()
    await a.page.getByRole('button', { name: `通过 ${c.nickname} 加入「${groupName}」的申请`, exact: true }).click()
    await expect(toast(a.page)).toHaveText('已通过入组申请')
    await expect(a.page.getByRole('heading', { level: 2, name: '待审核的入组申请（1）' })).toHaveCount(0)

    await gotoReady(c.page, groupPage(), js)
    await expect(c.page.getByText('你是成员', { exact: true })).toBeVisible()
    await expect(c.page.getByText('3 位成员', { exact: true })).toBeVisible()
  })

  await test.step('B contributes a link: it waits for review, unseen by a member and a guest', async () => {
    await gotoReady(b.page, groupPage(), js)
    await contribute(b.page, first)
    await expect(b.page.getByRole('link', { name: first.name, exact: true })).toHaveCount(0)
    await gotoReady(b.page, groupPage('?tab=mine'), js)
    await expect(tabRow(b.page, first.name)).toContainText('待审核')

    await gotoReady(c.page, groupPage(), js)
    await expect(c.page.getByRole('heading', { level: 2, name: category })).toContainText('共 0 个')
    await expect(c.page.getByRole('link', { name: first.name, exact: true })).toHaveCount(0)
    await gotoReady(guest.page, groupPage(), js)
    await expect(guest.page.getByRole('heading', { level: 2, name: '该小组不公开，加入后可查看' })).toBeVisible()
    await expect(guest.page.getByRole('link', { name: first.name, exact: true })).toHaveCount(0)
  })

  await test.step('A approves it in the review tab; it shows in the category', async () => {
    await gotoReady(a.page, groupPage('?tab=review'), js)
    await expect(a.page.getByRole('heading', { level: 2, name: /^待审核的投稿/ })).toContainText('共 1 个')
    await expect(tabRow(a.page, first.name)).toContainText(`${b.nickname} 投稿于`)
    await tabRow(a.page, first.name).getByRole('button', { name: named('通过', first.name) }).click()
    await expect(toast(a.page)).toHaveText('审核完成')
    await expect(a.page.getByText('没有待审核的投稿', { exact: true })).toBeVisible()

    await gotoReady(a.page, groupPage(), js)
    await expect(bookmarkRow(a.page, first.name)).toContainText(`由 ${b.nickname} 添加`)
    await expectNoSeriousViolations(a.page, js, browser, baseURL)
  })

  await test.step('C, now a member, copies it into her own category; her start page shows it', async () => {
    await gotoReady(c.page, groupPage(), js)
    await bookmarkRow(c.page, first.name).getByRole('link', { name: `复制到我的分类 ${first.name}`, exact: true }).click()
    const row = bookmarkRow(c.page, first.name)
    await row.getByLabel('复制到', { exact: true }).selectOption({ label: '常用网站' })
    await row.getByRole('button', { name: '复制', exact: true }).click()
    await expect(toast(c.page)).toHaveText('已添加到我的分类')

    await gotoReady(c.page, '/', js)
    await expect(c.page.getByRole('link', { name: first.name }).first()).toBeVisible()
  })

  await test.step('B contributes a second link; A approves it, then removes it', async () => {
    await gotoReady(b.page, groupPage(), js)
    await contribute(b.page, second)

    await gotoReady(a.page, groupPage('?tab=review'), js)
    await tabRow(a.page, second.name).getByRole('button', { name: named('通过', second.name) }).click()
    await expect(toast(a.page)).toHaveText('审核完成')

    await gotoReady(a.page, groupPage(), js)
    await bookmarkRow(a.page, second.name).getByRole('button', { name: `删除 ${second.name}`, exact: true }).click()
    await expect(toast(a.page)).toHaveText('删除成功！您可以在书签回收站中恢复')
    await expect(a.page.getByRole('link', { name: second.name, exact: true })).toHaveCount(0)
    await expect(bookmarkRow(a.page, first.name)).toBeVisible()
  })

  await test.step('B sees it removed in 我的投稿 and appeals', async () => {
    await gotoReady(b.page, groupPage('?tab=mine'), js)
    const row = tabRow(b.page, second.name)
    await expect(row).toContainText('已被管理员删除')
    await row.getByRole('button', { name: named('申诉', second.name) }).click()
    await expect(toast(b.page)).toHaveText('申诉已提交，请等待管理员处理')
    await expect(tabRow(b.page, second.name)).toContainText('已被删除 · 申诉中')
    await expect(tabRow(b.page, second.name).getByRole('button', { name: /^申诉/ })).toHaveCount(0)
  })

  await test.step('A sees the appeal in the trash tab', async () => {
    await gotoReady(a.page, groupPage('?tab=trash'), js)
    const row = tabRow(a.page, second.name)
    await expect(row).toContainText('申诉中')
    await expect(row).toContainText(`${b.nickname} 添加`)
    await expect(row.getByRole('button', { name: named('通过申诉', second.name) })).toBeVisible()
    await expect(row.getByRole('button', { name: named('驳回', second.name) })).toBeVisible()
  })

  await test.step('the log tab lists each step, newest first', async () => {
    await gotoReady(a.page, groupPage('?tab=log'), js)
    await expect(a.page.getByRole('heading', { level: 2, name: /^小组日志/ })).toContainText('共 12 条')
    await expect(a.page.locator('.gd-log .gd-row-main')).toHaveText([
      `${b.nickname}申诉了被删除的书签「${second.name}」`,
      `${a.nickname}删除了书签「${second.name}」`,
      `${a.nickname}通过了投稿「${second.name}」`,
      `${b.nickname}投稿了书签「${second.name}」`,
      `${a.nickname}通过了投稿「${first.name}」`,
      `${b.nickname}投稿了书签「${first.name}」`,
      `${a.nickname}通过了入组申请「${c.nickname}」`,
      `${c.nickname}申请加入小组「${c.nickname}」`,
      `${b.nickname}加入了小组「${b.nickname}」`,
      `${a.nickname}生成了邀请码`,
      `${a.nickname}添加了分类「${category}」`,
      `${a.nickname}创建了小组「${groupName}」`,
    ])
  })

  await test.step('/group lists the group under 我创建的', async () => {
    await gotoReady(a.page, '/group?tab=create', js)
    await expect(a.page.getByRole('heading', { level: 1, name: '小组' })).toBeVisible()
    await expect(a.page.getByRole('heading', { level: 3, name: groupName })).toBeVisible()
    await expectNoSeriousViolations(a.page, js, browser, baseURL)
  })

  await Promise.all([a.close(), b.close(), c.close(), guest.close()])
})
