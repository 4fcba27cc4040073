import { randomBytes } from 'node:crypto'
import pg from 'pg'

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl` (any database on it serves to
 * connect), as tests/setup/test-db.ts makes them; `drop` removes it and its connections.
 */
export async function createBenchDatabase(serverUrl: string) {
  const name = `qiye_bench_${randomBytes(6).toString('hex')}`
  await adminQuery(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  }
}
