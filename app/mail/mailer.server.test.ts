import { expect, test } from 'vitest'
import { appMailer } from './mailer.server.ts'

test('mail goes out only with both SMTP_URL and APP_ORIGIN, its links pointing at APP_ORIGIN', () => {
  const from = '起页 <no-reply@qiye.test>'
  expect(appMailer({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: from, APP_ORIGIN: '' })).toBeNull()
  expect(appMailer({ SMTP_URL: '', MAIL_FROM: from, APP_ORIGIN: 'https://qiye.example' })).toBeNull()
  expect(appMailer({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: from, APP_ORIGIN: 'https://qiye.example' })?.origin).toBe('https://qiye.example')
})
