import ipaddr from 'ipaddr.js'
import type { Network } from '#app/net/safe-fetch.server.ts'

/**
 * A fake internet for tests: `.test` names (a TLD real DNS never answers) resolve to the
 * addresses in a table, and an address with a port is dialled on that loopback port. Every other
 * name fails to resolve and every other address fails to dial, so nothing reaches the internet.
 */
export type TestSite = { address: string; port?: number }
export type TestNetworkTable = Record<string, TestSite>

const TEST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+test$/

/** The network from `TEST_NETWORK` (JSON table), or null when it is unset. A bad table stops the boot. */
export function testNetworkFromEnv(value: string | undefined = process.env.TEST_NETWORK): Network | null {
  if (!value) return null
  let table: unknown
  try {
    table = JSON.parse(value)
  } catch {
    throw new Error('TEST_NETWORK is not valid JSON')
  }
  if (!table || typeof table !== 'object' || Array.isArray(table)) throw new Error('TEST_NETWORK must be a JSON object')
  return testNetwork(table as TestNetworkTable)
}

export function testNetwork(table: TestNetworkTable): Network {
  const names = new Map<string, string>()
  const ports = new Map<string, number>()
  for (const [rawName, site] of Object.entries(table)) {
    const name = rawName.toLowerCase()
    // Only the reserved TLD, so a forgotten setting can never redirect a real name.
    if (!TEST_NAME.test(name)) throw new Error(`TEST_NETWORK: ${rawName} does not end in .test`)
    if (!site || typeof site.address !== 'string' || !ipaddr.isValid(site.address)) {
      throw new Error(`TEST_NETWORK: ${rawName} needs an IP address`)
    }
    const address = ipaddr.parse(site.address).toString()
    names.set(name, address)
    if (site.port === undefined) continue
    if (!Number.isInteger(site.port) || site.port < 1 || site.port > 65535) {
      throw new Error(`TEST_NETWORK: bad port for ${rawName}`)
    }
    const known = ports.get(address)
    if (known !== undefined && known !== site.port) throw new Error(`TEST_NETWORK: ${site.address} has two ports`)
    ports.set(address, site.port)
  }
  return {
    resolve: async (hostname) => {
      const address = names.get(hostname.toLowerCase().replace(/\.$/, ''))
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
      return [address]
    },
    dial: (address) => {
      const port = ipaddr.isValid(address) ? ports.get(ipaddr.parse(address).toString()) : undefined
      if (port === undefined) throw new Error(`test network: ${address} has no loopback port`)
      return { host: '127.0.0.1', port }
    },
  }
}
