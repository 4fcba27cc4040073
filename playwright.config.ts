import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { findChromium } from './tests/chromium.ts'
import { testNetwork, weatherEnv } from './tests/sites/network.ts'
import { startWechat, wechatEnv } from './tests/sites/wechat-server.ts'
import { oauthEnv } from './tests/sites/oauth-provider.ts'

/**
 * End-to-end suite: the production build served by server/index.ts, driven by Chromium twice,
 * once with JavaScript and once without (every page must work as plain HTML too).
 * It needs `npm run build` first (`npm test` builds before it runs).
 */

const root = import.meta.dirname
if (!existsSync(join(root, 'build', 'server', 'index.js'))) {
  throw new Error('build/server/index.js is missing: run `npm run build` before `npx playwright test` (`npm test` does both).')
}

const PORT = Number(process.env.E2E_PORT || 3199)
const baseURL = `http://127.0.0.1:${PORT}`
/** The "other websites" the app fetches names and icons from (tests/sites/site-server.ts). */
const SITES_PORT = PORT + 1
/** The fake weather provider (tests/sites/weather-server.ts). */
const WEATHER_PORT = PORT + 2
/** Our own SMTP server (tests/sites/mail-server.ts): SMTP on +3, its mails read over HTTP on +4. */
const SMTP_PORT = PORT + 3
const MAIL_HTTP_PORT = PORT + 4

/** Configs load again in each worker; only the runner (no TEST_WORKER_INDEX) starts the server. */
const isRunner = process.env.TEST_WORKER_INDEX === undefined

/**
 * The fake WeChat API (tests/sites/wechat-server.ts), in the runner's own process on a port the
 * OS picks (the E2E_PORT block of five is full); the workers inherit its port as E2E_WECHAT_PORT.
 */
if (isRunner && !process.env.E2E_WECHAT_PORT) {
  const wechat = await startWechat()
  process.env.E2E_WECHAT_PORT = String(wechat.port)
}
const WECHAT_PORT = Number(process.env.E2E_WECHAT_PORT)

function databaseEnv(): Record<string, string> {
  if (process.env.E2E_DATABASE_URL) return { DATABASE_URL: process.env.E2E_DATABASE_URL }
  if (process.env.DATABASE_URL) return { DATABASE_URL: process.env.DATABASE_URL }
  if (!isRunner) return {}
  // A fresh PGlite per run: migrated and seeded at boot, removed when the runner exits.
  const dir = mkdtempSync(join(tmpdir(), 'qiye-e2e-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return { PGLITE_DIR: dir }
}

/** Uploaded images and the server's secret of one run, removed when the runner exits. */
function uploadEnv(): Record<string, string> {
  if (!isRunner) return {}
  const dir = mkdtempSync(join(tmpdir(), 'qiye-e2e-uploads-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return { UPLOAD_DIR: dir, SECRET_FILE: join(dir, 'app-secret') }
}

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '*.test.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    // The production build registers a service worker (server/service-worker.ts). Blocked here so
    // that page.route sees every request and no test's pages come from its caches; the tests of
    // the worker itself (mobile.test.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // A test for one project only says so in its title (@js-only, @no-js-only): no skipped runs.
  projects: [
    { name: 'js', use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: 'no-js', use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: [
    {
      command: `node tests/sites/site-server.ts ${SITES_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${SITES_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node tests/sites/weather-server.ts ${WEATHER_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${WEATHER_PORT}/hits`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node tests/sites/mail-server.ts ${SMTP_PORT} ${MAIL_HTTP_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/mails`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Our own OAuth2 provider on a port the OS picks: Playwright puts the captured
      // OAUTH_TEST_BASE_URL into its environment, which the app server below inherits.
      command: 'node tests/sites/oauth-provider.ts 0',
      cwd: root,
      wait: { stdout: /oauth provider on (?<oauth_test_base_url>http:\/\/127\.0\.0\.1:\d+)/ },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // `npx playwright test` puts node_modules/.bin first on PATH, so this is the Node 24 of the
      // `node` devDependency (the server relies on its built-in type stripping).
      command: 'node server/index.ts',
      cwd: root,
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        RATE_LIMIT_FACTOR: '100',
        TEST_NETWORK: testNetwork(SITES_PORT, WEATHER_PORT),
        ...weatherEnv(),
        APP_ORIGIN: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: '起页测试 <no-reply@qiye.test>',
        ...wechatEnv(WECHAT_PORT),
        // The fake provider's client ids and secrets (its base URL comes from the server above).
        ...Object.fromEntries(Object.entries(oauthEnv(0)).filter(([key]) => key !== 'OAUTH_TEST_BASE_URL')),
        ...databaseEnv(),
        ...uploadEnv(),
      },
    },
  ],
})
