import { type Round, type Summary, summarize } from './load.ts'

/** Units are decimal throughout (1 KB = 1,000 bytes, 1 MB = 1,000,000 bytes), the stricter reading of the budgets. */
export const kb = (bytes: number) => `${(bytes / 1_000).toFixed(1)} KB`
export const mb = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`
export const int = (value: number) => Math.round(value).toLocaleString('en-US')
export const ms = (value: number) => (value >= 100 ? int(value) : value.toFixed(1))
export const percent = (ratio: number) => `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)}%`

export type Measured = {
  label: string
  rounds: Round[]
  rps: Summary
  p50: Summary
  p99: Summary
  serverCpu: Summary
  clientCpu: Summary
}

export function measured(label: string, rounds: Round[]): Measured {
  const of = (pick: (round: Round) => number) => summarize(rounds.map(pick))
  return {
    label,
    rounds,
    rps: of((r) => r.rps),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    serverCpu: of((r) => r.serverCpu),
    clientCpu: of((r) => r.clientCpu),
  }
}

const range = (summary: Summary, format: (value: number) => string) =>
  summary.min === summary.max ? format(summary.median) : `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`

/** A plain-text table with left-aligned first column and right-aligned figures. */
export function table(header: string[], rows: string[][]) {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)))
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n')
}

export function loadTable(results: Measured[]) {
  return table(
    ['target', 'req/s median (min–max)', 'p50 ms', 'p99 ms median (min–max)', 'server CPU', 'load CPU', 'errors'],
    results.map((result) => [
      result.label,
      range(result.rps, int),
      ms(result.p50.median),
      range(result.p99, ms),
      `${Math.round(result.serverCpu.median)}%`,
      `${Math.round(result.clientCpu.median)}%`,
      int(result.rounds.reduce((sum, round) => sum + round.errors, 0)),
    ]),
  )
}

/**
 * True when the server was not the bottleneck: a saturated Node server uses about one core (or
 * more, with GC and zlib threads). Below that, the load generator or a machine busy with other
 * work set the pace (perf-baseline §1: autocannon's one thread tops out long before raw node:http).
 */
export function serverHadSpareCpu(result: Measured) {
  return result.serverCpu.median < 85
}

export type Verdict = 'PASS' | 'FAIL' | 'N/A'

/** One line of the budget section: `PASS budget 1: …`, or another name for a target that is not a numbered budget. */
export function budgetLine(verdict: Verdict, budget: number | string, text: string) {
  return `${verdict.padEnd(4)} ${typeof budget === 'number' ? `budget ${budget}` : budget}: ${text}`
}
