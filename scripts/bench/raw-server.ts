/**
 * The "limit" reference of PERFORMANCE.md: plain node:http answering every request with the same
 * pre-encoded bytes the app rendered. Run as a child of the bench:
 *   node scripts/bench/raw-server.ts <body file> <content-type>
 * It binds to 127.0.0.1 on a free port and prints `listening on http://127.0.0.1:PORT`.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [bodyFile, contentType] = process.argv.slice(2)
if (!bodyFile || !contentType) throw new Error('usage: raw-server.ts <body file> <content-type>')

// A Buffer, not a string: a string would be re-encoded to UTF-8 on every response
// (perf-baseline §2.1: 1,100 instead of 18,000 req/s).
const body = readFileSync(bodyFile)
const headers = { 'content-type': contentType, 'content-length': String(body.length) }

const server = createServer((_request, response) => {
  response.writeHead(200, headers)
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  console.log(`raw node:http listening on http://127.0.0.1:${port}`)
})

process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
})
