import type { TestProject } from 'vitest/node'
import { testNetwork, weatherEnv } from '../sites/network.ts'
import { startSites } from '../sites/site-server.ts'
import { startMailServer } from '../sites/mail-server.ts'
import { startOAuthProvider } from '../sites/oauth-provider.ts'
import { startWeather } from '../sites/weather-server.ts'
import { startWechat, wechatEnv } from '../sites/wechat-server.ts'
import { freshDataDir, startServer } from './server-process.ts'
import { createServerDatabase, serverUrl } from './test-db.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    databaseUrl: string
    weatherPort: number
    /** The local SMTP server's HTTP side, where the tests read the app's mails (tests/sites/mail-server.ts). */
    mailPort: number
    /** The fake WeChat API the app's adapter talks to (tests/sites/wechat-server.ts). */
    wechatPort: number
    /** Our own OAuth2 provider (tests/sites/oauth-provider.ts), whose endpoints the server is configured with. */
    oauthPort: number
  }
}

/** One built server for the HTTP tests, on a fresh PGlite directory or a fresh server database. */
export default async function setup(project: TestProject) {
  const database = serverUrl ? await createServerDatabase(serverUrl) : null
  // Many tests register from 127.0.0.1; the limits themselves are tested in the service tests.
  const limits = { RATE_LIMIT_FACTOR: '100' }
  // Other sites are loopback servers the app reaches through the test network, never the internet.
  const sites = await startSites()
  const weather = await startWeather()
  const mail = await startMailServer()
  const wechat = await startWechat()
  const oauth = await startOAuthProvider()
  const common = { ...limits, ...weatherEnv(), ...mail.env, ...wechatEnv(wechat.port), ...oauth.env, TEST_NETWORK: testNetwork(sites.port, weather.port), UPLOAD_DIR: freshDataDir(), SECRET_FILE: `${freshDataDir()}/app-secret` }
  const server = await startServer(database ? { ...common, DATABASE_URL: database.url } : { ...common, PGLITE_DIR: freshDataDir() })
  project.provide('baseUrl', server.url)
  project.provide('databaseUrl', database?.url ?? '')
  project.provide('weatherPort', weather.port)
  project.provide('mailPort', mail.httpPort)
  project.provide('wechatPort', wechat.port)
  project.provide('oauthPort', oauth.port)
  return async () => {
    const code = await server.stop()
    sites.server.close()
    weather.server.closeAllConnections()
    weather.server.close()
    await mail.close()
    await wechat.close()
    await oauth.close()
    await database?.drop()
    if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`)
  }
}
