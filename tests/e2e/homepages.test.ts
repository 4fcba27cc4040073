import { expect, test, type Locator, type Page } from '@playwright/test'
import { banner, gotoReady, PASSWORD, seriousViolations, toast, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * The owner's homepages through the pages only, with JavaScript and without: the header name
 * opens the homepage popover; create a second homepage with a code, switch between them, pin,
 * the default one refuses deletion, trash, restore and delete for good from /user/trash.
 */

const rand = () => Math.random().toString(36).slice(2, 7)

/** A dialog: modal with JavaScript, a labelled region without it. */
const panel = (page: Page, js: boolean, title: string): Locator =>
  js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })

/** A toast of the page, or of an open list dialog (the modal hides the page's own one). */
const flash = (page: Page) => toast(page).or(page.locator('.toaster')).first()

test('create, switch, pin, keep the default, trash, restore and delete a homepage', async ({ page, javaScriptEnabled: js, baseURL }) => {
  test.setTimeout(90_000)
  const nickname = uniqueNickname()
  const signedUp = await page.request.post('/api/sign/on', { form: { user_nickname: nickname, user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await signedUp.json()).code).toBe(1)
  const starter = `${nickname}的主页`
  const title = `工作台${rand()}`
  const code = `Desk-${rand()}`
  const popover = () => panel(page, js, '我的主页')
  const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true })

  /** The header's homepage name, by keyboard: it opens the popover on the page shown. */
  async function openPopover(current: string) {
    const name = banner(page).getByRole('link', { name: `${current}（我的主页）` })
    await name.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/[?&]dialog=homepages/)
    await expect(popover()).toBeVisible()
  }

  await test.step('create a second homepage with a code from the popover', async () => {
    await gotoReady(page, '/', js)
    await openPopover(starter)
    await popover().getByRole('link', { name: '创建新主页' }).click()
    const dialog = panel(page, js, '创建主页')
    await dialog.getByLabel('主页名称', { exact: true }).fill(title)
    await dialog.getByLabel('个性域名', { exact: true }).fill('login')
    await dialog.getByRole('button', { name: '保存', exact: true }).click()
    // Every failing field says why, at once, without losing what was typed.
    await expect(panel(page, js, '创建主页').getByText('该个性域名为系统保留，请换一个', { exact: true })).toBeVisible()
    await expect(panel(page, js, '创建主页').getByText('请上传图标', { exact: true })).toBeVisible()
    await expect(panel(page, js, '创建主页').getByLabel('主页名称', { exact: true })).toHaveValue(title)
    await panel(page, js, '创建主页').getByLabel('个性域名', { exact: true }).fill(code)
    const star = panel(page, js, '创建主页').getByRole('radio', { name: '星标', exact: true }).first()
    await star.check({ force: true })
    await expect(star).toBeChecked()
    await panel(page, js, '创建主页').getByRole('button', { name: '保存', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(toast(page)).toHaveText('保存成功')
    // The new homepage is the current one.
    await expect(h1(title)).toBeVisible()
  })

  await test.step('switch to the first homepage and back', async () => {
    await openPopover(title)
    await expect(popover().locator('.manage-row').filter({ hasText: title })).toContainText('当前')
    await popover().getByRole('button', { name: `切换到 ${starter}`, exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(flash(page)).toHaveText('已切换主页')
    await expect(h1(starter)).toBeVisible()
    await openPopover(starter)
    await popover().getByRole('button', { name: `切换到 ${title}`, exact: true }).click()
    await expect(h1(title)).toBeVisible()
  })

  await test.step('pin the first homepage: it moves to the top', async () => {
    await openPopover(title)
    const rows = popover().locator('.manage-row-name')
    await expect(rows.first()).toContainText(title)
    await popover().getByRole('button', { name: `置顶 ${starter}`, exact: true }).click()
    await expect(flash(page)).toHaveText('已置顶')
    await expect(popover().locator('.manage-row-name').first()).toContainText(starter)
    await expect(popover().locator('.manage-row-name').first()).toContainText('置顶')
    await expect(popover().getByRole('button', { name: `取消置顶 ${starter}`, exact: true })).toBeVisible()
  })

  await test.step('the default homepage cannot be deleted', async () => {
    await expect(popover().locator('.manage-row-name').filter({ hasText: '默认' })).toContainText(starter)
    await popover().getByRole('button', { name: `删除 ${starter}`, exact: true }).click()
    await expect(flash(page)).toHaveText('当前默认主页不可删除')
    await expect(popover().getByRole('button', { name: `删除 ${starter}`, exact: true })).toBeVisible()
  })

  await test.step('trash the second one: / falls back to the default, and /user/trash restores it', async () => {
    await popover().getByRole('button', { name: `删除 ${title}`, exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(flash(page)).toHaveText('删除成功！您可以在回收站中恢复')
    await expect(h1(starter)).toBeVisible()
    expect((await page.goto(`/${code}`))?.status()).toBe(404)

    await gotoReady(page, '/user/trash', js)
    const trashed = page.getByRole('region', { name: '已删除的主页' })
    await expect(trashed).toContainText(title)
    await expect(trashed).toContainText(`个性域名：${code}`)
    await trashed.getByRole('button', { name: `恢复主页 ${title}`, exact: true }).click()
    await expect(toast(page)).toHaveText('主页已恢复')
    await expect(page.getByRole('region', { name: '已删除的主页' })).toHaveCount(0)
    await gotoReady(page, `/${code.toLowerCase()}`, js)
    await expect(h1(title)).toBeVisible()
  })

  await test.step('trash it again and delete it for good', async () => {
    await openPopover(title)
    await popover().getByRole('button', { name: `删除 ${title}`, exact: true }).click()
    await expect(flash(page)).toHaveText('删除成功！您可以在回收站中恢复')
    await gotoReady(page, '/user/trash', js)
    await page.getByRole('button', { name: `彻底删除主页 ${title}`, exact: true }).click()
    await expect(toast(page)).toHaveText('操作成功！')
    await expect(page.getByRole('region', { name: '已删除的主页' })).toHaveCount(0)
    await gotoReady(page, '/?dialog=homepages', js)
    await expect(popover().locator('.manage-row')).toHaveCount(1)
  })
})

test('the homepage popover, the add / edit dialog (with errors), the signed-in header and the trash have no serious axe violations', async ({
  page,
  browser,
  javaScriptEnabled: js,
  baseURL,
}) => {
  test.setTimeout(90_000)
  // Without JavaScript axe runs on the server's HTML, in a context of its own (helpers.ts).
  await withAxeView(page, js, browser, baseURL, async (view) => {
    const signedUp = await view.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
    expect((await signedUp.json()).code).toBe(1)
    const headers = { Origin: baseURL! }
    const added = await (await view.request.post('/api/homepage/add', { headers, form: { title: '看一看', icon: 'tabler:home', code: `look-${rand()}` } })).json()
    await view.request.post('/api/homepage/set-top', { headers, form: { id: String(added.data.id) } })
    const trashed = await (await view.request.post('/api/homepage/add', { headers, form: { title: '删掉的', icon: 'tabler:home' } })).json()
    await view.request.post('/api/homepage/delete', { headers, form: { homepageId: String(trashed.data.id) } })

    for (const [url, title, submit] of [
      ['/?dialog=homepages', '我的主页', false],
      ['/?dialog=add-homepage', '创建主页', true],
      [`/?dialog=edit-homepage&homepageId=${added.data.id}`, '编辑主页', false],
    ] as const) {
      await test.step(title, async () => {
        await gotoReady(view, url, js)
        const dialog = panel(view, js, title)
        await expect(dialog).toBeVisible()
        if (submit) {
          await dialog.getByRole('button', { name: '保存', exact: true }).click()
          await expect(panel(view, js, title).getByText('请输入主页名称', { exact: true })).toBeVisible()
        }
        const serious = await seriousViolations(view, '.manage-dialog')
        expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
      })
    }
    await test.step('the header and the trash', async () => {
      await gotoReady(view, '/user/trash', js)
      await expect(view.getByRole('region', { name: '已删除的主页' })).toContainText('删掉的')
      const serious = await seriousViolations(view, 'body')
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
    })
  })
})
