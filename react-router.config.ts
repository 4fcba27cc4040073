import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // Our origin guard (app/middleware/origin-guard.server.ts, root middleware) checks every
  // non-GET request, page actions and /api alike, and answers a page's refusal with our 403 page.
  // React Router's own check would answer page actions first with a bare 400 "Bad Request", so it
  // is switched off here: '**' allows every Origin to pass *its* check, never ours (ADR 007).
  allowedActionOrigins: ['**'],
} satisfies Config
