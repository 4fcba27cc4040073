/**
 * The client hint that tells the server the system's colour scheme (for the follow-system theme
 * on the first byte). Pages ask for it (Accept-CH), not as critical: Critical-CH makes Chromium
 * restart a navigation, redirects and all (a sign-out redirect ran twice); without the hint the
 * page is drawn `system` and the stylesheet decides. It is in Vary and in the page cache's key.
 */
export const COLOR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme'

/** The hint's value (a structured-header string, `"dark"`), or null when absent or anything else. */
export function schemeOf(value: string | null | undefined): 'dark' | 'light' | null {
  const scheme = value?.trim().replace(/^"(.*)"$/, '$1')
  return scheme === 'dark' || scheme === 'light' ? scheme : null
}
