import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A mail as the tests read it. */
export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string; receivedAt: number }

export type MailServer = {
  smtpPort: number
  httpPort: number
  /** The SMTP_URL / MAIL_FROM the app is started with. */
  env: Record<string, string>
  mails: () => ReceivedMail[]
  close: () => Promise<void>
}

/**
 * Our own SMTP server for the tests (the app's mail goes over real SMTP, nodemailer to smtp-server),
 * keeping every mail in memory, parsed by mailparser. Tests in other processes read them over
 * HTTP: GET /mails?to=address (JSON, oldest first).
 */
export async function startMailServer(smtpPort = 0, httpPort = 0): Promise<MailServer> {
  const mails: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mail.test')
    if (url.pathname !== '/mails') {
      res.writeHead(404).end()
      return
    }
    const to = url.searchParams.get('to')?.toLowerCase()
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails))
  })
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve))
  const smtpAddress = smtp.server.address() as AddressInfo
  return {
    smtpPort: smtpAddress.port,
    httpPort: (http.address() as AddressInfo).port,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpAddress.port}`, MAIL_FROM: '起页测试 <no-reply@qiye.test>' },
    mails: () => mails,
    async close() {
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}

/** The mails `to` has received, read from the server's HTTP side. */
export async function mailsTo(httpPort: number, to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`http://127.0.0.1:${httpPort}/mails?${new URLSearchParams({ to })}`)
  return (await response.json()) as ReceivedMail[]
}

/** Waits for the `count`th mail to `to` (the app sends after answering) and returns it. */
export async function waitForMail(httpPort: number, to: string, { count = 1, timeoutMs = 10_000 } = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = await mailsTo(httpPort, to)
    if (mails.length >= count) return mails[count - 1]!
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The reset link of a mail (its path and query, to be opened on the app under test). */
export function resetLinkOf(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"<]+\/forget\/reset-password\?token=[\w.-]+/.exec(mail.text)
  if (!match) throw new Error(`no reset link in: ${mail.text}`)
  const url = new URL(match[0])
  return `${url.pathname}${url.search}`
}

if (import.meta.main) {
  const server = await startMailServer(Number(process.argv[2] ?? 0), Number(process.argv[3] ?? 0))
  console.log(`mail server: SMTP on 127.0.0.1:${server.smtpPort}, mails on http://127.0.0.1:${server.httpPort}/mails`)
}
