/**
 * Writes that may wait a few seconds, kept in memory by key (`merge` folds a new value into the
 * waiting one) and written together every `intervalMs`, off the response path: a write per page
 * view would cost more than the view. A crash loses at most one interval. `stop` writes what waits.
 */
export function batchedWriter<Key, Value, Added = Value>({
  intervalMs,
  merge,
  write,
  what,
}: {
  intervalMs: number
  merge: (waiting: Value | undefined, added: Added) => Value
  write: (batch: Map<Key, Value>) => Promise<void>
  /** Names the writes in the log when they fail. */
  what: string
}) {
  let pending = new Map<Key, Value>()
  async function flush() {
    if (!pending.size) return
    const batch = pending
    pending = new Map()
    try {
      await write(batch)
    } catch (error) {
      console.error(`${what}: could not write`, batch.size, 'entries', error)
    }
  }
  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref()
  return {
    add(key: Key, added: Added) {
      pending.set(key, merge(pending.get(key), added))
    },
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
