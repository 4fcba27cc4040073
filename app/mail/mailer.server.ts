import { createTransport, type Transporter } from 'nodemailer'
import { type Env, env } from '#app/utils/env.server.ts'

export type MailMessage = { to: string; subject: string; text: string; html: string }

/** How the app sends a mail: SMTP in production and in tests (a local SMTP server the tests read). */
export type Mailer = { send: (message: MailMessage) => Promise<void> }

/** Not configured: the page that would send says so instead of pretending. */
export const MAIL_OFF_MSG = '本站未配置邮件发送，暂时无法找回密码'

const transports = new Map<string, Transporter>()

/** A nodemailer SMTP transport, one per URL (options such as ?pool=true go in the URL). */
export function smtpMailer(url: string, from: string): Mailer {
  let transport = transports.get(url)
  if (!transport) {
    transport = createTransport(url)
    transports.set(url, transport)
  }
  const sender = transport
  return {
    async send(message) {
      await sender.sendMail({ from, ...message })
    },
  }
}

/**
 * The configured mailer and the origin its links point to, or null unless both SMTP_URL and
 * APP_ORIGIN are set: a link in a mail is never built from the request's Host, which whoever
 * asks for the mail chooses (a reset link to their own site would hand them the token).
 */
export function appMailer(config: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'APP_ORIGIN'> = env()): { mailer: Mailer; origin: string } | null {
  const { SMTP_URL, MAIL_FROM, APP_ORIGIN } = config
  return SMTP_URL && APP_ORIGIN ? { mailer: smtpMailer(SMTP_URL, MAIL_FROM), origin: APP_ORIGIN } : null
}
