import { afterEach, vi } from 'vitest'

// A console.error during a test is a bug the test did not see: fail on it.
afterEach(() => {
  vi.restoreAllMocks()
})
const original = console.error
console.error = (...args: unknown[]) => {
  original(...args)
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
}

// Service tests sign invite links with a fixed key instead of writing ./data/app-secret.
process.env.APP_SECRET ??= 'service-tests-only-secret-0123456789abcdef'
