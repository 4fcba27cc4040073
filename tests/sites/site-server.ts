import { createServer, type Server } from 'node:http'
import iconv from 'iconv-lite'
import sharp from 'sharp'
import { SITE_HOST } from './network.ts'

/**
 * "Other people's websites" for the HTTP and browser tests: a loopback server the app reaches as
 * http://site.test/… through the test network (TEST_NETWORK, app/net/test-network.server.ts).
 * It never answers for a real name, and the app never reaches the internet in tests.
 */

const page = (title: string, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><p>${title}</p></body></html>`

async function squarePng(size: number, color: string) {
  return sharp({ create: { width: size, height: size, channels: 4, background: color } }).png().toBuffer()
}

export async function startSites(port = 0): Promise<{ port: number; server: Server }> {
  const icon = await squarePng(64, '#1e88e5')
  const logo = await squarePng(128, '#e53935')
  const routes: Record<string, (res: import('node:http').ServerResponse) => void> = {
    '/': (res) => html(res, page('示例网站 - 首页', '<link rel="icon" href="/icon.png">')),
    '/gbk': (res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=gbk' })
      res.end(iconv.encode('<html><head><title>中文网站 GBK 编码</title><link rel="shortcut icon" href="/icon.png"></head></html>', 'gbk'))
    },
    '/private-icon': (res) => html(res, page('图标在内网', '<link rel="icon" href="http://10.0.0.5/x.png">')),
    '/redirect-internal': (res) => {
      res.writeHead(302, { Location: 'http://127.0.0.1:6379/' })
      res.end()
    },
    '/icon.png': (res) => image(res, icon),
    '/logo.png': (res) => image(res, logo),
    '/favicon.ico': (res) => image(res, icon),
    // An image over a note's 3 MB (pasted into a note: refused with 上传图片不能超过3M).
    '/big.png': (res) => image(res, Buffer.alloc(4 * 1024 * 1024, 7)),
    '/svg-icon.svg': (res) => {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml' })
      res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    },
  }
  const server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', `http://${SITE_HOST}`).pathname]
    if (route) return route(res)
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('not found')
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  return { port: typeof address === 'object' && address ? address.port : port, server }
}

function html(res: import('node:http').ServerResponse, body: string) {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
  res.end(body)
}

function image(res: import('node:http').ServerResponse, body: Buffer) {
  res.writeHead(200, { 'Content-Type': 'image/png' })
  res.end(body)
}

// `node tests/sites/site-server.ts <port>`: the e2e suite runs it as a web server of its own.
if (import.meta.main) {
  const { port } = await startSites(Number(process.argv[2] ?? 0))
  console.log(`sites listening on http://127.0.0.1:${port}`)
}
