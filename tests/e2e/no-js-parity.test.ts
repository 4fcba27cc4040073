import { type Browser, expect, type Page, test } from '@playwright/test'
import { gotoReady } from './helpers.ts'

/**
 * Issue 14: with JavaScript off, a start page is the JavaScript one in content. The lazy parts
 * (ADR 015) and the lean markup (ADR 014) must not drop anything the server drew: the same
 * words, links and forms, for a guest and for the signed-in owner; the only differences are the
 * two controls that stand in for a script's behaviour.
 */

const DEMO = { user_email: 'demo@example.com', user_password: 'qiye-demo-2026' }

/**
 * Without JavaScript, and only then: 切换 posts the engine picked (with scripts it is saved as it
 * is picked), with the page to come back to (redirectTo); 回到顶部 is always there (with scripts,
 * past 180 px of scroll: spec §4).
 */
const STAND_INS = { words: ['切换', '回到顶部'], links: ['#main 回到顶部'], fields: ['redirectTo'] }

/** What a page shows: its visible words (the clock's time aside), its links and its forms. */
async function contentOf(page: Page) {
  return page.evaluate(() => {
    const shown = (element: Element) => (element as HTMLElement).offsetParent !== null || getComputedStyle(element).position === 'fixed'
    return {
      words: document.body.innerText.replace(/\d{1,2}:\d{2}/g, '').split(/\s+/).filter(Boolean),
      links: [...document.querySelectorAll('a[href]')].filter(shown).map((a) => `${a.getAttribute('href')} ${a.textContent?.trim()}`),
      forms: [...document.forms].map((form) => ({
        action: `${form.method} ${form.getAttribute('action')}`,
        fields: [...form.elements].map((field) => field.getAttribute('name')).filter((name) => name !== null),
      })),
    }
  })
}

async function look(browser: Browser, javaScriptEnabled: boolean, signedIn: boolean) {
  const context = await browser.newContext({ javaScriptEnabled })
  if (signedIn) expect((await (await context.request.post('/api/sign/in', { form: DEMO })).json()).code).toBe(1)
  const page = await context.newPage()
  await gotoReady(page, '/demo', javaScriptEnabled)
  const content = await contentOf(page)
  await context.close()
  return content
}

const without = <T,>(list: T[], dropped: T[]) => {
  const rest = [...list]
  for (const item of dropped) {
    const at = rest.indexOf(item)
    if (at !== -1) rest.splice(at, 1)
  }
  return rest
}

for (const [who, signedIn] of [['a guest', false], ['the signed-in owner', true]] as const) {
  test(`${who}: /demo without JavaScript shows what it shows with it @js-only`, async ({ browser }) => {
    const scripted = await look(browser, true, signedIn)
    const plain = await look(browser, false, signedIn)
    expect(plain.words.length, 'the whole page, not an empty one').toBeGreaterThan(100)
    for (const word of STAND_INS.words) expect(plain.words).toContain(word)
    expect(without(plain.words, STAND_INS.words)).toEqual(scripted.words)
    expect(without(plain.links, STAND_INS.links)).toEqual(scripted.links)
    const fields = (forms: typeof plain.forms) => forms.map((form) => ({ ...form, fields: form.fields.filter((name) => !STAND_INS.fields.includes(name)) }))
    expect(fields(plain.forms)).toEqual(fields(scripted.forms))
  })
}
