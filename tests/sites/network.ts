/**
 * How the app under test reaches tests/sites/site-server.ts: TEST_NETWORK maps reserved `.test`
 * names to public-looking addresses, which the test network dials on loopback
 * (app/net/test-network.server.ts).
 */

export const SITE_HOST = 'site.test'
/** A public-looking name that resolves into a private network: always refused. */
export const INTRANET_HOST = 'intranet.test'

/** The TEST_NETWORK value for an app server whose sites run on `port`. */
export function testNetwork(port: number) {
  return JSON.stringify({
    [SITE_HOST]: { address: '93.184.216.34', port },
    [INTRANET_HOST]: { address: '10.0.0.1' },
  })
}
