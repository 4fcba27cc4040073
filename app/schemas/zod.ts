import { z } from 'zod'

// zod probes `new Function` to compile validators; our CSP forbids eval in the browser, so it
// must not try. Schemas import `z` from here so the setting is made before any of them exists.
z.config({ jitless: true })

export { z }
