/**
 * Values by key, least recently used first out, bounded in bytes: the one rule of the page
 * cache's two stores (kept pages, page-store.server.ts; drawn categories, fragments.server.ts).
 * `sizeOf` tells a value's bytes when it is set and when it leaves; a value that grows while kept
 * (a page's compressed copies) says so with `grew`, so the two always agree.
 */
export class LruByBytes<Value> {
  readonly #values = new Map<string, Value>()
  readonly #sizeOf: (key: string, value: Value) => number
  #bytes = 0
  readonly maxBytes: number

  constructor(maxBytes: number, sizeOf: (key: string, value: Value) => number) {
    this.maxBytes = maxBytes
    this.#sizeOf = sizeOf
  }

  get size() {
    return this.#values.size
  }

  /** Bytes of the values kept (what maxBytes bounds). */
  get bytes() {
    return this.#bytes
  }

  /** The value, without counting it as used. */
  peek(key: string) {
    return this.#values.get(key)
  }

  /** The value, counted as just used (it leaves last). */
  get(key: string) {
    const value = this.#values.get(key)
    if (value !== undefined) this.touch(key, value)
    return value
  }

  touch(key: string, value: Value) {
    this.#values.delete(key)
    this.#values.set(key, value)
  }

  /** Keeps the value (none larger than the whole budget), the least recently used leaving to make room. */
  set(key: string, value: Value) {
    this.delete(key)
    const bytes = this.#sizeOf(key, value)
    if (bytes > this.maxBytes) return
    this.#values.set(key, value)
    this.#bytes += bytes
    this.#evict()
  }

  /** `bytes` more for the value kept under the key, if it is still this one (its size grew by as much). */
  grew(key: string, value: Value, bytes: number) {
    if (this.#values.get(key) !== value) return
    this.#bytes += bytes
    this.#evict()
  }

  delete(key: string) {
    const value = this.#values.get(key)
    if (value === undefined) return
    this.#values.delete(key)
    this.#bytes -= this.#sizeOf(key, value)
  }

  #evict() {
    for (const key of this.#values.keys()) {
      if (this.#bytes <= this.maxBytes) return
      this.delete(key)
    }
  }
}
