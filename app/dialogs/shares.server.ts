import { ObjectId } from '#app/schemas/ids.ts'
import { ShareIntroSchema } from '#app/schemas/share.ts'
import { z } from '#app/schemas/zod.ts'
import { BagShareSchema, bagShareOf, SHARED_MSG, shareBag, UNSHARED_MSG, unshareBag } from '#app/services/category-share.server.ts'
import { bagOn, moduleOn } from '#app/services/homepage-objects.server.ts'
import { listOpenModules, MODULE_SHARED_MSG, MODULE_UNSHARED_MSG, moduleShareHref, saveShareIntro, shareModule } from '#app/services/module-share.server.ts'
import { appOrigin } from '#app/utils/http.server.ts'
import { clickIntent, dialog, family, formIntent } from './family.server.ts'

/**
 * Sharing one category (at /collection/{bid}, with a remark) or one module (at /{code}/{moduleId},
 * with its own title and summary), and the list of one's shared modules. The owner's.
 */

/** Spec §9: module open-list pages of 5. */
const SHARED_MODULES_PAGE = 5
const BagIdSchema = z.object({ bid: ObjectId })
const ModuleIdSchema = z.object({ moduleId: ObjectId })

export const sharesFamily = family({
  dialogs: {
    'share-bag': dialog<'share-bag'>({
      capability: 'share',
      keepsOpen: true,
      load: async ({ db, user, resolved, id, url }) => {
        const { share, ...bag } = await bagShareOf(db, user, (await bagOn(db, user, resolved.homepage.id, id('bid'))).id)
        // Links to hand on are absolute.
        return { dialog: 'share-bag', ...bag, share: share && { ...share, url: new URL(share.url, appOrigin(url)).href } }
      },
    }),
    'share-module': dialog<'share-module'>({
      capability: 'share',
      keepsOpen: true,
      load: async ({ db, user, resolved, id, url }) => {
        const module = await moduleOn(db, user, resolved.homepage.id, id('moduleId'))
        const code = resolved.homepage.code ?? ''
        const link = module.isOpen && code ? new URL(moduleShareHref(code, module.id), appOrigin(url)).href : null
        const { title = '', summary = '' } = module.shareParams as { title?: string; summary?: string }
        return { dialog: 'share-module', moduleId: module.id, name: module.name, code, url: link, title, summary }
      },
    }),
    // The user's shared modules, on every homepage of theirs (spec: manage shared modules popup).
    'shared-modules': dialog<'shared-modules'>({
      capability: 'view',
      keepsOpen: true,
      load: async ({ db, user, text, page: pageParam, url }) => {
        const wd = text('wd', 20)
        let page = pageParam()
        let result = await listOpenModules(db, user, { page, size: SHARED_MODULES_PAGE, wd })
        const pages = Math.max(1, Math.ceil(result.total / SHARED_MODULES_PAGE))
        // A page past the end (after cancelling the last one of it) shows the last page.
        if (page > pages) result = await listOpenModules(db, user, { page: (page = pages), size: SHARED_MODULES_PAGE, wd })
        const rows = result.list.map((m) => ({
          moduleId: m.moduleId,
          name: m.name,
          homepageName: m.homepageName,
          url: m.url && new URL(m.url, appOrigin(url)).href,
        }))
        return { dialog: 'shared-modules', wd, page, pages, rows }
      },
    }),
  },
  intents: {
    'save-share-intro': formIntent({
      schema: ShareIntroSchema,
      dialog: 'share-module',
      run: (value, { db, user }) => saveShareIntro(db, user, value).then(() => {}),
      next: (_value, { page }) => `${page.pathname}${page.search}`,
    }),
    'share-bag': clickIntent({
      schema: BagIdSchema.extend(BagShareSchema.shape),
      run: ({ bid, remark }, { db, user }) => shareBag(db, user, bid, remark).then(() => SHARED_MSG),
    }),
    'unshare-bag': clickIntent({ schema: BagIdSchema, run: ({ bid }, { db, user }) => unshareBag(db, user, bid).then(() => UNSHARED_MSG) }),
    'share-module': clickIntent({ schema: ModuleIdSchema, run: ({ moduleId }, { db, user }) => shareModule(db, user, moduleId).then(() => MODULE_SHARED_MSG) }),
    'unshare-module': clickIntent({
      schema: ModuleIdSchema,
      run: ({ moduleId }, { db, user }) => shareModule(db, user, moduleId, true).then(() => MODULE_UNSHARED_MSG),
    }),
  },
})
