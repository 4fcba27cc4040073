import { mkdirSync, statSync } from 'node:fs'
import { dirname, parse, resolve, sep } from 'node:path'
import type { Env } from './env.server.ts'

/** A directory the server writes to, named by the setting that chooses it. */
export type DataDirectory = { setting: 'PGLITE_DIR' | 'UPLOAD_DIR' | 'SECRET_FILE'; path: string }

/**
 * Every directory the server will write to with these settings: the embedded database's (unless
 * a PostgreSQL server or an in-memory database is used), the uploads' (unless they are kept in an
 * object store, S3_BUCKET), and the one holding the secret file (unless APP_SECRET is set).
 */
export function dataDirectories(config: Pick<Env, 'DATABASE_URL' | 'PGLITE_DIR' | 'UPLOAD_DIR' | 'S3_BUCKET' | 'APP_SECRET' | 'SECRET_FILE'>): DataDirectory[] {
  const dirs: DataDirectory[] = []
  const onServer = config.DATABASE_URL && /^postgres(ql)?:\/\//.test(config.DATABASE_URL)
  if (!onServer && config.PGLITE_DIR !== 'memory://') dirs.push({ setting: 'PGLITE_DIR', path: config.PGLITE_DIR })
  if (!config.S3_BUCKET) dirs.push({ setting: 'UPLOAD_DIR', path: config.UPLOAD_DIR })
  if (!config.APP_SECRET) dirs.push({ setting: 'SECRET_FILE', path: dirname(config.SECRET_FILE) })
  return dirs
}

/**
 * Creates each directory (and its parents) before anything opens it, so a fresh clone starts.
 * Throws one line that names the setting, the path and the reason when one cannot be made.
 */
export function ensureDataDirectories(dirs: DataDirectory[]) {
  for (const { setting, path } of dirs) {
    try {
      makeDirectory(resolve(path))
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException
      throw new Error(`cannot create ${setting} directory ${resolve(path)}: ${code ?? message}`)
    }
  }
}

/**
 * `mkdir -p`, one level at a time. Node's own `recursive: true` never returns for a path under
 * /proc (mkdir answers ENOENT there while the parent exists, and it retries forever).
 */
function makeDirectory(path: string) {
  const { root } = parse(path)
  let current = root
  for (const part of path.slice(root.length).split(sep).filter(Boolean)) {
    current = current === root ? root + part : current + sep + part
    try {
      mkdirSync(current)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (!statSync(current).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' })
    }
  }
}
