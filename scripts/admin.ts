/**
 * The site's administrators (ADR 034): `npm run admin -- grant someone@example.com`, `revoke …`,
 * `list`. Against the database the server uses (DATABASE_URL, or PGLITE_DIR: an embedded
 * database is one process's at a time, so stop the server first — the command says so if not).
 */
import { openDb } from '#app/db/client.server.ts'
import { DirectoryInUseError } from '#app/db/directory-lock.server.ts'
import { migrate } from '#app/db/migrate.server.ts'
import { listAdmins, setAdmin } from '#app/services/admins.server.ts'
import { env } from '#app/utils/env.server.ts'

const USAGE = 'usage: npm run admin -- grant <e-mail> | revoke <e-mail> | list'
const [command, email] = process.argv.slice(2)
if (!(command === 'list' || ((command === 'grant' || command === 'revoke') && email))) {
  console.error(USAGE)
  process.exit(2)
}

const config = env()
const handle = await openDb({ url: config.DATABASE_URL, dataDir: config.PGLITE_DIR }).catch((error: unknown) => {
  if (!(error instanceof DirectoryInUseError)) throw error
  console.error(`${error.message}: stop the server first (an embedded database is one process's at a time).`)
  process.exit(1)
})
let code = 0
try {
  await migrate(handle)
  if (command === 'list') {
    const admins = await listAdmins(handle.db)
    console.log(admins.length ? admins.map((a) => `${a.email ?? '(no e-mail)'}\t${a.nickname}`).join('\n') : 'No administrators.')
  } else {
    const user = await setAdmin(handle.db, email!, command === 'grant')
    if (!user) {
      console.error(`No account with the e-mail ${email}.`)
      code = 1
    } else {
      console.log(`${command === 'grant' ? 'Granted' : 'Revoked'}: ${user.email} (${user.nickname}) ${command === 'grant' ? 'is' : 'is no longer'} an administrator.`)
    }
  }
} finally {
  await handle.close()
}
process.exit(code)
