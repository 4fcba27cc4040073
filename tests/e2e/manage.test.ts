import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { gotoReady, openCategoryMenu, PASSWORD, seriousViolations, toast, uniqueEmail, uniqueNickname, withAxeView } from './helpers.ts'

/**
 * The management dialogs of the start page (components/manage/), opened by their URLs
 * (`/?dialog=…`): the homepage view's own links to them are not what is tested here. Every test
 * runs with JavaScript (Radix dialogs, fetcher posts) and without (inline sections, plain posts).
 */

/** A new account, signed in through the JSON contract (its cookie lands in the page's context). */
async function signUp(page: Page | { request: Page['request'] }) {
  const response = await page.request.post('/api/sign/on', {
    form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD },
  })
  expect((await response.json()).code).toBe(1)
}

/**
 * Form posts straight to the page's action, with the page's cookies and a same-origin header, as a
 * browser would send them. A fresh request context each time: a pooled connection left idle while
 * the browser worked may have been closed by the server meanwhile.
 */
async function withPoster<T>(
  page: Page,
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  run: (post: (url: string, form: Record<string, string>) => ReturnType<APIRequestContext['post']>) => Promise<T>,
) {
  const context = await playwright.request.newContext({
    baseURL,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { Origin: baseURL! },
  })
  try {
    return await run((url, form) => context.post(url, { form, maxRedirects: 0 }))
  } finally {
    await context.dispose()
  }
}

/** The dialog: a modal with JavaScript, a labelled region (inline section) without. */
function panel(page: Page, javaScriptEnabled: boolean, title: string): Locator {
  return javaScriptEnabled ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title })
}

async function openDialog(page: Page, javaScriptEnabled: boolean, url: string, title: string) {
  await gotoReady(page, url, javaScriptEnabled)
  const dialog = panel(page, javaScriptEnabled, title)
  await expect(dialog).toBeVisible()
  return dialog
}

const save = (dialog: Locator) => dialog.getByRole('button', { name: '保存', exact: true }).click()
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true })
/**
 * Picks an icon of the selector. Its radios are visually hidden inside their labels (the label is
 * what a pointer clicks), so the click goes to the label and the radio's state is then checked.
 */
async function pickIcon(dialog: Locator, name: string) {
  const radio = dialog.getByRole('radio', { name, exact: true }).first()
  await radio.check({ force: true })
  await expect(radio).toBeChecked()
}

/** Messages shown beside a field, as text of the dialog. */
async function expectMessages(dialog: Locator, messages: string[]) {
  for (const message of messages) await expect(dialog.getByText(message, { exact: true })).toBeVisible()
}

/**
 * The flash toast and where the save landed. When a dialog stays open (a list dialog) the modal
 * hides the rest of the page from the accessibility tree, so the toast is found by its class.
 */
async function expectSaved(page: Page, baseURL: string | undefined, message = '保存成功', url = '/') {
  await expect(page).toHaveURL(`${baseURL}${url}`)
  await expect(url === '/' ? toast(page) : page.locator('.toaster')).toHaveText(message)
}

/** The id in the href of a link (编辑 / 删除 buttons of the list dialogs). */
async function idFromLink(link: Locator, param: string) {
  const href = await link.getAttribute('href')
  const value = new URL(href ?? '', 'http://x').searchParams.get(param)
  expect(value).toMatch(/^\d+$/)
  return Number(value)
}

/** The value of the option naming `text` in a select of the dialog. */
async function optionValue(dialog: Locator, selectName: string, text: string | RegExp) {
  const value = await dialog.locator(`select[name="${selectName}"] option`).filter({ hasText: text }).first().getAttribute('value')
  expect(value).toMatch(/^\d+$/)
  return Number(value)
}

const rand = () => Math.random().toString(36).slice(2, 6)

async function createModule(page: Page, js: boolean, baseURL: string | undefined, name: string) {
  const dialog = await openDialog(page, js, '/?dialog=add-module', '添加模块')
  await field(dialog, '模块名称').fill(name)
  await pickIcon(dialog, '星标')
  await save(dialog)
  await expectSaved(page, baseURL)
  const list = await openDialog(page, js, '/?dialog=manage-modules', '管理模块')
  return idFromLink(list.getByRole('link', { name: `编辑 ${name}`, exact: true }), 'moduleId')
}

async function createBag(page: Page, js: boolean, baseURL: string | undefined, moduleId: number, name: string, parentId?: number) {
  const url = `/?dialog=add-bag&moduleId=${moduleId}${parentId ? `&parentId=${parentId}` : ''}`
  const dialog = await openDialog(page, js, url, parentId ? '添加子分类' : '添加分类')
  await field(dialog, '分类名称').fill(name)
  await pickIcon(dialog, '文件夹')
  await save(dialog)
  await expectSaved(page, baseURL)
  const again = await openDialog(page, js, `/?dialog=add-bag&moduleId=${moduleId}`, '添加分类')
  return optionValue(again, 'parentId', name)
}

test.describe('managing modules, categories and bookmarks', () => {
  test('an empty category offers its owner 添加链接 where it says it is empty', async ({ page, javaScriptEnabled: js, baseURL }) => {
    await signUp(page)
    await gotoReady(page, '/', js)
    const category = page.getByRole('main').getByRole('region', { name: '常用网站' })
    await expect(category).toContainText('这个分类还没有书签')
    await category.getByRole('link', { name: '添加链接 常用网站' }).click()
    const dialog = panel(page, js, '添加链接')
    await expect(dialog).toBeVisible()
    await field(dialog, '网站名称').fill('空分类的第一个')
    await field(dialog, '网站链接').fill('https://example.com/first')
    await save(dialog)
    await expectSaved(page, baseURL)
    await expect(category.getByRole('link', { name: /^空分类的第一个/ })).toBeVisible()
    await expect(category).not.toContainText('这个分类还没有书签')
  })

  test('create, validate and edit a module and its categories', async ({ page, javaScriptEnabled: js, baseURL }) => {
    test.setTimeout(180_000)
    await signUp(page)
    const moduleName = `工作${rand()}`

    await test.step('module: each message, values kept', async () => {
      const dialog = await openDialog(page, js, '/?dialog=add-module', '添加模块')
      await save(dialog)
      await expectMessages(dialog, ['请输入模块名称', '请选择图标'])
      await expect(field(dialog, '模块名称')).toHaveAttribute('aria-invalid', 'true')
      await expect(field(dialog, '模块名称')).toHaveAccessibleDescription(/请输入模块名称/)
      if (js) await expect(field(dialog, '模块名称')).toBeFocused()
      // Without JavaScript the address is now the form's (`/?index&dialog=…`); 取消 still closes.
      await expect(dialog.getByRole('link', { name: '取消', exact: true })).toHaveAttribute('href', '/')

      const long = '模'.repeat(21)
      await field(dialog, '模块名称').fill(long)
      await pickIcon(dialog, '书签')
      await save(dialog)
      await expectMessages(dialog, ['模块名称不能超过20个字'])
      await expect(field(dialog, '模块名称')).toHaveValue(long)
      await expect(dialog.getByRole('radio', { name: '书签', exact: true }).first()).toBeChecked()
      await expect(dialog.getByText('请选择图标', { exact: true })).toHaveCount(0)

      await field(dialog, '模块名称').fill(moduleName)
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText(moduleName)
    })

    const moduleId = await test.step('the module is listed in 管理模块', async () => {
      const list = await openDialog(page, js, '/?dialog=manage-modules', '管理模块')
      await expect(list.getByText(moduleName, { exact: true })).toBeVisible()
      return idFromLink(list.getByRole('link', { name: `编辑 ${moduleName}`, exact: true }), 'moduleId')
    })

    await test.step('edit the module', async () => {
      const dialog = await openDialog(page, js, `/?dialog=edit-module&moduleId=${moduleId}`, '编辑模块')
      await expect(field(dialog, '模块名称')).toHaveValue(moduleName)
      await expect(dialog.getByRole('radio', { name: '书签', exact: true }).first()).toBeChecked()
      await field(dialog, '模块名称').fill(`${moduleName}改`)
      await pickIcon(dialog, '星标')
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText(`${moduleName}改`)
    })

    const bagName = `分类${rand()}`
    const bid = await test.step('category: each message, then save', async () => {
      const dialog = await openDialog(page, js, `/?dialog=add-bag&moduleId=${moduleId}`, '添加分类')
      await save(dialog)
      await expectMessages(dialog, ['请输入名称', '请选择图标'])
      await field(dialog, '分类名称').fill(bagName)
      await dialog.getByRole('radio', { name: '绿色', exact: true }).check()
      await save(dialog)
      await expectMessages(dialog, ['请选择图标'])
      await expect(field(dialog, '分类名称')).toHaveValue(bagName)
      await expect(dialog.getByRole('radio', { name: '绿色', exact: true })).toBeChecked()
      await pickIcon(dialog, '文件夹')
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText(bagName)
      const again = await openDialog(page, js, `/?dialog=add-bag&moduleId=${moduleId}`, '添加分类')
      return optionValue(again, 'parentId', bagName)
    })

    const subName = `子类${rand()}`
    await test.step('a sub-category under it', async () => {
      const dialog = await openDialog(page, js, `/?dialog=add-bag&moduleId=${moduleId}&parentId=${bid}`, '添加子分类')
      await expect(field(dialog, '上级分类')).toHaveValue(String(bid))
      await field(dialog, '分类名称').fill(subName)
      await pickIcon(dialog, '文件夹')
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText(subName)
      const again = await openDialog(page, js, `/?dialog=add-bag&moduleId=${moduleId}`, '添加分类')
      // Sub-categories are indented under their parent in the parent select.
      await expect(again.locator('select[name="parentId"] option').filter({ hasText: `└ ${subName}` })).toHaveCount(1)
    })

    await test.step('edit the category: rename, and it cannot go under its own sub-category', async () => {
      const dialog = await openDialog(page, js, `/?dialog=edit-bag&bid=${bid}`, '编辑分类')
      await expect(field(dialog, '分类名称')).toHaveValue(bagName)
      await expect(dialog.locator('select[name="parentId"] option').filter({ hasText: subName })).toHaveCount(0)
      await field(dialog, '分类名称').fill('')
      await save(dialog)
      await expectMessages(dialog, ['请输入名称'])
      await field(dialog, '分类名称').fill(`${bagName}改`)
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText(`${bagName}改`)
    })

    await test.step('move the module up, make it the default; the list stays open', async () => {
      const list = await openDialog(page, js, '/?dialog=manage-modules', '管理模块')
      await expect(list.getByRole('listitem').last()).toContainText(`${moduleName}改`)
      await list.getByRole('button', { name: `上移 ${moduleName}改`, exact: true }).click()
      await expectSaved(page, baseURL, '操作成功！', '/?dialog=manage-modules')
      await expect(list.getByRole('listitem').first()).toContainText(`${moduleName}改`)
      await list.getByRole('button', { name: `设为默认 ${moduleName}改`, exact: true }).click()
      await expectSaved(page, baseURL, '设置成功', '/?dialog=manage-modules')
      await expect(list.getByRole('listitem').first()).toContainText('默认')
    })

    await test.step('delete the category after confirming', async () => {
      const dialog = await openDialog(page, js, `/?dialog=delete-bag&bid=${bid}`, '删除分类')
      await expect(dialog).toContainText(`${bagName}改`)
      await dialog.getByRole('button', { name: '删除', exact: true }).click()
      await expectSaved(page, baseURL, '删除成功！您可以在回收站中恢复')
      await expect(page.locator('main')).not.toContainText(`${bagName}改`)
      await expect(page.locator('main')).not.toContainText(subName)
    })

    await test.step('delete the module from 管理模块: back to the list', async () => {
      const list = await openDialog(page, js, '/?dialog=manage-modules', '管理模块')
      await list.getByRole('link', { name: `删除 ${moduleName}改`, exact: true }).click()
      const dialog = panel(page, js, '删除模块')
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: '删除', exact: true }).click()
      await expectSaved(page, baseURL, '操作成功！', '/?dialog=manage-modules')
      await expect(panel(page, js, '管理模块').getByText(`${moduleName}改`)).toHaveCount(0)
    })
  })

  test('links, a folder with links, a divider: validation, save and continue, edit, delete', async ({
    page,
    javaScriptEnabled: js,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    await signUp(page)
    const moduleId = await createModule(page, js, baseURL, `链接${rand()}`)
    const bid = await createBag(page, js, baseURL, moduleId, `网站${rand()}`)
    const addLink = `/?dialog=add-link&bid=${bid}`

    await test.step('link: each message, values kept', async () => {
      const dialog = await openDialog(page, js, addLink, '添加链接')
      await save(dialog)
      await expectMessages(dialog, ['请输入网站名称', '请输入网站链接URL'])
      await expect(field(dialog, '网站名称')).toHaveAttribute('aria-invalid', 'true')
      if (js) await expect(field(dialog, '网站名称')).toBeFocused()

      const longName = '名'.repeat(101)
      const longNote = '注'.repeat(101)
      await field(dialog, '网站名称').fill(longName)
      await field(dialog, '网站链接').fill('javascript:alert(1)')
      await field(dialog, '备注').fill(longNote)
      await save(dialog)
      await expectMessages(dialog, ['网站名称的长度不能超过100个字', '请输入http或https开头的链接', '备注的长度不能超过100个字'])
      await expect(field(dialog, '网站链接')).toHaveAccessibleDescription(/请输入http或https开头的链接/)
      await expect(field(dialog, '网站名称')).toHaveValue(longName)
      await expect(field(dialog, '网站链接')).toHaveValue('javascript:alert(1)')
      await expect(field(dialog, '备注')).toHaveValue(longNote)

      await field(dialog, '网站名称').fill('示例网站')
      await field(dialog, '网站链接').fill('https://example.com/a')
      await field(dialog, '备注').fill('一条备注')
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText('示例网站')
    })

    await test.step('保存并继续 leaves an empty form open in the same category, focus on its name', async () => {
      const dialog = await openDialog(page, js, addLink, '添加链接')
      await field(dialog, '网站名称').fill('继续一')
      await field(dialog, '网站链接').fill('https://example.com/one')
      await dialog.getByRole('button', { name: '保存并继续', exact: true }).click()
      await expect(page).toHaveURL(`${baseURL}${addLink}&continue=1`)
      await expect(field(dialog, '网站名称')).toBeFocused()
      await expect(field(dialog, '网站名称')).toHaveValue('')
      await expect(field(dialog, '网站链接')).toHaveValue('')
      await expect(field(dialog, '所属分类')).toHaveValue(String(bid))
      if (!js) await expect(toast(page)).toHaveText('保存成功')
      await field(dialog, '网站名称').fill('继续二')
      await field(dialog, '网站链接').fill('https://example.com/two')
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText('继续一')
      await expect(page.locator('main')).toContainText('继续二')
    })

    const folderName = `文件夹${rand()}`
    const folderId = await test.step('folder: each message, then save', async () => {
      const dialog = await openDialog(page, js, `/?dialog=add-folder&bid=${bid}`, '添加文件夹')
      await save(dialog)
      await expectMessages(dialog, ['请输入文件夹名称'])
      const longName = '夹'.repeat(31)
      const longSummary = '述'.repeat(51)
      await field(dialog, '文件夹名称').fill(longName)
      await field(dialog, '备注').fill(longSummary)
      await save(dialog)
      await expectMessages(dialog, ['名称不能超过30个字', '备注长度不能超过50个字'])
      await expect(field(dialog, '文件夹名称')).toHaveValue(longName)
      await expect(field(dialog, '备注')).toHaveValue(longSummary)
      await field(dialog, '文件夹名称').fill(folderName)
      await field(dialog, '备注').fill('常用工具')
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText(folderName)
      // A new link may go into one of the category's folders.
      const links = await openDialog(page, js, addLink, '添加链接')
      return optionValue(links, 'parentLinkId', folderName)
    })

    await test.step('a note: its name is required', async () => {
      const dialog = await openDialog(page, js, `/?dialog=add-note&bid=${bid}`, '添加便签')
      await save(dialog)
      await expectMessages(dialog, ['请输入名称'])
      await field(dialog, '便签名称').fill('会议纪要')
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText('会议纪要')
    })

    const children = `/?dialog=children&id=${folderId}`
    await test.step('two links inside the folder (add-link with parentLinkId)', async () => {
      for (const [name, url] of [
        ['夹内一', 'https://example.org/1'],
        ['夹内二', 'https://example.org/2'],
      ]) {
        const dialog = await openDialog(page, js, `${addLink}&parentLinkId=${folderId}`, '添加链接')
        await expect(dialog.getByText(folderName, { exact: true })).toBeVisible()
        await field(dialog, '网站名称').fill(name!)
        await field(dialog, '网站链接').fill(url!)
        await save(dialog)
        await expectSaved(page, baseURL)
      }
      const list = await openDialog(page, js, children, `文件夹：${folderName}`)
      await expect(list.getByRole('listitem')).toHaveCount(2)
      await expect(list.getByRole('link', { name: '夹内一', exact: true })).toHaveAttribute('href', 'https://example.org/1')
      await expect(list.getByRole('link', { name: '夹内二', exact: true })).toBeVisible()
    })

    await test.step('edit the folder', async () => {
      const dialog = await openDialog(page, js, `/?dialog=edit-folder&id=${folderId}`, '编辑文件夹')
      await expect(field(dialog, '文件夹名称')).toHaveValue(folderName)
      await expect(field(dialog, '备注')).toHaveValue('常用工具')
      await field(dialog, '文件夹名称').fill(`${folderName}改`)
      await save(dialog)
      await expectSaved(page, baseURL)
      await expect(page.locator('main')).toContainText(`${folderName}改`)
    })

    await test.step('a divider in the folder, then edit it', async () => {
      const list = await openDialog(page, js, children, `文件夹：${folderName}改`)
      await list.getByRole('link', { name: '添加分割线', exact: true }).click()
      const dialog = panel(page, js, '添加分割线')
      await expect(dialog).toBeVisible()
      if (js) {
        // The alignment choice appears once there is a title (spec §5).
        await expect(field(dialog, '标题位置')).toHaveCount(0)
        await field(dialog, '标题').fill('分组')
        await expect(field(dialog, '标题位置')).toBeVisible()
      } else {
        await expect(field(dialog, '标题位置')).toBeVisible()
        await field(dialog, '标题').fill('分组')
      }
      await field(dialog, '标题').fill('分'.repeat(31))
      await save(dialog)
      await expectMessages(dialog, ['分割线标题不能超过30个字'])
      await field(dialog, '标题').fill('分组')
      await field(dialog, '标题位置').selectOption('left')
      await field(dialog, '线条样式').selectOption('dashed')
      await dialog.getByRole('radio', { name: '蓝色', exact: true }).check()
      await save(dialog)
      // It came from the folder's list, and goes back to it.
      await expectSaved(page, baseURL, '保存成功', children)
      const back = panel(page, js, `文件夹：${folderName}改`)
      await expect(back.getByText('分组', { exact: true })).toBeVisible()
      await back.getByRole('link', { name: '编辑 分组', exact: true }).click()
      const edit = panel(page, js, '编辑分割线')
      await expect(field(edit, '标题')).toHaveValue('分组')
      await expect(field(edit, '标题位置')).toHaveValue('left')
      await expect(field(edit, '线条样式')).toHaveValue('dashed')
      await expect(edit.getByRole('radio', { name: '蓝色', exact: true })).toBeChecked()
      await field(edit, '线条样式').selectOption('double')
      await save(edit)
      await expectSaved(page, baseURL, '保存成功', children)
    })

    await test.step('edit a link in the folder: values shown, validated, saved', async () => {
      const list = await openDialog(page, js, children, `文件夹：${folderName}改`)
      await list.getByRole('link', { name: '编辑 夹内一', exact: true }).click()
      const dialog = panel(page, js, '编辑链接')
      await expect(field(dialog, '网站名称')).toHaveValue('夹内一')
      await expect(field(dialog, '网站链接')).toHaveValue('https://example.org/1')
      // Editing has no 保存并继续.
      await expect(dialog.getByRole('button', { name: '保存并继续' })).toHaveCount(0)
      await field(dialog, '网站链接').fill('ftp://example.org/')
      await save(dialog)
      await expectMessages(dialog, ['请输入http或https开头的链接'])
      await expect(field(dialog, '网站名称')).toHaveValue('夹内一')
      await field(dialog, '网站名称').fill('夹内一改')
      await field(dialog, '网站链接').fill('https://example.org/1b')
      await dialog.getByLabel('仅自己可见', { exact: true }).check()
      await save(dialog)
      await expectSaved(page, baseURL, '保存成功', children)
      const back = panel(page, js, `文件夹：${folderName}改`)
      await expect(back.getByRole('link', { name: '夹内一改', exact: true })).toHaveAttribute('href', 'https://example.org/1b')
      await expect(back.getByRole('listitem').filter({ hasText: '夹内一改' })).toContainText('仅自己可见')
      // The privacy switch of the list: a POST button that keeps the list open.
      await back.getByRole('button', { name: '设为公开 夹内一改', exact: true }).click()
      await expectSaved(page, baseURL, '隐私设置成功', children)
      await expect(back.getByRole('button', { name: '设为私密 夹内一改', exact: true })).toBeVisible()
      if (js) await expect(back.getByRole('status')).toHaveText('隐私设置成功')
    })

    await test.step('delete a link after confirming', async () => {
      const list = await openDialog(page, js, children, `文件夹：${folderName}改`)
      await list.getByRole('link', { name: '删除 夹内二', exact: true }).click()
      const dialog = panel(page, js, '删除书签')
      await expect(dialog).toContainText('夹内二')
      await dialog.getByRole('button', { name: '删除', exact: true }).click()
      await expectSaved(page, baseURL, '删除成功！您可以在回收站中查看已删除书签', children)
      await expect(panel(page, js, `文件夹：${folderName}改`).getByText('夹内二')).toHaveCount(0)
    })
  })

  test('a category holds at most 100 bookmarks: the 101st shows 最多添加100个书签', async ({
    page,
    playwright,
    javaScriptEnabled: js,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    await signUp(page)
    const moduleId = await createModule(page, js, baseURL, `满${rand()}`)
    const bid = await createBag(page, js, baseURL, moduleId, `满${rand()}`)
    const addLink = `/?dialog=add-link&bid=${bid}`

    // 100 links through the page's own action, as a form post from the page would send them.
    await withPoster(page, playwright, baseURL, async (post) => {
      for (let i = 1; i <= 100; i++) {
        const response = await post(`/?index&dialog=add-link&bid=${bid}`, {
          intent: 'save-link',
          bid: String(bid),
          name: `种子${i}`,
          url: `https://example.com/${i}`,
        })
        expect(response.status(), `link ${i}`).toBe(302)
      }
    })

    const dialog = await openDialog(page, js, addLink, '添加链接')
    await field(dialog, '网站名称').fill('第一百零一')
    await field(dialog, '网站链接').fill('https://example.com/101')
    await save(dialog)
    await expect(dialog.getByText('最多添加100个书签', { exact: true })).toBeVisible()
    await expect(field(dialog, '网站名称')).toHaveValue('第一百零一')
    await expect(field(dialog, '网站链接')).toHaveValue('https://example.com/101')
    if (js) await expect(dialog.getByText('最多添加100个书签', { exact: true })).toBeFocused()
  })

  test('guests and strangers get no management dialog, and a guest post asks to log in', async ({
    page,
    playwright,
    javaScriptEnabled: js,
    baseURL,
  }) => {
    await gotoReady(page, '/?dialog=add-module', js)
    await expect(page.getByRole('heading', { level: 1, name: '起页示例主页' })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('region', { name: '添加模块' })).toHaveCount(0)

    await withPoster(page, playwright, baseURL, async (post) => {
      const response = await post('/?index&dialog=add-module', { intent: 'save-module', homepageId: '1', name: '偷偷', icon: 'tabler:star' })
      expect(response.status()).toBe(302)
      expect(response.headers()['location']).toBe('/?dialog=login')
    })

    // Signed in, the demo homepage (another user's) offers no dialog, and its objects (the demo is
    // seeded first: module 1, category 1, bookmark 1) open nothing on one's own page either.
    await signUp(page)
    for (const url of ['/demo?dialog=add-module', '/demo?dialog=edit-bag&bid=1', '/?dialog=edit-bag&bid=1', '/?dialog=edit-link&id=1']) {
      await gotoReady(page, url, js)
      await expect(page.locator('main')).toBeVisible()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page.locator('section.manage-dialog')).toHaveCount(0)
    }
    await withPoster(page, playwright, baseURL, async (post) => {
      const rename = await post('/?index&dialog=edit-bag&bid=1', {
        intent: 'save-bag',
        bid: '1',
        moduleId: '1',
        name: '改掉了',
        icon: 'tabler:star',
      })
      expect(rename.status()).toBe(400)
      expect(await rename.text()).toContain('您没有权限执行此操作')
      const remove = await post('/?index&dialog=delete-source&id=1', { intent: 'delete-source', id: '1' })
      expect(remove.status()).toBe(302)
      expect(remove.headers()['location']).toBe('/')
      expect(decodeURIComponent(remove.headers()['set-cookie'] ?? '')).toContain('您没有权限执行此操作')
    })
    await gotoReady(page, '/demo', js)
    await expect(page.locator('main')).not.toContainText('改掉了')
  })

  test('Escape and 关闭 close a dialog by navigation', async ({ page, javaScriptEnabled: js, baseURL }) => {
    await signUp(page)
    // A category that is not yours (or does not exist) opens nothing.
    await gotoReady(page, '/?dialog=add-folder&bid=999999999', js)
    await expect(page.locator('main')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('region', { name: '添加文件夹' })).toHaveCount(0)
    const list = await openDialog(page, js, '/?dialog=manage-modules', '管理模块')
    if (js) {
      await page.keyboard.press('Escape')
    } else {
      await list.getByRole('link', { name: '关闭', exact: true }).click()
    }
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(list).toHaveCount(0)
  })

  test('the dialogs have no serious axe violations, errors shown or not', async ({ page, browser, javaScriptEnabled: js, baseURL }) => {
    test.setTimeout(180_000)
    // Without JavaScript axe runs on the server's HTML, in a context of its own (helpers.ts).
    await withAxeView(page, js, browser, baseURL, async (view) => {
      await signUp(view)
      const moduleId = await (async () => {
        const list = await openDialog(view, js, '/?dialog=manage-modules', '管理模块')
        return idFromLink(list.getByRole('link', { name: /^编辑 / }).first(), 'moduleId')
      })()
      const bid = await (async () => {
        const dialog = await openDialog(view, js, `/?dialog=add-bag&moduleId=${moduleId}`, '添加分类')
        return optionValue(dialog, 'parentId', '常用网站')
      })()
      const dialogs: [url: string, title: string, submit: boolean][] = [
        ['/?dialog=manage-modules', '管理模块', false],
        ['/?dialog=add-module', '添加模块', true],
        [`/?dialog=add-bag&moduleId=${moduleId}`, '添加分类', true],
        [`/?dialog=add-link&bid=${bid}`, '添加链接', true],
        [`/?dialog=add-folder&bid=${bid}`, '添加文件夹', true],
        [`/?dialog=add-divider&bid=${bid}`, '添加分割线', false],
        [`/?dialog=delete-bag&bid=${bid}`, '删除分类', false],
        [`/?dialog=batch&bid=${bid}`, '批量管理：常用网站', false],
        [`/?dialog=bag-format&bid=${bid}`, '批量设置格式', false],
        [`/?dialog=batch-open&bid=${bid}`, '批量打开', false],
      ]
      for (const [url, title, submit] of dialogs) {
        await test.step(`${title}${submit ? ' (with errors)' : ''}`, async () => {
          const dialog = await openDialog(view, js, url, title)
          if (submit) {
            await save(dialog)
            await expect(dialog.locator('.field-error').first()).toBeVisible()
          }
          // The dialog itself (the page around it is a11y.test.ts's business).
          const serious = await seriousViolations(view, '.manage-dialog')
          expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
        })
      }
    })
  })
})

test.describe('ordering categories and searching a folder', () => {
  test('上移 moves a category before its sibling; a folder\'s children can be searched', async ({
    page,
    javaScriptEnabled: js,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    await signUp(page)
    const moduleId = await createModule(page, js, baseURL, `排序${rand()}`)
    const first = `甲${rand()}`
    const second = `乙${rand()}`
    const bid = await createBag(page, js, baseURL, moduleId, first)
    await createBag(page, js, baseURL, moduleId, second)

    await gotoReady(page, '/', js)
    const module = page.locator(`#module-${moduleId}`)
    const headings = module.locator('.category-name')
    await expect(headings.filter({ hasText: first }).or(headings.filter({ hasText: second }))).toHaveCount(2)
    const order = async () => (await headings.allTextContents()).map((t) => (t.includes(first) ? first : t.includes(second) ? second : t))
    expect(await order()).toEqual([first, second])
    await (await openCategoryMenu(page, second)).getByRole('button', { name: '上移', exact: true }).click()
    // (From the category's menu dialog, which has a live region of its own while it closes.)
    await expect(page.locator('.toaster')).toHaveText('排序已自动保存')
    await expect.poll(order).toEqual([second, first])

    // A folder with two links, made through the JSON contract, then searched in its manager.
    const api = async (path: string, form: Record<string, string>) => {
      const response = await page.request.post(path, { form, headers: { Origin: baseURL! } })
      const body = await response.json()
      expect(body.code).toBe(1)
      return body.data
    }
    const folder = await api('/api/bookmark/add-folder', { bid: String(bid), name: '工具箱', summary: '' })
    await api('/api/source/add', { bid: String(bid), parentLinkId: String(folder.id), sour_name: '翻译工具', sour_url: 'https://fanyi.example.com/' })
    await api('/api/source/add', { bid: String(bid), parentLinkId: String(folder.id), sour_name: '图片压缩', sour_url: 'https://tinypng.example.com/' })
    const dialog = await openDialog(page, js, `/?dialog=children&id=${folder.id}`, '工具箱')
    await expect(dialog.getByRole('link', { name: '翻译工具', exact: true })).toBeVisible()
    await dialog.getByLabel('搜索书签').fill('tinypng')
    await dialog.getByRole('button', { name: '搜索', exact: true }).click()
    const found = panel(page, js, '工具箱')
    await expect(found.getByRole('link', { name: '图片压缩', exact: true })).toBeVisible()
    await expect(found.getByRole('link', { name: '翻译工具', exact: true })).toHaveCount(0)
    await expect(found.getByText('找到 1 个，共 2 个')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`dialog=children&id=${folder.id}&wd=tinypng`))
  })
})
