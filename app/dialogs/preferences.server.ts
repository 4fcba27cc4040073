import { SwitchSortSchema, SORT_LABELS } from '#app/schemas/sort.ts'
import { setBookmarkSort } from '#app/services/preferences.server.ts'
import { clickIntent, family } from './family.server.ts'

/** The viewer's own preferences, set from any page: the bookmark order (no dialog: a select and a button). */
export const preferencesFamily = family({
  dialogs: {},
  intents: {
    'switch-sort': clickIntent({
      schema: SwitchSortSchema,
      run: async ({ method }, { db, user, back }) => {
        await setBookmarkSort(db, user, method)
        return { msg: `已切换为「${SORT_LABELS[method]}」`, to: back }
      },
    }),
  },
})
