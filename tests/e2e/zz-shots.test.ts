import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { gotoReady, PASSWORD, uniqueEmail, uniqueNickname } from './helpers.ts'
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'bookmarks', 'chrome-zh-deep-imported-folders.html')
const OUT = process.env.SHOTS ?? '/tmp/shots'
test('shots', async ({ page, baseURL, javaScriptEnabled: js }) => {
  test.setTimeout(300_000)
  const tag = js ? 'js' : 'nojs'
  for (const [w, h] of [[390, 844], [1280, 800]]) {
    await page.setViewportSize({ width: w, height: h })
    await gotoReady(page, '/', js)
    await page.screenshot({ path: `${OUT}/guest-${w}-${tag}.png` })
    await gotoReady(page, '/tool', js)
    await page.screenshot({ path: `${OUT}/guest-tool-${w}-${tag}.png` })
  }
  const signedUp = await page.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await signedUp.json()).code).toBe(1)
  const { homepageId } = (await (await page.request.get('/api/site/init-info')).json()).data
  const uploaded = await page.request.post('/api/import/upload', { headers: { Origin: baseURL! }, multipart: { file: { name: 'b.html', mimeType: 'text/html', buffer: await readFile(FIXTURE) } } })
  const { fileId } = await uploaded.json()
  const tree = (await (await page.request.get(`/api/import/folder?fileId=${fileId}`)).json()).data
  const tops = tree.list.filter((f: any) => f.parentId === null).map((f: any) => f.id)
  await page.request.post('/api/source/import', { headers: { Origin: baseURL! }, form: { fileId, folderIds: tops.join(','), homepageId } })
  for (const [w, h] of [[390, 844], [1280, 800]]) {
    await page.setViewportSize({ width: w, height: h })
    for (const [name, url] of [['home', '/'], ['account', '/user/account'], ['preview', `/preview?id=${fileId}`], ['tool', '/tool'], ['addlink', '/?dialog=add-link&bid=1']]) {
      await gotoReady(page, url, js)
      await page.screenshot({ path: `${OUT}/owner-${name}-${w}-${tag}.png` })
    }
  }
})
