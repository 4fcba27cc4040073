import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, test } from 'vitest'
import { CLIENT_JS_BUDGET, clientScripts } from '../../scripts/bench/sizes.ts'
import { createClient } from './client.ts'

/**
 * Budget 5 of PERFORMANCE.md (ADR 015): the JavaScript a guest's public homepage loads, measured
 * as `npm run bench` measures it (clientScripts: the page's module scripts, modulepreloads and
 * inline imports, then their static imports, read from the build this server serves, gzip -6).
 */
const baseUrl = inject('baseUrl')
const clientDir = join(import.meta.dirname, '..', '..', 'build', 'client')
const assets = join(clientDir, 'assets')

/** A mark each library's built code carries (its own names and strings survive minifying). */
const LIBRARIES = {
  zod: '_zod',
  Conform: '__intent__',
  SortableJS: 'sortable-chosen',
  Radix: 'radix',
}

const page = async (path: string) => (await createClient(baseUrl).request(path)).text()

function scriptsOf(html: string) {
  const scripts = clientScripts(html, clientDir)
  const texts = scripts.files.map((file) => readFileSync(join(clientDir, file.path), 'utf8'))
  return { ...scripts, gzip: scripts.files.reduce((sum, file) => sum + file.gzip, 0), texts }
}

// `/` is the demo homepage with the guest's promo panel.
test.each(['/demo', '/'])(`a guest's public homepage (%s) loads at most ${CLIENT_JS_BUDGET / 1000} KB of JavaScript (gzip), without zod, Conform, SortableJS or Radix`, async (path) => {
  const scripts = scriptsOf(await page(path))
  expect(scripts.missing).toEqual([])
  expect(scripts.files.length).toBeGreaterThan(0)
  expect(scripts.gzip, scripts.files.map((file) => `${file.path} ${file.gzip}`).join('\n')).toBeLessThanOrEqual(CLIENT_JS_BUDGET)
  // Each mark is in the build (so the check can see the library), in none of the page's files.
  const built = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(assets, name), 'utf8'))
  for (const [library, mark] of Object.entries(LIBRARIES)) {
    expect(built.some((text) => text.includes(mark)), `${library} is in the build`).toBe(true)
    expect(scripts.texts.some((text) => text.includes(mark)), `${library} is not loaded by a guest`).toBe(false)
  }
})

test('lazy parts are rendered in place: a dialog opened by its address is in the HTML, not behind a reveal script', async () => {
  // React moves a large finished Suspense boundary out of place (a hidden div and a script) unless
  // told not to (entry.server.tsx); a browser without JavaScript would never see it.
  for (const path of ['/demo?dialog=login', '/demo?dialog=register', '/demo']) {
    const html = await page(path)
    expect(html, path).not.toMatch(/<div hidden id="S:|<template id="B:|\$RC\(/)
  }
  const login = await page('/demo?dialog=login')
  const markup = login.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  expect(markup).toMatch(/<section class="dialog-inline"[^>]*>[\s\S]*<form id="login-form"[^>]*action="\/login"/)
})
