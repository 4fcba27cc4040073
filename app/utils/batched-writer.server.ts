/**
 * Writes that may wait a few seconds, kept in memory by key (`merge` folds a new value into the
 * waiting one) and written together every `intervalMs`, off the response path: a write per page
 * view would cost more than the view. A crash loses at most one interval. `stop` writes what waits.
 * Writes never overlap: `flush` waits for the one under way, so "flushed" means in the database.
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
  let writing = Promise.resolve()
  async function writePending() {
    if (!pending.size) return
    const batch = pending
    pending = new Map()
    try {
      await write(batch)
    } catch (error) {
      console.error(`${what}: could not write`, batch.size, 'entries', error)
    }
  }
  function flush() {
    writing = writing.then(writePending)
    return writing
  }
  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref()
  return {
    add(key: Key, added: Added) {
      pending.set(key, merge(pending.get(key), added))
    },
    /** Drops the waiting values whose key `matches` (they will not be written). */
    drop(matches: (key: Key) => boolean) {
      for (const key of pending.keys()) if (matches(key)) pending.delete(key)
    },
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
