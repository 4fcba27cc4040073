import { FETCH_ICON_INTENT, ICON_REMOTE_FIELD } from '#app/components/image-icon-tools.tsx'
import { dialogHref } from '#app/components/manage/dialog-href.ts'
import { FILL_LINK_INTENT } from '#app/components/manage/link-form.tsx'
import type { DividerFields } from '#app/components/manage/types.ts'
import { can } from '#app/auth/permissions.ts'
import { DividerSchema, FolderSchema, hostNameOf, LinkSchema, NoteSourceSchema } from '#app/schemas/content.ts'
import { ObjectId } from '#app/schemas/ids.ts'
import { RemoteIconQuerySchema, WebContentQuerySchema } from '#app/schemas/web-content.ts'
import { z } from '#app/schemas/zod.ts'
import { bagOn, categoryOptions, folderIn, foldersOf, sourceOn } from '#app/services/homepage-objects.server.ts'
import {
  createNoteSource,
  PRIVACY_MSG,
  saveDivider,
  saveFolder,
  saveLink,
  type sourceDetail,
  togglePrivate,
  toggleStar,
  trashSources,
} from '#app/services/source.server.ts'
import { remoteIcon, siteNameAndIcon } from '#app/services/web-content.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { clickIntent, dialog, type DataOf, type DialogContext, DONE_MSG, family, type FormEdge, formIntent, formValues, showFormAgain } from './family.server.ts'

/**
 * Bookmarks: links (added by managers and the owner, contributed by members), folders, dividers,
 * notes; deleting one; star and privacy toggles; and the link form's 获取 buttons
 * without JavaScript.
 */

const SourceIdSchema = z.object({ id: ObjectId })

/** Add (a member's: contribute) and edit: the same form, empty or filled in. */
async function loadLinkForm({ db, user, resolved, name, id }: DialogContext): Promise<DataOf<'add-link'>> {
    const homepageId = resolved.homepage.id
    const link = name === 'edit-link' ? await sourceOn(db, user, homepageId, id('id'), ['link']) : null
    const bag = await bagOn(db, user, homepageId, link ? link.bid : id('bid'))
    const folder = await folderIn(db, user, homepageId, bag.id, link ? link.parentLinkId || undefined : id('parentLinkId'))
    return {
      dialog: name as 'add-link' | 'edit-link',
      contribute: !can(resolved.role, 'add-link'),
      bid: bag.id,
      parentLinkId: folder?.id ?? null,
      folderName: folder?.name ?? null,
      link: link && {
        id: link.id,
        bid: link.bid,
        parentLinkId: link.parentLinkId || null,
        name: link.name,
        url: link.url ?? '',
        note: link.note,
        icon: link.iconKey,
        isOnlyOwnView: link.isOnlyOwnView === '1',
        isOnlyOwnViewRemark: link.isOnlyOwnViewRemark,
        formats: link.formats,
      },
      categories: folder ? [] : await categoryOptions(db, user, homepageId),
      folders: folder ? [] : await foldersOf(db, user, bag.id),
    }
}

async function loadFolderForm({ db, user, resolved, name, id }: DialogContext): Promise<DataOf<'add-folder'>> {
    const homepageId = resolved.homepage.id
    const folder = name === 'edit-folder' ? await sourceOn(db, user, homepageId, id('id'), ['folder']) : null
    const bag = await bagOn(db, user, homepageId, folder ? folder.bid : id('bid'))
    return {
      dialog: name as 'add-folder' | 'edit-folder',
      bid: bag.id,
      folder: folder && { id: folder.id, bid: folder.bid, name: folder.name, summary: folder.note, icon: folder.iconKey },
      categories: await categoryOptions(db, user, homepageId),
    }
}

function dividerFields(info: Awaited<ReturnType<typeof sourceDetail>>['info']): DividerFields {
  const formats = info.formats as { align?: string; style?: string; color?: string }
  return {
    id: info.id,
    bid: info.bid,
    parentLinkId: info.parentLinkId || null,
    name: info.name,
    align: formats.align === 'left' || formats.align === 'right' ? formats.align : 'center',
    style: formats.style === 'dashed' || formats.style === 'double' ? formats.style : 'solid',
    color: formats.color ?? '',
  }
}

async function loadDividerForm({ db, user, resolved, name, id }: DialogContext): Promise<DataOf<'add-divider'>> {
    const homepageId = resolved.homepage.id
    const divider = name === 'edit-divider' ? await sourceOn(db, user, homepageId, id('id'), ['divider']) : null
    const bag = await bagOn(db, user, homepageId, divider ? divider.bid : id('bid'))
    const folder = await folderIn(db, user, homepageId, bag.id, divider ? divider.parentLinkId || undefined : id('parentLinkId'))
    return { dialog: name as 'add-divider' | 'edit-divider', bid: bag.id, parentLinkId: folder?.id ?? null, divider: divider && dividerFields(divider) }
}

/**
 * 获取 without JavaScript: the form comes back as it was sent, with what is `known` without a fetch
 * and what was fetched filled in, and nothing saved; a failure shows beside the field it came from.
 */
async function refill(edge: FormEdge, field: string, known: Record<string, string>, fetchValues: () => Promise<Record<string, string>>) {
  const initialValue = { ...formValues(edge.formData), ...known }
  try {
    const values = await fetchValues()
    return showFormAgain(edge.formDialog, { initialValue: { ...initialValue, ...values } }, 200)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return showFormAgain(edge.formDialog, { status: 'error', initialValue, error: { [field]: [error.message] } })
  }
}

export const bookmarksFamily = family({
  dialogs: {
    // Managers and the owner add; members contribute (the dialog is titled 贡献链接). Editing is the editors'.
    'add-link': dialog<'add-link'>({ capability: ['add-link', 'contribute-link'], load: loadLinkForm }),
    'edit-link': dialog<'edit-link'>({ capability: 'edit-children', load: loadLinkForm }),
    'add-folder': dialog<'add-folder'>({ capability: 'add-link', load: loadFolderForm }),
    'edit-folder': dialog<'edit-folder'>({ capability: 'edit-children', load: loadFolderForm }),
    'add-divider': dialog<'add-divider'>({ capability: 'add-link', load: loadDividerForm }),
    'edit-divider': dialog<'edit-divider'>({ capability: 'edit-children', load: loadDividerForm }),
    'add-note': dialog<'add-note'>({
      capability: 'add-note',
      load: async ({ db, user, resolved, id }) => {
        const bag = await bagOn(db, user, resolved.homepage.id, id('bid'))
        const folder = await folderIn(db, user, resolved.homepage.id, bag.id, id('parentLinkId') ?? id('parentId'))
        return { dialog: 'add-note', bid: bag.id, parentId: folder?.id ?? null }
      },
    }),
    'delete-source': dialog<'delete-source'>({
      capability: 'edit-children',
      load: async ({ db, user, resolved, id }) => {
        const source = await sourceOn(db, user, resolved.homepage.id, id('id'))
        return { dialog: 'delete-source', source: { id: source.id, name: source.name, type: source.type } }
      },
    }),
    // A bookmark's menu (the ⋯ of each bookmark): for whoever has one of its actions.
    item: dialog<'item'>({
      capability: ['edit-children', 'star-bookmarks', 'set-private'],
      keepsOpen: true,
      load: async ({ db, user, resolved, id }) => {
        const source = await sourceOn(db, user, resolved.homepage.id, id('id'))
        const role = resolved.role
        return {
          dialog: 'item',
          item: { id: source.id, name: source.name, type: source.type, liked: source.liked, private: source.isOnlyOwnView === '1' },
          may: { star: can(role, 'star-bookmarks'), privacy: can(role, 'set-private') && source.type !== 'divider', edit: can(role, 'edit-children') },
        }
      },
    }),
  },
  intents: {
    'save-link': formIntent({
      schema: LinkSchema,
      dialog: 'add-link',
      run: (value, { db, user }) => saveLink(db, user, value).then(() => {}),
      // 保存并继续 (new links only): the same empty form again, in the same category and folder,
      // ready for the next name (`continue`: link-form.tsx puts focus there).
      next: (value, { formData, page, from, back }) =>
        formData.get('continue') === '1' && !value.id
          ? dialogHref(page, 'add-link', { bid: value.bid, parentLinkId: value.parentLinkId, from: from ?? undefined, continue: 1 })
          : back,
    }),
    'save-folder': formIntent({ schema: FolderSchema, dialog: 'add-folder', run: (value, { db, user }) => saveFolder(db, user, value).then(() => {}) }),
    'save-divider': formIntent({ schema: DividerSchema, dialog: 'add-divider', run: (value, { db, user }) => saveDivider(db, user, value).then(() => {}) }),
    'save-note': formIntent({ schema: NoteSourceSchema, dialog: 'add-note', run: (value, { db, user }) => createNoteSource(db, user, value).then(() => {}) }),
    'delete-source': clickIntent({ schema: SourceIdSchema, run: async ({ id }, { db, user }) => (await trashSources(db, user, [id])).msg }),
    'toggle-private': clickIntent({ schema: SourceIdSchema, run: ({ id }, { db, user }) => togglePrivate(db, user, id).then(() => PRIVACY_MSG) }),
    'toggle-star': clickIntent({ schema: SourceIdSchema, run: ({ id }, { db, user }) => toggleStar(db, user, id).then(() => DONE_MSG) }),
    [FILL_LINK_INTENT]: {
      dialog: 'add-link',
      handle: (edge) => {
        const url = WebContentQuerySchema.shape.site_url.safeParse(edge.formData.get('url'))
        // The address as it will be saved (https:// added), and the host as the name until the site names itself.
        const named = String(edge.formData.get('name') ?? '').trim() !== ''
        const known = url.success ? { url: url.data, ...(named ? {} : { name: hostNameOf(url.data) }) } : {}
        return refill(edge, 'url', known, async () => {
          if (!url.success) throw new DomainError(firstIssue(url.error))
          const { title, icon } = await siteNameAndIcon(edge.db, edge.user, url.data)
          return { ...(title ? { name: title } : {}), ...(icon ? { icon } : {}) }
        })
      },
    },
    [FETCH_ICON_INTENT]: {
      handle: (edge) =>
        refill(edge, 'icon', {}, async () => {
          const url = RemoteIconQuerySchema.shape.url.safeParse(edge.formData.get(ICON_REMOTE_FIELD))
          if (!url.success) throw new DomainError(firstIssue(url.error))
          return { icon: await remoteIcon(edge.db, edge.user, url.data), [ICON_REMOTE_FIELD]: '' }
        }),
    },
  },
})
