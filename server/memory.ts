/**
 * Gives back what booting left behind (ADR 012, PERFORMANCE.md budget 6). Migrations, the search
 * back-fill and loading the server build allocate a lot that dies at once; V8 answers by growing
 * its young generation to the maximum and keeps those pages, with the dead old-generation ones,
 * until its memory reducer notices the process is idle (10-30 s later). One memory-reducing
 * collection before listening returns them now: ~60–150 ms (ADR 012), once, before any request waits.
 *
 * Needs `--expose-gc` (the start scripts pass it); without it (tests, a bare `node
 * server/index.ts`) this does nothing and V8 gets there by itself later.
 */
export function releaseBootMemory() {
  globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
