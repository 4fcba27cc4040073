import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

/**
 * The Chromium the e2e suite drives: Playwright's own bundled build when it was downloaded,
 * else CHROMIUM_PATH, else Debian's chromium. Playwright's download needs internet access,
 * so on offline machines the system package is the usual answer.
 */
export function findChromium(): string {
  const candidates: string[] = []
  try {
    candidates.push(chromium.executablePath())
  } catch {
    // No bundled browser registered for this platform.
  }
  if (process.env.CHROMIUM_PATH) candidates.push(process.env.CHROMIUM_PATH)
  candidates.push(...SYSTEM_CHROMIUMS)
  const found = candidates.find((path) => path && existsSync(path))
  if (!found) {
    throw new Error("No Chromium found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH")
  }
  return found
}
