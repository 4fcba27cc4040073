import { randomUUID } from 'node:crypto'
import { loadIconPicker } from '#app/icons/picker.server.ts'
import { readIconPickerParams } from '#app/icons/picker-params.ts'
import { ModuleSchema } from '#app/schemas/content.ts'
import { MaxColumnSchema } from '#app/schemas/layout.ts'
import { ChooseTemplateSchema } from '#app/schemas/template.ts'
import { maxColumnHeightOf } from '#app/services/homepage.server.ts'
import { updateLayout } from '#app/services/homepage-settings.server.ts'
import { chooseTemplate, TEMPLATE_ADDED_MSG, templateMenu } from '#app/services/module-templates.server.ts'
import { ObjectId } from '#app/schemas/ids.ts'
import { z } from '#app/schemas/zod.ts'
import { moduleOn } from '#app/services/homepage-objects.server.ts'
import { hardDeleteModules, listModules, moveModuleStep, saveModule, setDefaultModule } from '#app/services/module.server.ts'
import { clickIntent, dialog, DONE_MSG, family, formIntent, SET_MSG } from './family.server.ts'

/** Modules: add, edit, delete, the 管理模块 list (order, default, rows per category), and templates. The owner's (spec §6). */

const ModuleIdSchema = z.object({ moduleId: ObjectId })

/** Add and edit: the same form, empty or filled in. */
const moduleForm = dialog<'add-module' | 'edit-module'>({
  capability: 'manage-modules',
  load: async ({ db, user, resolved, name, id, url }) => {
    const module = name === 'edit-module' ? await moduleOn(db, user, resolved.homepage.id, id('moduleId')) : null
    return {
      dialog: name as 'add-module' | 'edit-module',
      homepageId: resolved.homepage.id,
      module: module && { moduleId: module.id, name: module.name, icon: module.icon, moduleType: module.moduleType },
      iconPicker: await loadIconPicker(db, user, readIconPickerParams(url)),
    }
  },
})

export const modulesFamily = family({
  dialogs: {
    'add-module': moduleForm,
    'edit-module': moduleForm,
    'delete-module': dialog<'delete-module'>({
      capability: 'manage-modules',
      load: async ({ db, user, resolved, id }) => {
        const module = await moduleOn(db, user, resolved.homepage.id, id('moduleId'))
        return { dialog: 'delete-module', module: { moduleId: module.id, name: module.name } }
      },
    }),
    'manage-modules': dialog<'manage-modules'>({
      capability: 'manage-modules',
      keepsOpen: true,
      load: async ({ db, user, resolved }) => ({
        dialog: 'manage-modules',
        homepageId: resolved.homepage.id,
        maxColumnHeight: maxColumnHeightOf(resolved.homepage),
        modules: (await listModules(db, user, resolved.homepage.id)).map(({ moduleId, name, icon, moduleType, isDefault }) => ({
          moduleId,
          name,
          icon,
          moduleType,
          isDefault,
        })),
      }),
    }),
    // 从模板添加: the built-in templates, each added as a new module with its categories and links.
    templates: dialog<'templates'>({
      capability: 'manage-modules',
      keepsOpen: true,
      load: async ({ resolved }) => ({
        dialog: 'templates',
        homepageId: resolved.homepage.id,
        templates: templateMenu().map(({ id, name, icon, summary, categories }) => ({
          id,
          name,
          icon,
          summary,
          categories: categories.map(({ name, linkAmount }) => ({ name, linkAmount })),
        })),
        key: randomUUID(),
      }),
    }),
  },
  intents: {
    'choose-template': clickIntent({
      schema: ChooseTemplateSchema,
      run: async (value, { db, user, back }) => {
        await chooseTemplate(db, user, value)
        return { msg: TEMPLATE_ADDED_MSG, to: back }
      },
    }),
    'save-max-column': clickIntent({
      schema: MaxColumnSchema,
      run: ({ homepageId, height }, { db, user }) => updateLayout(db, user, homepageId, { maxColumnHeight: height }).then(() => SET_MSG),
    }),
    'save-module': formIntent({ schema: ModuleSchema, dialog: 'add-module', run: (value, { db, user }) => saveModule(db, user, value).then(() => {}) }),
    'delete-module': clickIntent({
      schema: ModuleIdSchema,
      run: ({ moduleId }, { db, user }) => hardDeleteModules(db, user, [moduleId]).then(() => DONE_MSG),
    }),
    'move-module-up': clickIntent({ schema: ModuleIdSchema, run: ({ moduleId }, { db, user }) => moveModuleStep(db, user, moduleId, 'up').then(() => DONE_MSG) }),
    'move-module-down': clickIntent({ schema: ModuleIdSchema, run: ({ moduleId }, { db, user }) => moveModuleStep(db, user, moduleId, 'down').then(() => DONE_MSG) }),
    'set-default-module': clickIntent({ schema: ModuleIdSchema, run: ({ moduleId }, { db, user }) => setDefaultModule(db, user, moduleId).then(() => SET_MSG) }),
  },
})
