/**
 * The framework-floor reference of PERFORMANCE.md: the trivial React Router app of
 * scripts/bench/floor-app, built by the bench, served with the adapter our server uses (express +
 * @react-router/express, the build handed over as an object as server/index.ts does) and nothing
 * else: no helmet, compression or static files. Run as a child of the bench:
 *   node scripts/bench/floor-server.ts <path of build/server/index.js>
 * It binds to 127.0.0.1 on a free port and prints `listening on http://127.0.0.1:PORT`.
 */
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import type { ServerBuild } from 'react-router'

const [serverBuild] = process.argv.slice(2)
if (!serverBuild) throw new Error('usage: floor-server.ts <build/server/index.js>')

const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild

const app = express()
app.disable('x-powered-by')
app.all(/.*/, createRequestHandler({ build, mode: 'production' }))

const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  console.log(`trivial React Router app listening on http://127.0.0.1:${port}`)
})

process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
})
