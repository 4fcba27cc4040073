import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { gotoReady, PASSWORD, uniqueEmail, uniqueNickname } from './helpers.ts'

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'bookmarks', 'chrome-zh-deep-imported-folders.html')

async function owner(page: Page, baseURL: string) {
  const signedUp = await page.request.post('/api/sign/on', { form: { user_nickname: uniqueNickname(), user_email: uniqueEmail(), user_password: PASSWORD } })
  expect((await signedUp.json()).code).toBe(1)
  const { homepageId } = (await (await page.request.get('/api/site/init-info')).json()).data
  const uploaded = await page.request.post('/api/import/upload', {
    headers: { Origin: baseURL },
    multipart: { file: { name: 'bookmarks.html', mimeType: 'text/html', buffer: await readFile(FIXTURE) } },
  })
  const { fileId } = await uploaded.json()
  const tree = (await (await page.request.get(`/api/import/folder?fileId=${fileId}`)).json()).data
  const tops = tree.list.filter((f: { parentId: number | null }) => f.parentId === null).map((f: { id: number }) => f.id)
  await page.request.post('/api/source/import', { headers: { Origin: baseURL }, form: { fileId, folderIds: tops.join(','), homepageId } })
  return fileId
}

const ROUTES = ['/', '/login', '/welcome', '/forget/input-email', '/forget/reset-password', '/email/confirm', '/terms', '/privacy', '/err', '/weather', '/user/account', '/user/online', '/user/trash', '/user/notice', '/user/bag-share', '/user/bag-follow', '/user/export', '/user/bookmark-log', '/user/browser-history', '/user/logoff', '/search?q=a', '/invite', '/tool', '/tool/json', '/demo', '/nope/x/y']

async function measure(page: Page, label: string) {
  const out: string[] = []
  for (const r of ROUTES) {
    await page.goto(r)
    const m = await page.evaluate(() => {
      const h = document.querySelector('.site-header')?.getBoundingClientRect().height
      const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391).slice(0, 3).map((e) => `${e.tagName}.${e.className}`.slice(0, 50))
      return { sw: document.documentElement.scrollWidth, h, wide }
    })
    out.push(`${label} ${r} sw=${m.sw} header=${m.h} ${m.sw > 390 ? m.wide.join(' | ') : ''}`)
  }
  console.log(out.join('\n'))
}

async function overlap(page: Page, label: string) {
  const r = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll('.side-buttons a:not([hidden])')].map((b) => b.getBoundingClientRect())
    const items = [...document.querySelectorAll('.link-grid > li, .category-head, .category-head *')]
    let covered = 0
    for (const el of items) {
      const a = el.getBoundingClientRect()
      if (buttons.some((b) => b.width && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top)) covered++
    }
    return { covered, buttons: buttons.map((b) => `${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}x${Math.round(b.height)}`) }
  })
  console.log(label, JSON.stringify(r))
}

async function tabs(page: Page, label: string) {
  await page.keyboard.press('Tab')
  const seq: string[] = []
  for (let i = 1; i <= 60; i++) {
    const d = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement
      return { t: `${a.tagName}:${(a.textContent || (a as HTMLInputElement).value || a.getAttribute('aria-label') || '').trim().slice(0, 12)}`, link: !!a.closest('.link-grid') }
    })
    seq.push(d.t)
    if (d.link) break
    await page.keyboard.press('Tab')
  }
  console.log(label, seq.length, seq.join(' · '))
}

test('measure', async ({ page, baseURL, javaScriptEnabled: js }) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await measure(page, `guest js=${js}`)
  await gotoReady(page, '/', js)
  await overlap(page, `guest 390 js=${js}`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoReady(page, '/', js)
  await overlap(page, `guest 1280 js=${js}`)
  await tabs(page, `guest tabs js=${js}`)
  const fileId = await owner(page, baseURL!)
  await gotoReady(page, '/', js)
  await overlap(page, `owner 1280 js=${js}`)
  await tabs(page, `owner tabs js=${js}`)
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoReady(page, '/', js)
  await overlap(page, `owner 390 js=${js}`)
  ROUTES.push(`/preview?id=${fileId}`)
  await measure(page, `owner js=${js}`)
})
