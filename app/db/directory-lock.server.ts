import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tryLock } from 'fs-native-extensions'

/** The file in the data directory whose lock says which process has the database open. */
export const LOCK_FILE = 'qiye.lock'

/** Thrown when another process already has the directory open; the message is one line for the log. */
export class DirectoryInUseError extends Error {}

/**
 * Takes the exclusive lock on an embedded database's directory, as PostgreSQL's postmaster.pid
 * does for a server: PGlite itself lets two processes open one directory, and each then
 * overwrites what the other wrote. The lock is the kernel's (an open-file-description lock on
 * Linux, flock elsewhere): it ends with the process however that ends, so a SIGKILL leaves no
 * stale lock. The holder's pid is written into the file only to name it to the one refused.
 */
export function lockDirectory(dir: string): { release: () => void } {
  const path = join(resolve(dir), LOCK_FILE)
  const fd = openLockFile(path, dir)
  if (!tryLock(fd)) {
    const holder = readFileSync(path, 'utf8').trim()
    closeSync(fd)
    throw new DirectoryInUseError(`PGLITE_DIR ${resolve(dir)} is in use by process ${holder || '(unknown)'}`)
  }
  ftruncateSync(fd, 0)
  writeSync(fd, `${process.pid}\n`, 0)
  // Closing the descriptor is what releases the lock: it stays open as long as the database is.
  return { release: () => closeSync(fd) }
}

function openLockFile(path: string, dir: string) {
  const open = () => openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600)
  try {
    return open()
  } catch (error) {
    // A script may open a directory that does not exist yet (the server makes its own first).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    mkdirSync(dir, { recursive: true })
    return open()
  }
}
