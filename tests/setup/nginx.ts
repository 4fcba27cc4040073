import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * nginx in front of app processes, for the cluster tests and the bench: deploy/nginx.conf itself
 * (one source), with its upstream ports, listen lines and TLS lines swapped for the run's own,
 * inside a main context of ours (`daemon off`, pid, logs and temp paths in a temporary directory),
 * started as a child process. It never touches the system's nginx service or /etc/nginx.
 */

const root = join(import.meta.dirname, '..', '..')
export const NGINX_SITE = join(root, 'deploy', 'nginx.conf')

/** The nginx binary (Debian puts it in /usr/sbin, which a non-root PATH may lack), or null. */
export function findNginx(): string | null {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' })
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null
}

function replaceCounted(text: string, pattern: RegExp, replace: (match: string, ...groups: string[]) => string, what: string) {
  let count = 0
  const result = text.replace(pattern, (match: string, ...groups: string[]) => {
    count++
    return replace(match, ...groups)
  })
  if (count === 0) throw new Error(`deploy/nginx.conf has no ${what} any more: update tests/setup/nginx.ts with it`)
  return { result, count }
}

/**
 * deploy/nginx.conf for a run on loopback: the upstream's `server 127.0.0.1:…` lines become one
 * per given port (their parameters kept), `listen 443 ssl …` becomes plain http on `port`, the
 * http-to-https redirect listens on `redirectPort`, IPv6 listens and `ssl_*` lines go.
 */
export function nginxSite({ port, redirectPort, upstreamPorts, site = readFileSync(NGINX_SITE, 'utf8') }: { port: number; redirectPort: number; upstreamPorts: number[]; site?: string }) {
  let first = true
  const servers = replaceCounted(site, /^([ \t]*)server 127\.0\.0\.1:\d+([^;\n]*);[ \t]*\n/gm, (_match, indent, params) => {
    if (!first) return ''
    first = false
    return upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${params};\n`).join('')
  }, 'upstream `server 127.0.0.1:PORT` lines')
  let text = servers.result
  text = replaceCounted(text, /^([ \t]*)listen 443 ssl[^;\n]*;/gm, (_m, indent) => `${indent}listen 127.0.0.1:${port};`, '`listen 443 ssl` line').result
  text = replaceCounted(text, /^([ \t]*)listen 80;/gm, (_m, indent) => `${indent}listen 127.0.0.1:${redirectPort};`, '`listen 80;` line').result
  text = replaceCounted(text, /^[ \t]*listen \[::\]:\d+[^;\n]*;[ \t]*\n/gm, () => '', '`listen [::]:…` lines').result
  text = replaceCounted(text, /^[ \t]*ssl_\w+ [^;\n]*;[ \t]*\n/gm, () => '', '`ssl_*` lines').result
  return text
}

export type RunningNginx = { url: string; port: number; process: ChildProcess; log: () => string; stop: () => Promise<void> }

/** A free port on 127.0.0.1 now (the OS picks it; the caller binds it a moment later). */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function accepts(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

/**
 * nginx on 127.0.0.1 (`port`, else a free one) in front of the given app ports, with
 * deploy/nginx.conf as its site. Resolves
 * once it accepts connections; `stop` ends it (SIGQUIT: a graceful stop) and removes its directory.
 */
export async function startNginx(upstreamPorts: number[], options: { port?: number; binary?: string | null } = {}): Promise<RunningNginx> {
  const binary = options.binary ?? findNginx()
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx-light)')
  const port = options.port ?? (await freePort())
  const redirectPort = await freePort()
  const prefix = mkdtempSync(join(tmpdir(), 'qiye-nginx-'))
  // Run as root, nginx's workers become `nobody`: they must be able to write their temp files.
  chmodSync(prefix, 0o755)
  const temp = (name: string) => {
    const dir = join(prefix, name)
    mkdirSync(dir)
    chmodSync(dir, 0o777)
    return dir
  }
  const site = join(prefix, 'site.conf')
  writeFileSync(site, nginxSite({ port, redirectPort, upstreamPorts }))
  const conf = join(prefix, 'nginx.conf')
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  # As Debian's /etc/nginx/nginx.conf has them: the site must hold its own against these.
  sendfile on;
  tcp_nopush on;
  gzip on;
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${site};
}
`,
  )
  const child = spawn(binary, ['-c', conf, '-p', prefix, '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const log = () => {
    const file = join(prefix, 'error.log')
    return output + (existsSync(file) ? readFileSync(file, 'utf8') : '')
  }
  const deadline = Date.now() + 10_000
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      const text = log()
      rmSync(prefix, { recursive: true, force: true })
      throw new Error(`nginx did not start:\n${text}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
        await exited
        clearTimeout(timer)
      }
      rmSync(prefix, { recursive: true, force: true })
    },
  }
}
