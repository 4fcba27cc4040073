/**
 * How the app under test reaches tests/sites/site-server.ts: TEST_NETWORK maps reserved `.test`
 * names to public-looking addresses, which the test network dials on loopback
 * (app/net/test-network.server.ts).
 */

export const SITE_HOST = 'site.test'
/** A public-looking name that resolves into a private network: always refused. */
export const INTRANET_HOST = 'intranet.test'

/** The fake weather provider (tests/sites/weather-server.ts), as WEATHER_API_URL. */
export const WEATHER_HOST = 'weather.test'

/** The TEST_NETWORK value for an app server whose sites run on `port` (and the fake weather on `weatherPort`). */
export function testNetwork(port: number, weatherPort?: number) {
  return JSON.stringify({
    [SITE_HOST]: { address: '93.184.216.34', port },
    ...(weatherPort ? { [WEATHER_HOST]: { address: '93.184.216.35', port: weatherPort } } : {}),
    [INTRANET_HOST]: { address: '10.0.0.1' },
  })
}

/**
 * The app's environment for the fake weather provider (both of Open-Meteo's hosts are the one
 * fake). Its slow place answers after 30 s; a timeout of seconds proves the timeout without a
 * loaded machine's slow first answer reading as one.
 */
export function weatherEnv() {
  return { WEATHER_API_URL: `http://${WEATHER_HOST}`, WEATHER_GEOCODING_URL: `http://${WEATHER_HOST}`, WEATHER_TIMEOUT_MS: '3000' }
}
