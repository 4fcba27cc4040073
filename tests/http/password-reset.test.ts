import { request } from 'node:http'
import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { isSignedIn, newEmail, postPage, registerAccount, signInAgain } from './account-helpers.ts'
import { freshDataDir, startServer } from '#tests/setup/server-process.ts'
import { createServerDatabase, serverUrl } from '#tests/setup/test-db.ts'
import { mailsTo, resetLinkOf, startMailServer, waitForMail } from '#tests/sites/mail-server.ts'

const baseUrl = inject('baseUrl')
const mailPort = inject('mailPort')

const SENT = '如果该邮箱已注册，我们已向它发送了重置密码的邮件，请在30分钟内打开邮件中的链接'
const INVALID = '重置链接无效或已被使用，请重新申请找回密码'
const EXPIRED = '重置链接已过期，请重新申请找回密码'

/** Asks for a reset mail through the page (JavaScript off); returns the answer's page. */
async function askReset(base: string, email: string) {
  const client = createClient(base)
  const response = await postPage(client, '/forget/input-email', { email })
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe('/forget/input-email?sent=1')
  return (await client.request('/forget/input-email?sent=1')).text()
}

/** The reset form posted as the browser would: the token from the page's hidden field. */
async function postReset(client: ReturnType<typeof createClient>, link: string, password: string, confirm = password) {
  const token = new URL(link, baseUrl).searchParams.get('token')!
  return postPage(client, '/forget/reset-password?' + new URLSearchParams({ token }), { token, password, confirm })
}

test('the login form links to the forgotten-password page, which works without JavaScript', async () => {
  const login = await (await createClient(baseUrl).request('/login')).text()
  expect(login).toMatch(/<a[^>]+href="\/forget\/input-email"[^>]*>忘记密码？<\/a>/)
  const page = await createClient(baseUrl).request('/forget/input-email')
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toMatch(/<form[^>]+method="post"/)
  expect(html).toContain('name="email"')
  const bad = await postPage(createClient(baseUrl), '/forget/input-email', { email: 'not-an-email' })
  expect(bad.status).toBe(400)
  const badHtml = await bad.text()
  expect(badHtml).toContain('请输入正确的邮箱地址')
  expect(badHtml).toContain('value="not-an-email"')
})

test('forgot → mail → reset: the link works once, ends every session, and the new password signs in', async () => {
  const { client, email, password } = await registerAccount(baseUrl, { nickname: '忘了密码' })
  const other = await signInAgain(baseUrl, email, password)
  expect(await isSignedIn(client)).toBe(true)
  expect(await isSignedIn(other)).toBe(true)

  expect(await askReset(baseUrl, email.toUpperCase())).toContain(SENT)
  const mail = await waitForMail(mailPort, email)
  expect(mail.subject).toBe('起页：重置密码')
  expect(mail.from).toBe('no-reply@qiye.test')
  expect(mail.text).toContain('忘了密码，你好')
  const link = resetLinkOf(mail)
  expect(mail.text).toContain(`${baseUrl}${link}`)

  const browser = createClient(baseUrl)
  const form = await browser.request(link)
  expect(form.status).toBe(200)
  expect(form.headers.get('Cache-Control')).toBe('no-store')
  const formHtml = await form.text()
  expect(formHtml).toContain('设置新密码')
  expect(formHtml).toContain('name="confirm"')

  // The rules of a new password, and the two copies must agree; the link is not used up by a refusal.
  const short = await postReset(browser, link, '12345')
  expect(short.status).toBe(400)
  expect(await short.text()).toContain('密码长度不能小于6位')
  const differ = await postReset(browser, link, '新的密码一号', '新的密码二号')
  expect(await differ.text()).toContain('两次输入的密码不一致')

  const done = await postReset(browser, link, '重置后的新密码')
  expect(done.status).toBe(302)
  expect(done.headers.get('Location')).toBe('/login')
  expect(await (await browser.request('/login')).text()).toContain('密码已重置，请使用新密码登录')

  expect(await isSignedIn(client)).toBe(false)
  expect(await isSignedIn(other)).toBe(false)
  const old = await postPage(createClient(baseUrl), '/login', { intent: 'login', email, password, redirectTo: '/' })
  expect(old.status).toBe(400)
  expect(await isSignedIn(await signInAgain(baseUrl, email, '重置后的新密码'))).toBe(true)

  // Used once: the page and the form both refuse it now, in Chinese.
  const again = await createClient(baseUrl).request(link)
  expect(again.status).toBe(400)
  expect(await again.text()).toContain(INVALID)
  const secondUse = await postReset(createClient(baseUrl), link, '再来一次的密码')
  expect(secondUse.status).toBe(400)
  expect(await secondUse.text()).toContain(INVALID)
  await signInAgain(baseUrl, email, '重置后的新密码')
})

test('two posts of one link at once: one sets the password, the other is refused', async () => {
  const { email } = await registerAccount(baseUrl)
  await askReset(baseUrl, email)
  const link = resetLinkOf(await waitForMail(mailPort, email))
  const [a, b] = await Promise.all([postReset(createClient(baseUrl), link, '并发的密码甲'), postReset(createClient(baseUrl), link, '并发的密码乙')])
  expect([a.status, b.status].sort()).toEqual([302, 400])
  const winner = a.status === 302 ? '并发的密码甲' : '并发的密码乙'
  expect(await (a.status === 400 ? a : b).text()).toContain(INVALID)
  await signInAgain(baseUrl, email, winner)
})

// That the answer does not wait for the lookup or the mail (so it is as fast for an unknown
// address) is shown in the service test with a slow SMTP server; speed is not timed here.
test('an unknown address gets the very same answer, and no mail', async () => {
  const { email } = await registerAccount(baseUrl)
  const unknown = newEmail()
  // The page's main part, word for word (the rest holds a nonce and the clock).
  const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0]
  expect(main(await askReset(baseUrl, unknown))).toBe(main(await askReset(baseUrl, email)))
  await waitForMail(mailPort, email)
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(await mailsTo(mailPort, unknown)).toEqual([])
})

test('a made-up or mangled link is refused with a clear message, and a cross-site post is refused', async () => {
  for (const token of ['', 'abc', `${'a'.repeat(22)}.${'b'.repeat(43)}`]) {
    const response = await createClient(baseUrl).request(`/forget/reset-password?token=${token}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain(INVALID)
  }
  const foreign = createClient(baseUrl)
  const { email } = await registerAccount(baseUrl)
  for (const path of ['/forget/input-email', '/forget/reset-password']) {
    const response = await foreign.request(path, { method: 'POST', headers: { Origin: 'https://evil.example' }, form: { email, token: 'x', password: '123456', confirm: '123456' } })
    expect(response.status).toBe(403)
  }
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(await mailsTo(mailPort, email)).toEqual([])
})

test('an expired link is refused (a server whose links last about a second)', async () => {
  const mail = await startMailServer()
  const database = serverUrl ? await createServerDatabase(serverUrl) : null
  const server = await startServer({
    ...mail.env,
    PASSWORD_RESET_MINUTES: '0.02',
    RATE_LIMIT_FACTOR: '100',
    UPLOAD_DIR: freshDataDir(),
    SECRET_FILE: `${freshDataDir()}/app-secret`,
    ...(database ? { DATABASE_URL: database.url } : { PGLITE_DIR: freshDataDir() }),
  })
  try {
    const { email } = await registerAccount(server.url)
    await askReset(server.url, email)
    const link = resetLinkOf(await waitForMail(mail.httpPort, email))
    // Not opened before it expires: on a loaded machine 1.2 s can pass before the first look. The
    // message is expiry's own (a link refused for any other reason says so differently), and the
    // service test with a clock shows the same link working before its 30 minutes are up.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const expired = await createClient(server.url).request(link)
    expect(expired.status).toBe(400)
    expect(await expired.text()).toContain(EXPIRED)
    const token = new URL(link, server.url).searchParams.get('token')!
    const post = await postPage(createClient(server.url), link, { token, password: '过期后的新密码', confirm: '过期后的新密码' })
    expect(post.status).toBe(400)
    expect(await post.text()).toContain(EXPIRED)
  } finally {
    await server.stop()
    await mail.close()
    await database?.drop()
  }
}, 90_000)

/** A form post with a Host header of our choosing (fetch always sends the URL's own). */
function postWithHost(path: string, form: Record<string, string>, headers: Record<string, string>) {
  const body = new URLSearchParams(form).toString()
  const { hostname, port } = new URL(baseUrl)
  return new Promise<number>((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), ...headers } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end(body)
  })
}

test('the link in the mail points at APP_ORIGIN, whatever Host the request named', async () => {
  const { email } = await registerAccount(baseUrl)
  // A request naming another site as both its Host and its Origin is not ours.
  expect(await postWithHost('/forget/input-email', { email }, { Host: 'evil.example', Origin: 'http://evil.example' })).toBe(403)
  expect(await postWithHost('/forget/input-email', { email }, { Host: 'evil.example', Origin: baseUrl })).toBe(302)
  const mail = await waitForMail(mailPort, email)
  expect(mail.text).toContain(`${baseUrl}/forget/reset-password?token=`)
  expect(mail.text).not.toContain('evil.example')
  expect(await mailsTo(mailPort, email)).toHaveLength(1)
})
