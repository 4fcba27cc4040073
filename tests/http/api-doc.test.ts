import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, inject, test } from 'vitest'
import { WEATHER_HOST, weatherEnv } from '#tests/sites/network.ts'
import { startWeather } from '#tests/sites/weather-server.ts'
import { freshDataDir, startServer } from '#tests/setup/server-process.ts'
import { createServerDatabase } from '#tests/setup/test-db.ts'

/**
 * docs/api.md is a script: every `sh` block runs, in document order, in one bash session against a
 * fresh install, and each answer's code and msg must be the ones of the `# {"code":…,"msg":…}`
 * line after it. A block with a `# needs the internet` line is skipped.
 */

const DOC = join(import.meta.dirname, '..', '..', 'docs', 'api.md')
const DOC_ORIGIN = 'http://localhost:3000'
const INTERNET = '# needs the internet'
/** How many examples run today: fewer means blocks were lost (a fence renamed, a parse broken). */
const MIN_EXAMPLES = 110

type Example = { section: string; lines: string[]; expected: string | null }

/** The doc's `sh` blocks cut into examples: the lines up to and including each `# <answer>` line. */
function examplesOf(markdown: string): { run: Example[]; skipped: number } {
  const run: Example[] = []
  let skipped = 0
  let section = '(top)'
  let chapter = ''
  let block: string[] | null = null
  let fence = ''
  for (const line of markdown.split('\n')) {
    if (block === null) {
      const heading = /^(#{2,3}) (.*)$/.exec(line)
      if (heading) {
        // `## 13. …` and `### 13.6 …` name themselves; another `###` is named after its chapter.
        const number = /^(\d+(?:\.\d+)*)\.? /.exec(heading[2]!)?.[1]
        if (heading[1] === '##') chapter = number ?? heading[2]!
        section = number ? `§${number}` : `§${chapter} (${heading[2]})`
      }
      const open = /^```(\S*)/.exec(line)
      if (open) {
        fence = open[1]!
        block = []
      }
      continue
    }
    if (/^## \d+\. /.test(line)) throw new Error(`docs/api.md: the code block in ${section} is never closed (it runs into "${line}")`)
    if (!line.startsWith('```')) {
      block.push(line)
      continue
    }
    if (fence === 'sh') {
      if (block.includes(INTERNET)) skipped++
      else run.push(...cut(section, block))
    }
    block = null
  }
  if (block !== null) throw new Error(`docs/api.md: the code block in ${section} is never closed`)
  return { run, skipped }
}

/** An answer line is a comment holding a JSON object, or `# => text` for an answer that is not JSON. */
function isAnswer(line: string) {
  return line.startsWith('# {') || line.startsWith('# => ')
}

function cut(section: string, block: string[]): Example[] {
  const examples: Example[] = []
  let lines: string[] = []
  for (const line of block) {
    if (isAnswer(line)) {
      examples.push({ section, lines, expected: line.slice(2) })
      lines = []
    } else lines.push(line)
  }
  if (lines.some((line) => line.trim() && !line.startsWith('#'))) examples.push({ section, lines, expected: null })
  return examples
}

/** `name=$(…)` lines: the shell variables an example sets for the ones after it. */
function assigned(lines: string[]) {
  return lines.flatMap((line) => /^([A-Za-z_]\w*)=\$\(/.exec(line)?.[1] ?? [])
}

/** One bash script: each example's output (stdout and stderr) and variables go to files of its own. */
function script(examples: Example[], origin: string) {
  return examples
    .map((example, i) => {
      const body = example.lines.join('\n').replaceAll(DOC_ORIGIN, origin)
      const vars = assigned(example.lines).map((name) => `printf '%s=%s\\n' ${name} "$${name}" >> vars.${i}`)
      return [`{\n${body}\n} > out.${i} 2>&1`, ...vars].join('\n')
    })
    .join('\n')
}

function expectedOf(expected: string) {
  const code = /"code":(-?\d+)/.exec(expected)?.[1]
  const msg = /"msg":"([^"]*)"/.exec(expected)?.[1]
  return { code: code === undefined ? undefined : Number(code), msg }
}

/** What is wrong with one example's result, or null. */
function check(example: Example, output: string, vars: string): string | null {
  for (const line of vars.split('\n').filter(Boolean)) {
    const [name, value] = [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]
    if (!value || value === 'null') return `$${name} is empty or null`
  }
  if (example.expected === null) return output.trim() ? 'prints an answer but has no "# {…}" line after it' : null
  if (example.expected.startsWith('=> ')) {
    const want = example.expected.slice(3)
    return output.trim() === want ? null : `expected the output ${JSON.stringify(want)}`
  }
  const want = expectedOf(example.expected)
  if (!output.trim()) return 'no answer at all (curl did not reach the server, or a variable is unset)'
  let answer: { code?: unknown; msg?: unknown }
  try {
    answer = JSON.parse(output) as typeof answer
  } catch {
    return 'the answer is not one JSON object'
  }
  if (answer.code === want.code && (want.msg === undefined || answer.msg === want.msg)) return null
  return `expected code ${want.code} msg ${JSON.stringify(want.msg)}, got code ${JSON.stringify(answer.code)} msg ${JSON.stringify(answer.msg)}`
}

/** Not spawnSync: the fake weather provider lives in this process and must answer meanwhile. */
function runBash(input: string, cwd: string) {
  return new Promise<void>((resolve, reject) => {
    const bash = spawn('bash', ['--noprofile', '--norc'], { cwd, stdio: ['pipe', 'ignore', 'inherit'] })
    // A call that never answers fails here, with the examples' results so far, not at the test's timeout.
    const timer = setTimeout(() => bash.kill(), 150_000)
    bash.once('error', reject)
    bash.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    bash.stdin.end(input)
  })
}

const serverUrl = process.env.TEST_DATABASE_URL
const database = serverUrl ? await createServerDatabase(serverUrl) : null
afterAll(() => database?.drop())
// Its own server: the examples need a fresh install (the demo's ids, an empty cookie jar).
inject('baseUrl')

test('every example of docs/api.md runs as written and answers what the doc says', { timeout: 180_000 }, async () => {
  const { run, skipped } = examplesOf(readFileSync(DOC, 'utf8'))
  const weather = await startWeather()
  const env = {
    ...weatherEnv(),
    // The weather of §21 comes from the local fake provider, as for the shared HTTP test server.
    TEST_NETWORK: JSON.stringify({ [WEATHER_HOST]: { address: '93.184.216.35', port: weather.port } }),
    UPLOAD_DIR: freshDataDir(),
    SECRET_FILE: `${freshDataDir()}/app-secret`,
    ...(database ? { DATABASE_URL: database.url } : { PGLITE_DIR: freshDataDir() }),
  }
  const server = await startServer(env)
  const dir = mkdtempSync(join(tmpdir(), 'qiye-api-doc-'))
  try {
    await runBash(script(run, server.url), dir)
    const read = (name: string) => {
      try {
        return readFileSync(join(dir, name), 'utf8')
      } catch {
        return ''
      }
    }
    const failures = run.flatMap((example, i) => {
      const output = read(`out.${i}`)
      const problem = check(example, output, read(`vars.${i}`))
      if (!problem) return []
      const command = example.lines.filter((line) => line.trim() && !line.startsWith('#')).join('\n')
      return [`${example.section}, example ${i + 1}:\n${command}\n→ ${problem}\nanswer: ${output.slice(0, 400)}`]
    })
    console.info(`docs/api.md: ${run.length} examples ran, ${skipped} blocks skipped (need the internet)`)
    const log = failures.length ? `\n\nthe server's log, last lines:\n${server.output().slice(-3000)}` : ''
    expect(failures.length, `${failures.length} examples of docs/api.md failed:\n\n${failures.join('\n\n')}${log}`).toBe(0)
    expect(run.length, `only ${run.length} examples found in docs/api.md`).toBeGreaterThanOrEqual(MIN_EXAMPLES)
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await server.stop()
    weather.server.closeAllConnections()
    weather.server.close()
  }
})
