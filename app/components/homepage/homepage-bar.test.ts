import { createElement } from 'react'
import { prerender } from 'react-dom/static'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { Role } from '#app/auth/permissions.ts'
import { capabilitiesOf } from './capabilities.ts'
import { HomepageBar, type HomepageSocial } from './homepage-bar.tsx'

/**
 * The bar as the server renders it on a start page, for one role: whole, its lazy parts (the
 * members widget, ADR 015) included, as entry.server.tsx waits for them.
 */
async function render(role: Role, social: HomepageSocial) {
  const Stub = createRoutesStub([
    { path: '/demo', Component: () => createElement(HomepageBar, { homepageId: 7, role, caps: capabilitiesOf(role), social, formAction: '/demo' }) },
  ])
  const { prelude } = await prerender(createElement(Stub, { initialEntries: ['/demo'] }))
  return new Response(prelude).text()
}

/**
 * The members widget's link: the text a screen reader reads (all but the aria-hidden faces), the
 * text that is seen (all but the visually hidden words), and how many faces it draws.
 */
function widget(html: string) {
  const link = /<a [^>]*class="[^"]*member-widget[^"]*"[^>]*>([\s\S]*?)<\/a>/.exec(html)
  if (!link) return null
  const inner = link[1]!
  const hiddenFaces = /<span class="member-faces" aria-hidden="true">(?:<span [^>]*>[^<]*<\/span>|<img [^>]*>)*<\/span>/
  const text = (markup: string) => markup.replace(/<[^>]+>/g, '')
  return {
    html: link[0],
    name: text(inner.replace(hiddenFaces, '')),
    shown: text(inner.replace(hiddenFaces, '').replace(/<span class="visually-hidden">[^<]*<\/span>/g, '')),
    faces: [...inner.matchAll(/class="member-face(?: [^"]*)?"/g)].length,
  }
}

const faces = (initials: string) => [...initials].map((initial) => ({ initial, avatar: '' }))

test('members see up to four faces and the number of people; above 99 it says 99+', async () => {
  const many = widget(await render('member', { isOpen: false, followAmount: 0, memberAmount: 150, members: faces('甲乙丙丁') }))!
  expect(many.faces).toBe(4)
  expect(many.name).toBe('成员99+人（成员列表）')
  expect(many.shown).toBe('99+')
  for (const initial of '甲乙丙丁') expect(many.html).toContain(`>${initial}</span>`)

  expect(widget(await render('manager', { isOpen: false, followAmount: 0, memberAmount: 99, members: faces('甲乙丙丁') }))!.name).toBe('成员99+人（成员列表）')
  expect(widget(await render('member', { isOpen: false, followAmount: 0, memberAmount: 98, members: faces('甲乙丙丁') }))!.name).toBe('成员99人（成员列表）')
  const few = widget(await render('member', { isOpen: false, followAmount: 0, memberAmount: 1, members: faces('甲乙') }))!
  expect(few).toMatchObject({ faces: 2, name: '成员2人（成员列表）', shown: '2' })
})

test('an uploaded avatar is drawn as an image of our own; initials are coloured circles', async () => {
  const html = widget(
    await render('member', {
      isOpen: false,
      followAmount: 0,
      memberAmount: 1,
      members: [{ initial: '甲', avatar: '/uploads/0123456789abcdef0123456789abcdef.png' }, { initial: '乙', avatar: '' }],
    }),
  )!.html
  expect(html).toContain('<img class="member-face" src="/uploads/0123456789abcdef0123456789abcdef.png?w=40" alt="" width="24" height="24"/>')
  expect(html).toMatch(/<span class="member-face tone-\d">乙<\/span>/)
})

test('the owner, followers and visitors do not get the widget', async () => {
  for (const role of ['owner', 'follower', 'visitor', 'guest'] as const) {
    expect(widget(await render(role, { isOpen: true, followAmount: 3, memberAmount: 5, members: faces('甲乙') })), role).toBeNull()
  }
})
