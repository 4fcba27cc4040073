/**
 * The part of autocannon's programmatic API the bench uses. autocannon ships no types, and
 * @types/autocannon would be one more dependency for a few fields.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  /** An hdr-histogram-percentiles-obj summary; latencies are in milliseconds. */
  export type Histogram = {
    average: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }

  export type Result = {
    /** Seconds the run actually took. */
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    latency: Histogram
    /** Per-second samples; `total` is the number of completed responses. */
    requests: Histogram
    throughput: Histogram
  }

  export type Options = {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    headers?: Record<string, string>
    /** Seconds before a request counts as timed out. */
    timeout?: number
  }

  export type Instance = EventEmitter & { stop: () => void }

  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance
}
