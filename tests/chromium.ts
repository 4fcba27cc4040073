import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

/**
 * Debian's headless shell first: the suite only runs headless, and the shell (Chromium's own
 * headless build, what Playwright itself runs headless) took 40% less time than the full browser
 * on render.test.ts (52 against 86 s, one run after the other on 2 cores).
 */
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']

/**
 * The Chromium the e2e suite drives: Playwright's own bundled build when it was downloaded,
 * else CHROMIUM_PATH, else Debian's headless shell or chromium. Playwright's download needs
 * internet access, so on offline machines the system package is the usual answer.
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
    throw new Error("No Chromium found: install Debian's headless shell (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH")
  }
  return found
}
