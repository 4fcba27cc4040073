/**
 * `npm test`: the whole suite, as CI runs it.
 *   1. typecheck          4. the same again on the PostgreSQL server, when TEST_DATABASE_URL is set
 *   2. production build   5. Playwright e2e in Chromium, JavaScript on and off (axe included)
 *   3. service + HTTP tests on PGlite
 * Stops at the first failing step and ends with one "N passed, N failed" line.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { findChromium } from '../tests/chromium.ts'

const results = 'test-results/summary'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })
let passed = 0
let failed = 0

function finish(code: number): never {
  console.log(`\n${passed} passed, ${failed} failed`)
  process.exit(code)
}

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n▶ ${title}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`)
    failed = Math.max(failed, 1)
    return false
  }
  return true
}

function countVitest(file: string) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number }
  passed += report.numPassedTests
  failed += report.numFailedTests
}

function vitest(title: string, file: string, env: NodeJS.ProcessEnv) {
  const ok = run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env)
  try {
    countVitest(file)
  } catch {
    // No report: vitest failed before running tests; `run` has already counted the failure.
  }
  return ok
}

let chromium: string
try {
  chromium = findChromium()
} catch (error) {
  console.error(`✖ ${(error as Error).message}`)
  finish(1)
}

if (!run('typecheck', 'npm', ['run', 'typecheck'])) finish(1)
if (!run('build', 'npm', ['run', 'build'])) finish(1)

const { TEST_DATABASE_URL, ...withoutServer } = process.env
if (!vitest('service and HTTP tests on PGlite', `${results}/vitest-pglite.json`, withoutServer)) finish(1)
if (TEST_DATABASE_URL) {
  if (!vitest('service and HTTP tests on PostgreSQL', `${results}/vitest-postgres.json`, process.env)) finish(1)
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run is skipped; .ci/run sets it when a server answers.)')
}

const e2eReport = `${results}/playwright.json`
const e2eOk = run('e2e in Chromium, JavaScript on and off', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  ...process.env,
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
})
try {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }
  passed += stats.expected
  failed += stats.unexpected + stats.flaky
} catch {
  // No report: Playwright failed before running tests; `run` has already counted the failure.
}
finish(e2eOk && failed === 0 ? 0 : 1)
