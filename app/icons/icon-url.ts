/**
 * Where the browser fetches a library icon (isomorphic: pages and the server both use it).
 * Keys are `prefix:name` (`tabler:star`); a bare name (`star`, as older rows store it) means the
 * default set. The served file is built from the icon set on the server
 * (routes/resources.icon.ts), so the set itself never ships to the browser.
 */
export const ICON_PREFIX = 'tabler'

const KEY = /^(?:([a-z][a-z0-9]*):)?([a-z0-9]+(?:-[a-z0-9]+)*)$/

/** `tabler:star` (or `star`) → { prefix: 'tabler', name: 'star' }; anything else → null. */
export function parseIconKey(key: string): { prefix: string; name: string } | null {
  if (key.length > 100) return null
  const match = KEY.exec(key)
  if (!match) return null
  return { prefix: match[1] ?? ICON_PREFIX, name: match[2]! }
}

/** The canonical key (`tabler:star`) of a well-formed key, or null. Says nothing about existence. */
export function canonicalIconKey(key: string) {
  const parsed = parseIconKey(key)
  return parsed ? `${parsed.prefix}:${parsed.name}` : null
}

/** Same-origin URL of a library icon's SVG, or null for a malformed key. */
export function iconUrl(key: string) {
  const parsed = parseIconKey(key)
  return parsed ? `/resources/icons/${parsed.prefix}/${parsed.name}.svg` : null
}
