import { clientScripts } from './bench/sizes.ts'
for (const path of process.argv.slice(3)) {
  const html = await (await fetch(process.argv[2]! + path)).text()
  const s = clientScripts(html, 'build/client')
  console.log(path, s.files.reduce((n, f) => n + f.gzip, 0), [...s.files].sort((a, b) => b.gzip - a.gzip).map((f) => `${JSON.stringify(f).match(/assets\/([^"]+)/)?.[1]}:${f.gzip}`).join(' '))
}
