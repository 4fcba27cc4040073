import type { Config } from '@react-router/dev/config'

/**
 * The trivial React Router page the bench measures as the framework's floor (PERFORMANCE.md):
 * a separate minimal app, one route, no loader. `npm run bench` builds it into ./build
 * (gitignored); it must stay inside the repository so that its server build resolves react and
 * react-router from the root node_modules, the same versions as the app's.
 */
export default { ssr: true } satisfies Config
