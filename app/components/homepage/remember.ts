/**
 * 记住上次选中的模块 / 分类 (moduleRememberTab, websiteRememberCid: the wrapper's data-flags
 * `remember-tab`, `remember-cid`): the module tab (#module-…) and the category anchor (#bag-…) a
 * viewer chose last on a homepage, and the start page opening at the latest of them next time.
 *
 * Kept in this browser (localStorage, per homepage) by this code, which the start page loads only
 * while a switch is on (homepage-view.tsx), and never sent: the cached page (ADR 013) stays one
 * page for every choice (no key per choice, no version bumped, no row per click; a guest writes
 * nothing), so nothing is marked on the first byte either (ADR 023). Only a link or section of
 * the page this viewer was given is marked or scrolled to: a remembered category this viewer may
 * not see is in no page of theirs, and nothing happens.
 * Without JavaScript a click on a tab or an anchor is only a change of the address's hash:
 * nothing can be remembered, and the page opens at the top (or at its hash) as always.
 */

/** The switch (its data-flags word) of each kind of anchor. */
const FLAG = { module: 'remember-tab', bag: 'remember-cid' } as Record<string, string>
const ANCHOR = /^(module|bag)--?\d+$/
/** The links that choose: the module tabs and the category navigation (anchor-nav.tsx). */
const CHOOSING_LINKS = '.module-tabs a,.anchor-nav a'

const kindOf = (id: string) => id.slice(0, id.indexOf('-'))
const on = (id: string, flags: string) => ANCHOR.test(id) && flags.split(' ').includes(FLAG[kindOf(id)]!)

/** The remembered anchors whose switch is on, the latest first (at most one of each kind). */
export const rememberedOf = (stored: string | null, flags: string) => (stored ?? '').split(' ').filter((id) => on(id, flags))

/** What to keep after `id` was chosen (it first, the other kind's choice after it), or null when its switch is off. */
export const storedAfter = (stored: string | null, id: string, flags: string) =>
  on(id, flags) ? [id, ...(stored ?? '').split(' ').filter((old) => ANCHOR.test(old) && kindOf(old) !== kindOf(id))].join(' ') : null

const KEY = 'qy-at-'
/** localStorage, or null where the browser refuses it (then nothing is remembered). */
function storage(): Storage | null {
  try {
    return localStorage
  } catch {
    return null
  }
}

/** aria-current on the choosing links of `ids`, off the others of `kinds`. */
function mark(ids: string[], kinds = ids.map(kindOf)) {
  for (const link of document.querySelectorAll(CHOOSING_LINKS)) {
    const id = link.getAttribute('href')!.slice(1)
    if (!kinds.includes(kindOf(id))) continue
    if (ids.includes(id)) link.setAttribute('aria-current', 'true')
    else link.removeAttribute('aria-current')
  }
}

/** A plain click in the homepage: a choosing link's is remembered and marked, if its switch is on. */
function rememberChoice(target: Element, homepageId: number, flags: string) {
  const id = target.closest(CHOOSING_LINKS)?.getAttribute('href')?.slice(1)
  if (!id) return
  const store = storage()
  const next = storedAfter(store?.getItem(KEY + homepageId) ?? null, id, flags)
  if (next === null) return
  try {
    store?.setItem(KEY + homepageId, next)
  } catch {
    // Storage full or refused: the choice is only marked.
  }
  mark([id])
}

/**
 * Marks what is remembered; on `open` (the page's first draw of this homepage) also scrolls to
 * the latest choice the page has, unless the address has a hash or a query (a dialog) or the
 * browser restored a scroll position (a reload, back, forward).
 */
function applyRemembered(homepageId: number, flags: string, open: boolean) {
  const ids = rememberedOf(storage()?.getItem(KEY + homepageId) ?? null, flags)
  mark(ids, ['module', 'bag'])
  if (!open || location.hash || location.search || scrollY) return
  for (const id of ids) {
    const target = document.getElementById(id)
    if (target) return target.scrollIntoView()
  }
}

/**
 * The start page's one entry (homepage-view.tsx; one short name in its chunk, which guests load):
 * a plain click in the page (`target`), or the page drawn (`open`: for the first time).
 */
export default (homepageId: number, flags: string, open: boolean, target?: Element) =>
  target ? rememberChoice(target, homepageId, flags) : applyRemembered(homepageId, flags, open)
