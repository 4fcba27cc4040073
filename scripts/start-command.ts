import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export type StartCommand = { env: Record<string, string>; nodeArgs: string[]; script: string }

/**
 * The production start command of package.json's `start:built` (`KEY=value … node [flags] script`),
 * taken apart, so that the bench and the HTTP tests start the server exactly as the README does,
 * with its memory flags (ADR 012), instead of a copy that drifts.
 */
export function startCommand(root = join(import.meta.dirname, '..')): StartCommand {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  const words = scripts['start:built']?.trim().split(/\s+/) ?? []
  const node = words.indexOf('node')
  const script = words.at(-1)
  if (node < 0 || !script?.endsWith('.ts') || words.length - 1 <= node) {
    throw new Error(`package.json's start:built is not "KEY=value … node [flags] script.ts": ${scripts['start:built']}`)
  }
  const env: Record<string, string> = {}
  for (const word of words.slice(0, node)) {
    const eq = word.indexOf('=')
    if (eq <= 0) throw new Error(`package.json's start:built: "${word}" before node is not KEY=value`)
    env[word.slice(0, eq)] = word.slice(eq + 1)
  }
  return { env, nodeArgs: words.slice(node + 1, -1), script }
}
