import type { HomepageTab } from '#app/components/manage/types.ts'
import { loadIconPicker } from '#app/icons/picker.server.ts'
import { readIconPickerParams } from '#app/icons/picker-params.ts'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { popVisibleOf } from '#app/schemas/layout.ts'
import { ObjectId } from '#app/schemas/ids.ts'
import { z } from '#app/schemas/zod.ts'
import { requireCapability } from '#app/services/access.server.ts'
import { otherOpenHomepages, toggleFollow } from '#app/services/follows.server.ts'
import { togglePopVisible } from '#app/services/homepage-settings.server.ts'
import {
  HOMEPAGE_DELETED_MSG,
  listCreatedHomepages,
  listRelatedHomepages,
  PINNED_MSG,
  saveHomepage,
  setDefaultHomepage,
  SWITCHED_MSG,
  switchHomepage,
  toggleHomepagePin,
  trashHomepage,
  UNPINNED_MSG,
} from '#app/services/homepages.server.ts'
import { clickIntent, dialog, family, formIntent, guestDialog, SET_MSG } from './family.server.ts'

/**
 * The user's homepages: the header's homepage popover (created / joined / followed), add and edit,
 * switch, pin, default, delete; and, on someone else's public homepage, follow and their other ones.
 */

const TABS: readonly HomepageTab[] = ['created', 'joined', 'followed']
const HomepageIdSchema = z.object({ homepageId: ObjectId })

/** Add and edit: the same form (edit names the homepage, the one shown by default). */
const homepageForm = dialog<'add-homepage' | 'edit-homepage'>({
  // Creating works from any page one can see; editing needs the homepage's own edit-settings.
  capability: 'view',
  load: async ({ db, user, resolved, name, id, url }) => {
    const iconPicker = await loadIconPicker(db, user, readIconPickerParams(url))
    if (name === 'add-homepage') return { dialog: 'add-homepage', homepage: null, iconPicker }
    const { homepage } = await requireCapability(db, user, id('homepageId') ?? resolved.homepage.id, 'edit-settings')
    return {
      dialog: 'edit-homepage',
      homepage: { homepageId: homepage.id, title: homepage.title, summary: homepage.summary, icon: homepage.icon, code: homepage.code ?? '' },
      iconPicker,
    }
  },
})

export const homepagesFamily = family({
  dialogs: {
    homepages: dialog<'homepages'>({
      capability: 'view',
      keepsOpen: true,
      load: async ({ db, user, resolved, url, text, page: pageParam }) => {
        const tab = TABS.find((t) => t === url.searchParams.get('tab')) ?? 'created'
        const wd = text('wd', 20)
        const { homepage, role } = resolved
        const hoverOpen = role === 'owner' ? { homepageId: homepage.id, on: popVisibleOf(homepage.settings) } : null
        if (tab === 'created') {
          return { dialog: 'homepages', tab, wd, page: 1, rows: await listCreatedHomepages(db, user, { word: wd }), next: false, hoverOpen }
        }
        // "Load more" without JavaScript: every page up to this one, so the list only grows.
        const page = pageParam()
        const rows = []
        let next = false
        for (let p = 1; p <= page; p++) {
          const result = await listRelatedHomepages(db, user, tab, { page: p, wd })
          rows.push(...result.list)
          next = result.next
        }
        return { dialog: 'homepages', tab, wd, page, rows, next, hoverOpen }
      },
    }),
    'add-homepage': homepageForm,
    'edit-homepage': homepageForm,
    'more-homepages': guestDialog<'more-homepages'>({
      capability: 'view',
      load: async ({ db, user, resolved }) => ({ dialog: 'more-homepages', rows: await otherOpenHomepages(db, user, resolved.homepage.id) }),
    }),
  },
  intents: {
    // A new homepage becomes the current one (/); an edited one is shown at its (maybe new) address.
    'save-homepage': formIntent({
      schema: HomepageSchema,
      dialog: 'add-homepage',
      run: (value, { db, user }) => saveHomepage(db, user, value).then(() => {}),
      next: (value) => (value.homepageId ? `/${value.code}` : '/'),
    }),
    'switch-homepage': clickIntent({
      schema: HomepageIdSchema,
      run: ({ homepageId }, { db, user }) => switchHomepage(db, user, homepageId).then(() => ({ msg: SWITCHED_MSG, to: '/' })),
    }),
    'pin-homepage': clickIntent({
      schema: HomepageIdSchema,
      run: async ({ homepageId }, { db, user }) => ((await toggleHomepagePin(db, user, homepageId)).sort ? PINNED_MSG : UNPINNED_MSG),
    }),
    'default-homepage': clickIntent({ schema: HomepageIdSchema, run: ({ homepageId }, { db, user }) => setDefaultHomepage(db, user, homepageId).then(() => SET_MSG) }),
    'delete-homepage': clickIntent({
      schema: HomepageIdSchema,
      run: ({ homepageId }, { db, user }) => trashHomepage(db, user, homepageId).then(() => ({ msg: HOMEPAGE_DELETED_MSG, to: '/' })),
    }),
    // The popover's 悬停时自动展开 switch (popVisible): the popover stays open, showing the new state.
    'toggle-pop-visible': clickIntent({ schema: HomepageIdSchema, run: ({ homepageId }, { db, user }) => togglePopVisible(db, user, homepageId).then(() => SET_MSG) }),
    'follow-homepage': clickIntent({
      schema: HomepageIdSchema,
      run: async ({ homepageId }, { db, user, back }) => ({ msg: (await toggleFollow(db, user, homepageId)).msg, to: back }),
    }),
  },
})
