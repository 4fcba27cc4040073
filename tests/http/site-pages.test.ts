import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { ok, post, signUp } from './content-helpers.ts'

/** The site's own pages of issue 25 so far: /help (with the reader's shortcuts), /user, and the footer's links to them. */

const baseUrl = inject('baseUrl')

const footerOf = (html: string) => {
  const start = html.indexOf('<footer class="site-footer"')
  return [...html.slice(start, html.indexOf('</footer>', start)).matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)</g)].map(([, to, label]) => [label, to])
}

test('the footer leads to 帮助, 插件 and the legal pages, and each answers with its page', async () => {
  const guest = createClient(baseUrl)
  const links = footerOf(await (await guest.request('/')).text())
  expect(links).toEqual(expect.arrayContaining([['帮助', '/help'], ['插件', '/plugin'], ['服务条款', '/terms'], ['隐私政策', '/privacy']]))
  for (const [, to] of links) expect((await guest.request(to!)).status, to).toBe(200)
})

test('/help shows the shortcuts as the reader has set them: the defaults for a guest', async () => {
  const guest = await (await createClient(baseUrl).request('/help')).text()
  expect(guest).toContain('<kbd>Ctrl + K</kbd>')
  expect(guest).toContain('<kbd>Ctrl + B</kbd>')
  expect(guest).toContain('默认快捷键')
  const user = await signUp(baseUrl, `帮助${Math.random().toString(36).slice(2, 6)}`)
  await ok(post(user.client, '/api/site/save-keymap', { key: 'searchKeymap', value: 'j' }))
  const own = await (await user.client.request('/help')).text()
  expect(own).toContain('<kbd>Ctrl + J</kbd>')
  expect(own).not.toContain('<kbd>Ctrl + K</kbd>')
})

test('/user opens the user centre on its account page', async () => {
  const response = await createClient(baseUrl).request('/user')
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe('/user/account')
})
