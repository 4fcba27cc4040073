import { loadIconPicker } from '#app/icons/picker.server.ts'
import { readIconPickerParams } from '#app/icons/picker-params.ts'
import { BagFormatSchema, bagFormats } from '#app/schemas/batch.ts'
import { BagSchema, CardConfigFormSchema } from '#app/schemas/content.ts'
import { ObjectId } from '#app/schemas/ids.ts'
import { z } from '#app/schemas/zod.ts'
import { BAG_DELETED_MSG, clearCardConfig, moveBag, saveBag, setBagFormats, setCardConfig, trashBag } from '#app/services/bag.server.ts'
import { bagOn, categoryOptions, defaultModuleId, moduleOn, parentOptions } from '#app/services/homepage-objects.server.ts'
import { SORT_SAVED_MSG } from '#app/services/source-move.server.ts'
import { listSources } from '#app/services/source.server.ts'
import { clickIntent, dialog, family, formIntent, SET_MSG } from './family.server.ts'

/** Categories (bags): add (also under a parent), edit, delete, move, and their batch format. The owner's. */

const BagIdSchema = z.object({ bid: ObjectId })

/** Add and edit: the same form; the parent select lists the module's categories it may go under. */
const bagForm = dialog<'add-bag' | 'edit-bag'>({
  capability: 'manage-categories',
  load: async ({ db, user, resolved, name, id, url }) => {
    const homepageId = resolved.homepage.id
    const bag = name === 'edit-bag' ? await bagOn(db, user, homepageId, id('bid')) : null
    const module = await moduleOn(db, user, homepageId, bag ? bag.moduleId : (id('moduleId') ?? (await defaultModuleId(db, user, homepageId))))
    const parents = parentOptions(await categoryOptions(db, user, homepageId, module.id), bag?.id ?? null)
    const wanted = bag ? bag.parentId : (id('parentId') ?? null)
    return {
      dialog: name as 'add-bag' | 'edit-bag',
      moduleId: module.id,
      moduleName: module.name,
      parentId: wanted && parents.some((o) => o.bid === wanted) ? wanted : null,
      bag: bag && { bid: bag.id, name: bag.name, icon: bag.icon, color: bag.color ?? '', parentId: bag.parentId },
      parents,
      iconPicker: await loadIconPicker(db, user, readIconPickerParams(url)),
    }
  },
})

export const categoriesFamily = family({
  dialogs: {
    // A category's 管理 menu (category-menu.tsx): for whoever has more to do with it than look.
    'bag-menu': dialog<'bag-menu'>({
      capability: ['add-link', 'contribute-link', 'edit-children', 'manage-categories'],
      load: async ({ db, user, resolved, id }) => {
        const bag = await bagOn(db, user, resolved.homepage.id, id('bid'))
        const { list } = await listSources(db, user, { bid: bag.id, page: 1, size: 1, sort: 'custom', types: ['link'] })
        return { dialog: 'bag-menu', bag: { bid: bag.id, name: bag.name, hasLinks: list.some((s) => s.url) }, role: resolved.role }
      },
    }),
    'add-bag': bagForm,
    'edit-bag': bagForm,
    'delete-bag': dialog<'delete-bag'>({
      capability: 'manage-categories',
      load: async ({ db, user, resolved, id }) => {
        const bag = await bagOn(db, user, resolved.homepage.id, id('bid'))
        return { dialog: 'delete-bag', bag: { bid: bag.id, name: bag.name } }
      },
    }),
    'bag-format': dialog<'bag-format'>({
      capability: 'manage-categories',
      load: async ({ db, user, resolved, id }) => {
        const bag = await bagOn(db, user, resolved.homepage.id, id('bid'))
        return { dialog: 'bag-format', bag: { bid: bag.id, name: bag.name, formats: bag.formats } }
      },
    }),
    'card-config': dialog<'card-config'>({
      capability: 'manage-categories',
      load: async ({ db, user, resolved, id }) => {
        const bag = await bagOn(db, user, resolved.homepage.id, id('bid'))
        return { dialog: 'card-config', bag: { bid: bag.id, name: bag.name, card: bag.cardConfig } }
      },
    }),
  },
  intents: {
    'save-bag': formIntent({ schema: BagSchema, dialog: 'add-bag', run: (value, { db, user }) => saveBag(db, user, value).then(() => {}) }),
    'save-bag-format': formIntent({
      schema: BagFormatSchema,
      dialog: 'bag-format',
      run: (value, { db, user }) => setBagFormats(db, user, value.bid, bagFormats(value)).then(() => {}),
    }),
    'save-card-config': formIntent({
      schema: CardConfigFormSchema,
      dialog: 'card-config',
      run: ({ bid, ...card }, { db, user }) => setCardConfig(db, user, bid, card).then(() => SET_MSG),
    }),
    'clear-card-config': clickIntent({ schema: BagIdSchema, run: ({ bid }, { db, user, back }) => clearCardConfig(db, user, bid).then(() => ({ msg: SET_MSG, to: back })) }),
    'delete-bag': clickIntent({ schema: BagIdSchema, run: ({ bid }, { db, user }) => trashBag(db, user, bid).then(() => BAG_DELETED_MSG) }),
    'move-bag-up': clickIntent({ schema: BagIdSchema, run: ({ bid }, { db, user }) => moveBag(db, user, bid, 'up').then(() => SORT_SAVED_MSG) }),
    'move-bag-down': clickIntent({ schema: BagIdSchema, run: ({ bid }, { db, user }) => moveBag(db, user, bid, 'down').then(() => SORT_SAVED_MSG) }),
  },
})
