import { KeymapFormSchema } from '#app/schemas/keymap.ts'
import { SwitchSortSchema, SORT_LABELS } from '#app/schemas/sort.ts'
import { keymapOf, saveKeymap } from '#app/services/keymap.server.ts'
import { setBookmarkSort } from '#app/services/preferences.server.ts'
import { clickIntent, dialog, family, formIntent, SET_MSG } from './family.server.ts'

/**
 * The viewer's own preferences, set from any page: the bookmark order (no dialog: a select and a
 * button) and the shortcut keys (the keymap popover, shown to the owner of the homepage shown,
 * the only place shortcuts work; the keys are the user's own, so saving needs only a sign-in).
 */
export const preferencesFamily = family({
  dialogs: {
    keymap: dialog<'keymap'>({
      capability: 'use-shortcuts',
      load: async ({ user }) => ({ dialog: 'keymap', keymap: keymapOf(user) }),
    }),
  },
  intents: {
    'save-keymap': formIntent({
      schema: KeymapFormSchema,
      dialog: 'keymap',
      run: async (keymap, { db, user }) => {
        await saveKeymap(db, user, keymap)
        return SET_MSG
      },
    }),
    'switch-sort': clickIntent({
      schema: SwitchSortSchema,
      run: async ({ method }, { db, user, back }) => {
        await setBookmarkSort(db, user, method)
        return { msg: `已切换为「${SORT_LABELS[method]}」`, to: back }
      },
    }),
  },
})
