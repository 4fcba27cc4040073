// The package ships no types; only the call the database lock uses (app/db/directory-lock.server.ts).
declare module 'fs-native-extensions' {
  /** An exclusive (or, with `shared`, a shared) lock on the open file `fd`, without waiting: false when another holds it. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean
}
