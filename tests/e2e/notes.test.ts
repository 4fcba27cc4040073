import { expect, type Locator, type Page, test } from '@playwright/test'
import { gotoReady, hydrated, postOk, signUpByApi, toast } from './helpers.ts'

/**
 * Notes (issue 23): the notepad of a note bookmark and the notebook, with JavaScript (the Tiptap
 * editor, autosave through /api) and without (a textarea in a form the page's action saves).
 * Two browsers on one note: the second save is refused and both texts are shown; nothing is lost.
 */

type Owner = { homepageId: number; bid: number; bookmarkId: number; code: string }

/** A new account with a public homepage and a note bookmark 读书笔记 in its first category. */
async function ownerWithNotepad(page: Page, baseURL: string): Promise<Owner> {
  const homepageId = await signUpByApi(page, baseURL)
  const code = `n${Math.random().toString(36).slice(2, 10)}`
  await postOk(page, baseURL, '/api/homepage/add', { homepageId, title: '我的主页', icon: 'tabler:home', code })
  await postOk(page, baseURL, '/api/homepage/set-open-status', { homepageId })
  const tree = (await (await page.request.get(`/api/bag/get-create?homepageId=${homepageId}`)).json()).data
  const bid = tree[0].children[0].value as number
  const bookmark = await postOk(page, baseURL, '/api/bookmark/create-base', { cid: bid, remark: '读书笔记', type: 'note' })
  return { homepageId, bid, bookmarkId: bookmark.id, code }
}

/** With JavaScript: a new note of a new owner's notepad, open in the rich editor, the caret in it. */
async function openNewNote(page: Page, baseURL: string) {
  const o = await ownerWithNotepad(page, baseURL)
  const note = await postOk(page, baseURL, '/api/notepad/create', { bookmarkId: o.bookmarkId })
  await gotoReady(page, `/${o.code}?dialog=notepad&id=${o.bookmarkId}&note=${note.id}`, true)
  const notepad = panel(page, true, '便签：读书笔记')
  const editor = notepad.locator('.note-editable')
  await editor.click()
  return { note, notepad, editor }
}

const panel = (page: Page, js: boolean, title: string): Locator => (js ? page.getByRole('dialog', { name: title }) : page.getByRole('region', { name: title }))

/** The open note's text: the rich editor with JavaScript, the textarea without. */
const body = (scope: Locator, js: boolean) => (js ? scope.locator('.note-editable') : scope.getByRole('textbox', { name: /^(内容|我的版本)$/ }))

/** The open note's text is `text`. */
const expectText = (scope: Locator, js: boolean, text: string) => (js ? expect(body(scope, js)).toHaveText(text) : expect(body(scope, js)).toHaveValue(text))

/** Writes `text` as the note's whole text. */
async function write(scope: Locator, js: boolean, text: string) {
  const field = body(scope, js)
  if (js) {
    await field.click()
    await field.press('ControlOrMeta+a')
    await field.pressSequentially(text)
  } else {
    await field.fill(text)
  }
}

/** Saved: with JavaScript the autosave's status; without, 保存 and the flash toast. */
async function saved(page: Page, scope: Locator, js: boolean) {
  if (js) await expect(scope.locator('.note-status')).toHaveText(/^已保存 \d/, { timeout: 20_000 })
  else {
    await scope.getByRole('button', { name: '保存', exact: true }).click()
    await expect(toast(page)).toHaveText('已保存')
  }
}

test('the owner writes in a note bookmark’s notepad; it is kept; anyone else is told it is not public', async ({ page, browser, javaScriptEnabled: js, baseURL }) => {
  test.setTimeout(120_000)
  const o = await ownerWithNotepad(page, baseURL!)
  const title = '便签：读书笔记'
  await gotoReady(page, `/${o.code}`, js)
  await page.getByRole('link', { name: '读书笔记' }).click()
  const notepad = panel(page, js, title)
  await expect(notepad).toBeVisible()
  await expect(notepad.getByText('还没有便签')).toBeVisible()
  await notepad.getByRole('button', { name: '添加便签' }).click()
  await expect(notepad.getByRole('link', { name: /没有文字/ })).toHaveAttribute('aria-current', 'true')
  await notepad.getByRole('textbox', { name: '标题' }).fill('第一章')
  await write(notepad, js, '开头的一段话')
  await saved(page, notepad, js)
  await page.reload()
  await hydrated(page, js)
  const again = panel(page, js, title)
  await expect(again.getByRole('link', { name: /第一章/ })).toBeVisible()
  await expectText(again, js, '开头的一段话')

  const other = await browser.newContext({ javaScriptEnabled: js })
  const visitor = await other.newPage()
  await signUpByApi(visitor, baseURL!)
  await gotoReady(visitor, `/${o.code}`, js)
  await visitor.getByRole('link', { name: '读书笔记' }).click()
  await expect(panel(visitor, js, title).getByText('该便签内容未对互联网用户公开，只有主人可以查看。')).toBeVisible()
  await expect(panel(visitor, js, title).getByText('开头的一段话')).toHaveCount(0)

  // The notepad's privacy is its bookmark's 仅自己可见: then others do not even see its name. With
  // JavaScript the notepad also goes full screen.
  await again.getByRole('switch', { name: '仅自己可见' }).click()
  await expect(toast(page)).toHaveText('隐私设置成功')
  await expect(panel(page, js, title).getByRole('switch', { name: '仅自己可见' })).toHaveAttribute('aria-checked', 'true')
  if (js) {
    await panel(page, js, title).getByRole('button', { name: '全屏' }).click()
    await expect(panel(page, js, title)).toHaveClass(/dialog-fullscreen/)
    expect(await panel(page, js, title).evaluate((el) => Math.round(el.getBoundingClientRect().width) >= window.innerWidth - 1)).toBe(true)
  }
  await gotoReady(visitor, `/${o.code}`, js)
  await expect(visitor.getByRole('link', { name: '读书笔记' })).toHaveCount(0)
  await expect(visitor.getByText('未公开链接')).toBeVisible()
  await other.close()
})

test('two browsers on one note: the second save is refused, both texts are shown, and 保留我的 keeps it', async ({ page, browser, javaScriptEnabled: js, baseURL }) => {
  test.setTimeout(120_000)
  const o = await ownerWithNotepad(page, baseURL!)
  const note = await postOk(page, baseURL!, '/api/notepad/create', { bookmarkId: o.bookmarkId })
  const url = `/${o.code}?dialog=notepad&id=${o.bookmarkId}&note=${note.id}`
  const title = '便签：读书笔记'
  // The same account in a second browser (its session cookie), both with the note open.
  const second = await browser.newContext({ javaScriptEnabled: js, storageState: await page.context().storageState() })
  const other = await second.newPage()
  await gotoReady(page, url, js)
  await gotoReady(other, url, js)
  const mine = panel(page, js, title)
  const theirs = panel(other, js, title)
  await write(mine, js, '第一个浏览器写的')
  await saved(page, mine, js)

  await write(theirs, js, '第二个浏览器写的')
  if (!js) await theirs.getByRole('button', { name: '保存', exact: true }).click()
  const conflict = panel(other, js, title)
  await expect(conflict.getByRole('alert').filter({ hasText: '这条便签已在别处修改，请选择保留哪一份' })).toBeVisible({ timeout: 20_000 })
  await expect(conflict.getByRole('region', { name: '别处保存的版本' })).toContainText('第一个浏览器写的')
  await expectText(conflict, js, '第二个浏览器写的')
  // Nothing was overwritten meanwhile.
  expect((await (await page.request.get(`/api/notepad/detail?noteId=${note.id}`)).json()).data.content).toBe('<p>第一个浏览器写的</p>')

  await conflict.getByRole('button', { name: '保留我的' }).click()
  if (js) await expect(conflict.locator('.note-status')).toHaveText(/^已保存 \d/, { timeout: 20_000 })
  else await expect(toast(other)).toHaveText('已保存')
  await expect.poll(async () => (await (await page.request.get(`/api/notepad/detail?noteId=${note.id}`)).json()).data.content).toBe('<p>第二个浏览器写的</p>')
  await second.close()
})

test('the notebook from the side button: new notes, the trash, and back', async ({ page, javaScriptEnabled: js, baseURL }) => {
  const o = await ownerWithNotepad(page, baseURL!)
  await gotoReady(page, `/${o.code}`, js)
  await page.getByRole('link', { name: '笔记', exact: true }).click()
  const notebook = panel(page, js, '笔记')
  await expect(notebook.getByText('还没有笔记')).toBeVisible()
  await notebook.getByRole('button', { name: '新建笔记' }).click()
  await expect(notebook.getByRole('link', { name: /没有文字/ })).toHaveAttribute('aria-current', 'true')
  await notebook.getByRole('textbox', { name: '标题' }).fill('想法')
  await write(notebook, js, '记下来')
  await saved(page, notebook, js)
  await notebook.getByRole('button', { name: '删除', exact: true }).click()
  await expect(toast(page)).toHaveText('删除成功，您可以在便签右上角【回收站】恢复便签~')
  await notebook.getByRole('link', { name: '回收站' }).click()
  await notebook.getByRole('button', { name: '恢复：想法' }).click()
  await notebook.getByRole('link', { name: '笔记', exact: true }).click()
  await expect(notebook.getByRole('link', { name: /想法/ })).toBeVisible()
})

test('a note of 10,000 characters autosaves and reloads whole; Ctrl+B opens the notebook @js-only', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  const { note, notepad, editor } = await openNewNote(page, baseURL!)
  const text = '字'.repeat(9_995) + '最后五个字'
  await page.keyboard.insertText(text)
  await expect(notepad.getByText('10000 / 10000 字')).toBeVisible()
  await expect(notepad.locator('.note-count-over')).toBeVisible()
  await expect(notepad.locator('.note-status')).toHaveText(/^已保存 \d/, { timeout: 20_000 })
  await page.reload()
  await hydrated(page, true)
  await expect(panel(page, true, '便签：读书笔记').locator('.note-editable')).toHaveText(text)
  await page.keyboard.press('Escape')
  await expect(panel(page, true, '便签：读书笔记')).toHaveCount(0)
  await page.keyboard.press('Control+b')
  await expect(panel(page, true, '笔记')).toBeVisible()
})

test('a post and a code snippet: written on their pages, shown on the homepage and their own page, private to the owner', async ({ page, browser, javaScriptEnabled: js, baseURL }) => {
  test.setTimeout(120_000)
  const o = await ownerWithNotepad(page, baseURL!)
  await gotoReady(page, `/blog/write?bid=${o.bid}`, js)
  await expect(page.getByRole('heading', { level: 1, name: '写文章' })).toBeVisible()
  await page.getByRole('textbox', { name: '标题' }).fill('我的第一篇')
  const body = js ? page.locator('.note-editable') : page.getByRole('textbox', { name: '正文' })
  if (js) {
    await body.click()
    await body.pressSequentially('第一段')
    await page.getByRole('button', { name: '加粗' }).click()
    await body.pressSequentially('粗体')
  } else {
    await body.fill('第一段\n第二段')
  }
  await page.getByRole('button', { name: '保存', exact: true }).click()
  await expect(page).toHaveURL(/\/blog\/detail\/\d+$/)
  await expect(toast(page)).toHaveText('文章已保存')
  const postUrl = page.url()
  await expect(page.getByRole('heading', { level: 1, name: '我的第一篇' })).toBeVisible()
  if (js) await expect(page.locator('.writing-body strong')).toHaveText('粗体')
  else await expect(page.locator('.writing-body p')).toHaveText(['第一段', '第二段'])

  await gotoReady(page, `/editor/code?cid=${o.bid}`, js)
  await page.getByRole('textbox', { name: '标题' }).fill('打招呼')
  await page.getByLabel('语言').selectOption({ label: 'Python' })
  await page.getByRole('textbox', { name: '代码' }).fill('print("你好") # <b>')
  await page.getByRole('button', { name: '保存', exact: true }).click()
  await expect(toast(page)).toHaveText('代码片段已保存')
  await expect(page.locator('.code-view pre.shiki')).toHaveText('print("你好") # <b>')
  await expect(page.getByText('代码片段 · Python')).toBeVisible()

  // On the homepage both are links to their pages, for a guest too.
  const guestContext = await browser.newContext({ javaScriptEnabled: js })
  const guest = await guestContext.newPage()
  await gotoReady(guest, `/${o.code}`, js)
  await guest.getByRole('link', { name: '我的第一篇' }).click()
  await expect(guest.getByRole('heading', { level: 1, name: '我的第一篇' })).toBeVisible()
  await expect(guest.getByRole('button', { name: '删除' })).toHaveCount(0)

  // 只有自己可见: the owner's switch; the guest then finds nothing.
  await gotoReady(page, postUrl, js)
  await page.getByRole('switch', { name: '只有自己可见' }).click()
  await expect(toast(page)).toHaveText('隐私设置成功')
  await expect(page.getByRole('switch', { name: '只有自己可见' })).toHaveAttribute('aria-checked', 'true')
  const hidden = await guest.goto(postUrl)
  expect(hidden?.status()).toBe(404)
  await guestContext.close()
})

test('pasted images: one of another site is kept on our host, one over 3 MB refused with the message @js-only', async ({ page, baseURL }) => {
  test.setTimeout(90_000)
  const { note, notepad, editor } = await openNewNote(page, baseURL!)
  // What a browser does on Ctrl+V of a copied web page: a paste event carrying its HTML.
  const paste = (html: string) =>
    editor.evaluate((element, pasted) => {
      const data = new DataTransfer()
      data.setData('text/html', pasted)
      data.setData('text/plain', '')
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    }, html)
  await paste('<p>别人的图</p><img src="http://site.test/logo.png">')
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.png$/)
  await expect
    .poll(async () => (await (await page.request.get(`/api/notepad/detail?noteId=${note.id}`)).json()).data.content, { timeout: 20_000 })
    .toMatch(/<img src="\/uploads\/[0-9a-f]{32}\.png"/)
  // The inserted image is selected: a paste would replace it. The caret goes into the text first.
  await editor.getByText('别人的图').click()
  await page.keyboard.press('End')
  await paste('<img src="http://site.test/big.png">')
  await expect(notepad.getByRole('alert').filter({ hasText: '上传图片不能超过3M' })).toBeVisible()
  await expect(editor.locator('img')).toHaveCount(1)
})

test('the hostile battery pasted into the editor is stored and shown inert; nothing runs @js-only', async ({ page, baseURL }) => {
  test.setTimeout(90_000)
  const ran: string[] = []
  page.on('dialog', (dialog) => {
    ran.push(dialog.message())
    void dialog.dismiss()
  })
  const { note, notepad, editor } = await openNewNote(page, baseURL!)
  const battery = [
    '<img src=x onerror=alert(1)>',
    '<svg><script>alert(2)</script></svg>',
    '<a href="javascript:alert(3)">链接</a>',
    '<iframe src="javascript:alert(4)"></iframe>',
    '<p style="background:url(//evil.example/x)" onclick="alert(5)">可见的文字</p>',
  ].join('')
  await editor.evaluate((element, pasted) => {
    const data = new DataTransfer()
    data.setData('text/html', pasted)
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, battery)
  await expect(editor).toContainText('可见的文字')
  await expect(notepad.locator('.note-status')).toHaveText(/^已保存 \d/, { timeout: 20_000 })
  const stored = (await (await page.request.get(`/api/notepad/detail?noteId=${note.id}`)).json()).data.content as string
  expect(stored).toContain('可见的文字')
  expect(stored).not.toMatch(/<(script|svg|iframe)|onerror|onclick|javascript:|style=/i)
  await page.reload()
  await hydrated(page, true)
  await expect(panel(page, true, '便签：读书笔记').locator('.note-editable')).toContainText('可见的文字')
  expect(ran).toEqual([])
})

test('text typed just before another note is opened is saved, not dropped @js-only', async ({ page, baseURL }) => {
  const o = await ownerWithNotepad(page, baseURL!)
  const first = await postOk(page, baseURL!, '/api/notepad/create', { bookmarkId: o.bookmarkId })
  const second = await postOk(page, baseURL!, '/api/notepad/create', { bookmarkId: o.bookmarkId })
  await gotoReady(page, `/${o.code}?dialog=notepad&id=${o.bookmarkId}&note=${first.id}`, true)
  const notepad = panel(page, true, '便签：读书笔记')
  const editor = notepad.locator('.note-editable')
  await editor.click()
  await editor.pressSequentially('刚写的')
  // At once, inside the autosave's pause: the other note. The form going away sends what it has.
  const next = notepad.locator(`a.notes-item[href*="note=${second.id}"]`)
  await next.click()
  await expect(next).toHaveAttribute('aria-current', 'true')
  await expect
    .poll(async () => (await (await page.request.get(`/api/notepad/detail?noteId=${first.id}`)).json()).data.content, { timeout: 20_000 })
    .toBe('<p>刚写的</p>')
})
