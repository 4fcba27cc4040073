import { randomUUID } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod/v4'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { can, type Capability } from '#app/auth/permissions.ts'
import {
  closeHref,
  dialogHref,
  isManageDialog,
  type ManageDialog,
  returnHref,
} from '#app/components/manage/dialog-href.ts'
import type { CategoryOption, DividerFields, ManageActionData, ManageDialogData } from '#app/components/manage/types.ts'
import { appContext, userContext } from '#app/context.ts'
import type { Db } from '#app/db/client.server.ts'
import { homepages, type User } from '#app/db/schema/index.ts'
import { loadIconPicker } from '#app/icons/picker.server.ts'
import { rememberIcon } from '#app/services/icons.server.ts'
import { bookmarkSortOf, rememberedSelection, setBookmarkSort } from '#app/services/preferences.server.ts'
import { BagFormatSchema, bagFormats, CHOOSE_PAGE_SIZE } from '#app/schemas/batch.ts'
import { isSortMethod, SORT_LABELS } from '#app/schemas/sort.ts'
import { readIconPickerParams } from '#app/icons/picker-params.ts'
import {
  BagSchema,
  DividerSchema,
  FolderSchema,
  LinkSchema,
  MAX_CHILDREN,
  ModuleSchema,
  NoteSourceSchema,
  ObjectId,
} from '#app/schemas/content.ts'
import { z } from '#app/schemas/zod.ts'
import { getBag, listBagTree, moveBag, saveBag, setBagFormats, trashBag } from '#app/services/bag.server.ts'
import { batchAction, chooseAction } from './batch-action.server.ts'
import { HOMEPAGE_DIALOG_CAPABILITY, HOMEPAGE_INTENTS, type HomepageDialog, homepageIntent, isHomepageDialog, loadHomepageDialog } from './homepage-dialogs.server.ts'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { saveHomepage } from '#app/services/homepages.server.ts'
import { resolveHomepage, type ResolvedHomepage } from '#app/services/homepage.server.ts'
import { getModule, hardDeleteModules, listModules, moveModuleStep, saveModule, setDefaultModule } from '#app/services/module.server.ts'
import {
  createNoteSource,
  DELETED_MSG,
  folderChildren,
  listSources,
  saveDivider,
  saveFolder,
  saveLink,
  sourceDetail,
  togglePrivate,
  toggleStar,
  trashSources,
} from '#app/services/source.server.ts'
import { FETCH_ICON_INTENT, ICON_FILE_FIELD, ICON_REMOTE_FIELD } from '#app/components/image-icon-tools.tsx'
import { FILL_LINK_INTENT } from '#app/components/manage/link-form.tsx'
import { RemoteIconQuerySchema, WebContentQuerySchema } from '#app/schemas/web-content.ts'
import { remoteIcon, siteNameAndIcon } from '#app/services/web-content.server.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { readFormDataCapped } from '#app/uploads/form-data.server.ts'
import { UPLOAD_RATE_MSG } from '#app/uploads/upload-api.server.ts'
import { storeImage } from '#app/uploads/image.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { redirectWithToast, type Toast } from '#app/utils/toast.server.ts'

/**
 * The management dialogs of a start page (`/`, `/:code`, and any page under a homepage's code):
 * the loader half (`loadManageDialog`, what the open `?dialog=` needs) and the action half
 * (`manageAction`, every management form of the page, switched on `intent`). Route modules call
 * them from their own loader and export the action; the forms live in components/manage/.
 */

type Context = Readonly<RouterContextProvider>
type PageLocation = { pathname: string; search: string }

export const SAVED_MSG = '保存成功'
export const BAG_DELETED_MSG = '删除成功！您可以在回收站中恢复'
export const DIVIDER_DELETED_MSG = '分割线已删除！'
export const PRIVACY_MSG = '隐私设置成功'
export const DONE_MSG = '操作成功！'
export const DEFAULT_SET_MSG = '设置成功'

/** Which capability on the homepage each dialog needs (one of them, when several; permissions.ts, spec §6). */
const DIALOG_CAPABILITY: Record<ManageDialog, Capability | readonly Capability[]> = {
  'add-module': 'manage-modules',
  'edit-module': 'manage-modules',
  'delete-module': 'manage-modules',
  'manage-modules': 'manage-modules',
  'add-bag': 'manage-categories',
  'edit-bag': 'manage-categories',
  'delete-bag': 'manage-categories',
  'add-link': ['add-link', 'contribute-link'],
  'edit-link': 'edit-children',
  'add-folder': 'add-link',
  'edit-folder': 'edit-children',
  'add-divider': 'add-link',
  'edit-divider': 'edit-children',
  'add-note': 'add-note',
  'delete-source': 'edit-children',
  children: 'edit-children',
  batch: 'edit-children',
  'bag-format': 'manage-categories',
  'batch-open': 'view',
  choose: 'edit-children',
  ...HOMEPAGE_DIALOG_CAPABILITY,
}

/** Dialogs for anyone who sees the homepage, guests included. */
const GUEST_DIALOGS: readonly ManageDialog[] = ['batch-open', 'more-homepages']

/**
 * The page a request is for, as the browser sees it. React Router 8 hands loaders and actions this
 * as `url` (its data requests go to `/_.data`, `/{code}.data`, with `index` and `_routes`
 * markers); from a bare request the same normalisation is done here.
 */
function pageUrl(request: Request, url?: URL) {
  const page = new URL(url ?? request.url)
  if (!url) {
    if (page.pathname.endsWith('/_.data')) page.pathname = page.pathname.slice(0, -'_.data'.length)
    else if (page.pathname.endsWith('.data')) page.pathname = page.pathname.slice(0, -'.data'.length)
  }
  page.searchParams.delete('index')
  page.searchParams.delete('_routes')
  // Every redirect is built from this path: `//host/…` would leave the site (SECURITY.md §1.7).
  page.pathname = page.pathname.replace(/^\/{2,}/, '/')
  return page
}

function pageLocation(page: URL): PageLocation {
  const search = page.searchParams.toString()
  return { pathname: page.pathname, search: search ? `?${search}` : '' }
}

/** `/` shows the user's current homepage; `/{code}` and `/{code}/…` the homepage of that code. */
function pageCode(pathname: string) {
  const [first] = pathname.split('/').filter(Boolean)
  if (!first) return null
  try {
    return decodeURIComponent(first)
  } catch {
    return null
  }
}

function positiveInt(value: string | null) {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined
  const n = Number(value)
  return n > 0 && n <= 2_147_483_647 ? n : undefined
}

/** Every category of a homepage, module by module, each tree flattened in order with its depth. */
async function categoryOptions(db: Db, user: User, homepageId: number, onlyModuleId?: number) {
  const modules = (await listModules(db, user, homepageId)).filter((m) => !onlyModuleId || m.moduleId === onlyModuleId)
  const options: CategoryOption[] = []
  type Node = Awaited<ReturnType<typeof listBagTree>>[number]
  for (const module of modules) {
    const walk = (nodes: Node[], depth: number) => {
      for (const node of nodes) {
        options.push({ bid: node.bid, name: node.name, depth, moduleId: module.moduleId, moduleName: module.name })
        walk(node.children, depth + 1)
      }
    }
    walk(await listBagTree(db, user, module.moduleId), 0)
  }
  return options
}

/**
 * Where bookmarks may be moved or copied: the categories of every homepage the user owns (each
 * module named with its homepage when there are several), filtered by name when `q` is given.
 */
async function targetOptions(db: Db, user: User, q: string) {
  const owned = await db
    .select({ id: homepages.id, title: homepages.title })
    .from(homepages)
    .where(and(eq(homepages.userId, user.id), isNull(homepages.deletedAt)))
    .orderBy(asc(homepages.id))
  const options: CategoryOption[] = []
  for (const homepage of owned) {
    for (const option of await categoryOptions(db, user, homepage.id)) {
      const moduleName = owned.length > 1 ? `${homepage.title || '主页'} · ${option.moduleName}` : option.moduleName
      options.push({ ...option, moduleName })
    }
  }
  const needle = q.toLowerCase()
  return needle ? options.filter((o) => o.name.toLowerCase().includes(needle)).map((o) => ({ ...o, depth: 0 })) : options
}

/** The category ids below `bid` in a flattened tree (a category cannot move under them). */
function descendantsOf(options: CategoryOption[], bid: number) {
  const index = options.findIndex((o) => o.bid === bid)
  if (index === -1) return new Set<number>()
  const depth = options[index]!.depth
  const ids = new Set<number>([bid])
  for (let i = index + 1; i < options.length && options[i]!.depth > depth; i++) ids.add(options[i]!.bid)
  return ids
}

/** A bookmark of this homepage the user may edit, of the expected kind; DomainError otherwise. */
async function ownSource(db: Db, user: User, resolved: ResolvedHomepage, id: number | undefined, types?: string[]) {
  if (!id) throw new DomainError('missing id')
  const { info } = await sourceDetail(db, user, id)
  const { bag } = await getBag(db, user, info.bid)
  if (bag.homepageId !== resolved.homepage.id) throw new DomainError('other homepage')
  if (types && !types.includes(info.type)) throw new DomainError('wrong type')
  return info
}

async function ownBag(db: Db, user: User, resolved: ResolvedHomepage, bid: number | undefined) {
  if (!bid) throw new DomainError('missing bid')
  const { bag } = await getBag(db, user, bid)
  if (bag.homepageId !== resolved.homepage.id) throw new DomainError('other homepage')
  return bag
}

async function ownModule(db: Db, user: User, resolved: ResolvedHomepage, moduleId: number | undefined) {
  if (!moduleId) throw new DomainError('missing moduleId')
  const { module } = await getModule(db, user, moduleId)
  if (module.homepageId !== resolved.homepage.id) throw new DomainError('other homepage')
  return module
}

/** A folder of this homepage that a new link or divider goes into, in the given category. */
async function ownFolder(db: Db, user: User, resolved: ResolvedHomepage, id: number | undefined, bid: number) {
  if (!id) return null
  const folder = await ownSource(db, user, resolved, id, ['folder'])
  if (folder.bid !== bid) throw new DomainError('folder of another category')
  return folder
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

async function loadDialog(
  db: Db,
  user: User,
  resolved: ResolvedHomepage,
  dialog: Exclude<ManageDialog, HomepageDialog>,
  url: URL,
): Promise<ManageDialogData | null> {
  const params = url.searchParams
  const homepageId = resolved.homepage.id
  const num = (name: string) => positiveInt(params.get(name))
  switch (dialog) {
    case 'add-module':
    case 'edit-module': {
      const module = dialog === 'edit-module' ? await ownModule(db, user, resolved, num('moduleId')) : null
      return {
        dialog,
        homepageId,
        module: module && { moduleId: module.id, name: module.name, icon: module.icon, moduleType: module.moduleType },
        iconPicker: await loadIconPicker(db, user, readIconPickerParams(url)),
      }
    }
    case 'delete-module': {
      const module = await ownModule(db, user, resolved, num('moduleId'))
      return { dialog, module: { moduleId: module.id, name: module.name } }
    }
    case 'manage-modules': {
      const modules = await listModules(db, user, homepageId)
      return {
        dialog,
        homepageId,
        modules: modules.map((m) => ({ moduleId: m.moduleId, name: m.name, icon: m.icon, moduleType: m.moduleType, isDefault: m.isDefault })),
      }
    }
    case 'add-bag':
    case 'edit-bag': {
      const bag = dialog === 'edit-bag' ? await ownBag(db, user, resolved, num('bid')) : null
      const module = await ownModule(db, user, resolved, bag ? bag.moduleId : (num('moduleId') ?? (await defaultModuleId(db, user, homepageId))))
      const all = await categoryOptions(db, user, homepageId, module.id)
      const excluded = bag ? descendantsOf(all, bag.id) : new Set<number>()
      const wanted = bag ? bag.parentId : (num('parentId') ?? null)
      const parents = all.filter((o) => !excluded.has(o.bid))
      return {
        dialog,
        moduleId: module.id,
        moduleName: module.name,
        parentId: wanted && parents.some((o) => o.bid === wanted) ? wanted : null,
        bag: bag && { bid: bag.id, name: bag.name, icon: bag.icon, color: bag.color ?? '', parentId: bag.parentId },
        parents,
        iconPicker: await loadIconPicker(db, user, readIconPickerParams(url)),
      }
    }
    case 'delete-bag': {
      const bag = await ownBag(db, user, resolved, num('bid'))
      return { dialog, bag: { bid: bag.id, name: bag.name } }
    }
    case 'add-link':
    case 'edit-link': {
      const link = dialog === 'edit-link' ? await ownSource(db, user, resolved, num('id'), ['link']) : null
      const bag = await ownBag(db, user, resolved, link ? link.bid : num('bid'))
      const folder = await ownFolder(db, user, resolved, link ? link.parentLinkId || undefined : num('parentLinkId'), bag.id)
      return {
        dialog,
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
    case 'add-folder':
    case 'edit-folder': {
      const folder = dialog === 'edit-folder' ? await ownSource(db, user, resolved, num('id'), ['folder']) : null
      const bag = await ownBag(db, user, resolved, folder ? folder.bid : num('bid'))
      return {
        dialog,
        bid: bag.id,
        folder: folder && { id: folder.id, bid: folder.bid, name: folder.name, summary: folder.note, icon: folder.iconKey },
        categories: await categoryOptions(db, user, homepageId),
      }
    }
    case 'add-divider':
    case 'edit-divider': {
      const divider = dialog === 'edit-divider' ? await ownSource(db, user, resolved, num('id'), ['divider']) : null
      const bag = await ownBag(db, user, resolved, divider ? divider.bid : num('bid'))
      const folder = await ownFolder(db, user, resolved, divider ? divider.parentLinkId || undefined : num('parentLinkId'), bag.id)
      return { dialog, bid: bag.id, parentLinkId: folder?.id ?? null, divider: divider && dividerFields(divider) }
    }
    case 'add-note': {
      const bag = await ownBag(db, user, resolved, num('bid'))
      const folder = await ownFolder(db, user, resolved, num('parentLinkId') ?? num('parentId'), bag.id)
      return { dialog, bid: bag.id, parentId: folder?.id ?? null }
    }
    case 'delete-source': {
      const source = await ownSource(db, user, resolved, num('id'))
      return { dialog, source: { id: source.id, name: source.name, type: source.type } }
    }
    case 'batch': {
      const bag = await ownBag(db, user, resolved, num('bid'))
      const folder = await ownFolder(db, user, resolved, num('parentLinkId'), bag.id)
      const sort = bookmarkSortOf(user)
      const q = (params.get('q') ?? '').trim().slice(0, 20)
      const [{ list }, targets, remembered] = await Promise.all([
        listSources(db, user, { bid: bag.id, parentId: folder?.id, page: 1, size: BATCH_ROWS, sort }),
        targetOptions(db, user, q),
        rememberedSelection(db, user),
      ])
      return {
        dialog,
        bid: bag.id,
        bagName: bag.name,
        folder: folder && { id: folder.id, name: folder.name },
        rows: list.map(({ id, type, name, url, icon, clickAmount, clickTime }) => ({ id, type, name, url, icon, clickAmount, clickTime })),
        allChecked: params.get('all') === '1',
        sort,
        targets,
        q,
        // The selector opens on the category last moved or copied to (spec §4 "Selector start-up").
        target: remembered && remembered.bid !== bag.id && targets.some((t) => t.bid === remembered.bid) ? String(remembered.bid) : '',
        folders: folder ? [] : await foldersOf(db, user, bag.id),
        key: randomUUID(),
      }
    }
    case 'bag-format': {
      const bag = await ownBag(db, user, resolved, num('bid'))
      return { dialog, bag: { bid: bag.id, name: bag.name, formats: bag.formats } }
    }
    case 'batch-open':
      return null
    case 'choose': {
      const folder = await ownSource(db, user, resolved, num('id'), ['folder'])
      const categories = await categoryOptions(db, user, homepageId)
      const bid = categories.some((c) => c.bid === num('bid')) ? num('bid')! : folder.bid
      const wanted = num('page') ?? 1
      const list = async (page: number) =>
        listSources(db, user, { bid, page, size: CHOOSE_PAGE_SIZE, sort: 'custom', types: ['link'] })
      let page = await list(wanted)
      // A page past the end (a stale link, or after moving the last ones away) shows the last one.
      const last = Math.max(1, Math.ceil(page.total / CHOOSE_PAGE_SIZE))
      if (wanted > last) page = await list(last)
      return {
        dialog,
        folder: { id: folder.id, name: folder.name },
        bid,
        bagName: categories.find((c) => c.bid === bid)?.name ?? '',
        links: page.list.map((s) => ({ id: s.id, name: s.name, host: s.host })),
        page: page.page,
        total: page.total,
        categories,
        key: randomUUID(),
      }
    }
    case 'children': {
      const folder = await ownSource(db, user, resolved, num('id'), ['folder'])
      const { list } = await folderChildren(db, user, folder.id)
      // A folder holds at most 100: searching its names and addresses in memory is enough.
      const wd = (params.get('wd') ?? '').trim().slice(0, 100)
      const needle = wd.toLowerCase()
      const found = needle
        ? list.filter((s) => s.name.toLowerCase().includes(needle) || (s.url ?? '').toLowerCase().includes(needle))
        : list
      return {
        dialog,
        folder: { id: folder.id, name: folder.name, bid: folder.bid },
        wd,
        total: list.length,
        list: found.map((s) => ({ id: s.id, type: s.type, name: s.name, url: s.url, private: s.private, liked: s.liked })),
      }
    }
  }
}

/** The folders at the top level of a category (at most 100 children, so one page holds them). */
async function foldersOf(db: Db, user: User, bid: number) {
  const { list } = await listSources(db, user, { bid, page: 1, size: MAX_CHILDREN, sort: 'custom' })
  return list.filter((s) => s.type === 'folder').map((s) => ({ id: s.id, name: s.name }))
}

async function defaultModuleId(db: Db, user: User, homepageId: number) {
  const modules = await listModules(db, user, homepageId)
  return (modules.find((m) => m.isDefault) ?? modules[0])?.moduleId
}

/** A category and folder hold at most 100 bookmarks, plus dividers: one table shows them all. */
const BATCH_ROWS = 500

/** The links of a category's top level, for anyone who sees the homepage (masked ones left out). */
async function loadBatchOpen(db: Db, user: User | null, resolved: ResolvedHomepage, bid: number | undefined): Promise<ManageDialogData> {
  if (!bid) throw new DomainError('missing bid')
  const { bag } = await getBag(db, user, bid)
  if (bag.homepageId !== resolved.homepage.id) throw new DomainError('other homepage')
  const { list } = await listSources(db, user, { bid: bag.id, page: 1, size: BATCH_ROWS, sort: bookmarkSortOf(user) })
  const links = list.flatMap((s) => (s.type === 'link' && s.url ? [{ id: s.id, name: s.name, url: s.url }] : []))
  return { dialog: 'batch-open', bagName: bag.name, links }
}

/**
 * Loader data of the open management dialog (`?dialog=<name>` of components/manage/dialog-href.ts)
 * on this page (pass the loader's `url` as the third argument), or null: no such dialog, a guest, someone who may not manage this homepage, or an
 * object that is missing or not theirs (one answer for all, so ids reveal nothing).
 */
export async function loadManageDialog(context: Context, request: Request, normalizedUrl?: URL): Promise<ManageDialogData | null> {
  const url = pageUrl(request, normalizedUrl)
  const dialog = url.searchParams.get('dialog')
  if (!isManageDialog(dialog)) return null
  const user = context.get(userContext)
  if (!user && !GUEST_DIALOGS.includes(dialog)) return null
  const { db } = context.get(appContext)
  const resolved = await resolveHomepage(db, user, pageCode(url.pathname))
  const needed = DIALOG_CAPABILITY[dialog]
  if (!resolved || !(typeof needed === 'string' ? [needed] : needed).some((c) => can(resolved.role, c))) return null
  try {
    if (dialog === 'batch-open') return await loadBatchOpen(db, user, resolved, positiveInt(url.searchParams.get('bid')))
    if (isHomepageDialog(dialog)) return await loadHomepageDialog(db, user, resolved, dialog, url)
    return await loadDialog(db, user!, resolved, dialog, url)
  } catch (error) {
    if (error instanceof DomainError) return null
    throw error
  }
}

/** A management form's body: its fields plus, at most, one icon of 500 KB. */
const MANAGE_FORM_MAX_BYTES = 600 * 1024
const UPLOAD_TOO_BIG_MSG = '文件大小不能超过500KB'
const LinkUrlInput = WebContentQuerySchema.shape.site_url

/** The text fields of a form as sent (what Conform shows again), without the intent or files. */
function formValues(formData: FormData) {
  const values: Record<string, string> = {}
  for (const [name, value] of formData) if (typeof value === 'string' && name !== 'intent') values[name] = value
  return values
}

/**
 * Stores the form's icon file, if one was chosen, and puts its address in the `icon` field. The
 * same per-user upload limit as /api/upload.
 */
async function storeIconFile(db: Db, user: User, formData: FormData): Promise<{ error?: string }> {
  const file = formData.get(ICON_FILE_FIELD)
  formData.delete(ICON_FILE_FIELD)
  if (!(file instanceof File) || file.size === 0) return {}
  try {
    await consumeOrThrow(db, 'upload', `user:${user.id}`, UPLOAD_RATE_MSG)
    const { src } = await storeImage(Buffer.from(await file.arrayBuffer()), 'icon')
    formData.set('icon', src)
    return {}
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message }
    throw error
  }
}

/** Ids of the non-form intents. */
const ModuleIdSchema = z.object({ moduleId: ObjectId })
const BagIdSchema = z.object({ bid: ObjectId })
const SourceIdSchema = z.object({ id: ObjectId })

/** The dialog each form intent belongs to, when the page URL does not say. */
const INTENT_DIALOG: Record<string, ManageDialog> = {
  'save-module': 'add-module',
  'save-bag': 'add-bag',
  'save-link': 'add-link',
  'save-folder': 'add-folder',
  'save-divider': 'add-divider',
  'save-note': 'add-note',
  'save-bag-format': 'bag-format',
  batch: 'batch',
  choose: 'choose',
  'save-homepage': 'add-homepage',
}

function loginHref(page: PageLocation) {
  const close = new URL(closeHref(page), 'http://localhost')
  close.searchParams.set('dialog', 'login')
  return `${close.pathname}${close.search}`
}

/**
 * The action of every management form on a start page (POST/redirect/GET with a flash toast; the
 * same with and without JavaScript). Saving forms answer 400 with Conform's reply when the input
 * or a rule fails, so the dialog renders again with the messages beside the fields and the values
 * kept; one-click intents (delete, toggle, move) answer with an error toast instead.
 */
export async function manageAction({ request, context, url }: { request: Request; context: Context; url?: URL }) {
  const page = pageLocation(pageUrl(request, url))
  const user = context.get(userContext)
  if (!user) return redirect(loginHref(page))
  const { db } = context.get(appContext)
  const params = new URLSearchParams(page.search)
  const urlDialog = params.get('dialog')
  const from = params.get('from')
  /** Saved or deleted: back to the list dialog it came from, else the page. */
  const back = returnHref(page, from)
  /** A one-click action inside a list dialog keeps that dialog open. */
  const stay = urlDialog === 'manage-modules' || urlDialog === 'children' ? `${page.pathname}${page.search}` : back
  const done = (msg: string, to = back) => redirectWithToast(to, { type: 'success', msg })
  const failed = (error: unknown, to = back) => {
    if (error instanceof NotSignedInError) return redirect(loginHref(page))
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(to, { type: 'error', msg: error.message } satisfies Toast)
  }
  // Forms may carry an icon file (≤ 500 KB); a larger body stops being read at the cap.
  let formData: FormData
  try {
    formData = await readFormDataCapped(request, MANAGE_FORM_MAX_BYTES, UPLOAD_TOO_BIG_MSG)
  } catch (error) {
    return failed(error, `${page.pathname}${page.search}`)
  }
  // A submit button's own intent (获取…) comes after the form's hidden one in tree order, and wins.
  const intent = String(formData.getAll('intent').at(-1) ?? '')

  const dialogOfForm = (): ManageDialog => (isManageDialog(urlDialog) ? urlDialog : (INTENT_DIALOG[intent] ?? 'add-link'))

  /**
   * An icon file sent with the form (no JavaScript) is stored first and becomes the form's icon;
   * a refused file answers like any invalid field.
   */
  const iconUpload = await storeIconFile(db, user, formData)
  if (iconUpload.error) {
    const result = { status: 'error' as const, initialValue: formValues(formData), error: { icon: [iconUpload.error] } }
    return data<ManageActionData>({ dialog: dialogOfForm(), result }, { status: 400 })
  }

  /** A form with fields: parse with the form's own schema, run, redirect; or 400 with the reply. */
  async function save<Output>(
    submission: {
      status?: 'success' | 'error'
      value?: Output
      reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>
    },
    run: (value: Output) => Promise<unknown>,
    next: (value: Output) => string = () => back,
  ) {
    const dialog = dialogOfForm()
    const fail = (result: SubmissionResult<string[]>) => data<ManageActionData>({ dialog, result }, { status: 400 })
    if (submission.status !== 'success' || submission.value === undefined) return fail(submission.reply())
    const value = submission.value
    try {
      await run(value)
      const icon = (value as { icon?: unknown }).icon
      if (typeof icon === 'string' && icon) await rememberIcon(db, user!, icon)
    } catch (error) {
      if (error instanceof NotSignedInError) return redirect(loginHref(page))
      if (!(error instanceof DomainError)) throw error
      const errors = error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
      return fail(submission.reply(errors))
    }
    return done(SAVED_MSG, next(value))
  }

  const ids = <S extends z.ZodType>(schema: S) => {
    const parsed = schema.safeParse(Object.fromEntries(formData))
    return parsed.success ? (parsed.data as z.output<S>) : null
  }

  /**
   * 获取 without JavaScript: the form comes back as it was sent, with what was fetched filled in
   * and nothing saved; a failure shows beside the field it came from.
   */
  async function refill(field: string, fetchValues: () => Promise<Record<string, string>>) {
    const initialValue = formValues(formData)
    try {
      const values = await fetchValues()
      return data<ManageActionData>({ dialog: dialogOfForm(), result: { initialValue: { ...initialValue, ...values } } })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      const result = { status: 'error' as const, initialValue, error: { [field]: [error.message] } }
      return data<ManageActionData>({ dialog: dialogOfForm(), result }, { status: 400 })
    }
  }

  if (HOMEPAGE_INTENTS.has(intent)) return homepageIntent(db, user, intent, formData, { stay: `${page.pathname}${page.search}`, back, done, failed })

  switch (intent) {
    case FILL_LINK_INTENT:
      return refill('url', async () => {
        const url = LinkUrlInput.safeParse(formData.get('url'))
        if (!url.success) throw new DomainError(firstIssue(url.error))
        const { title, icon } = await siteNameAndIcon(db, user, url.data)
        return { ...(title ? { name: title } : {}), ...(icon ? { icon } : {}) }
      })
    case FETCH_ICON_INTENT:
      return refill('icon', async () => {
        const url = RemoteIconQuerySchema.shape.url.safeParse(formData.get(ICON_REMOTE_FIELD))
        if (!url.success) throw new DomainError(firstIssue(url.error))
        return { icon: await remoteIcon(db, user, url.data), [ICON_REMOTE_FIELD]: '' }
      })
    case 'save-bag-format':
      return save(parseWithZod(formData, { schema: BagFormatSchema }), (value) => setBagFormats(db, user, value.bid, bagFormats(value)))
    case 'batch':
      return batchAction(db, user, formData, { done, failed, stay: `${page.pathname}${page.search}` })
    case 'choose':
      return chooseAction(db, user, formData, { done, failed, stay: `${page.pathname}${page.search}` })
    case 'switch-sort': {
      const method = formData.get('method')
      if (!isSortMethod(method)) return failed(new DomainError('排序方式不正确'))
      await setBookmarkSort(db, user, method)
      return done(`已切换为「${SORT_LABELS[method]}」`)
    }
    case 'save-homepage':
      // A new homepage becomes the current one (/); an edited one is shown at its (maybe new) address.
      return save(
        parseWithZod(formData, { schema: HomepageSchema }),
        (value) => saveHomepage(db, user, value),
        (value) => (value.homepageId ? `/${value.code}` : '/'),
      )
    case 'save-module':
      return save(parseWithZod(formData, { schema: ModuleSchema }), (value) => saveModule(db, user, value))
    case 'save-bag':
      return save(parseWithZod(formData, { schema: BagSchema }), (value) => saveBag(db, user, value))
    case 'save-link':
      return save(
        parseWithZod(formData, { schema: LinkSchema }),
        (value) => saveLink(db, user, value),
        // 保存并继续 (new links only): the same empty form again, in the same category and folder.
        (value) =>
          formData.get('continue') === '1' && !value.id
            ? dialogHref(page, 'add-link', { bid: value.bid, parentLinkId: value.parentLinkId, from: from ?? undefined })
            : back,
      )
    case 'save-folder':
      return save(parseWithZod(formData, { schema: FolderSchema }), (value) => saveFolder(db, user, value))
    case 'save-divider':
      return save(parseWithZod(formData, { schema: DividerSchema }), (value) => saveDivider(db, user, value))
    case 'save-note':
      return save(parseWithZod(formData, { schema: NoteSourceSchema }), (value) => createNoteSource(db, user, value))

    case 'delete-module': {
      const input = ids(ModuleIdSchema)
      if (!input) return failed(new DomainError('内容不存在或已被删除'))
      try {
        await hardDeleteModules(db, user, [input.moduleId])
      } catch (error) {
        return failed(error)
      }
      return done(DONE_MSG)
    }
    case 'delete-bag': {
      const input = ids(BagIdSchema)
      if (!input) return failed(new DomainError('内容不存在或已被删除'))
      try {
        await trashBag(db, user, input.bid)
      } catch (error) {
        return failed(error)
      }
      return done(BAG_DELETED_MSG)
    }
    case 'delete-source': {
      const input = ids(SourceIdSchema)
      if (!input) return failed(new DomainError('内容不存在或已被删除'))
      let msg = DELETED_MSG
      try {
        const { info } = await sourceDetail(db, user, input.id)
        if (info.type === 'divider') msg = DIVIDER_DELETED_MSG
        await trashSources(db, user, [input.id])
      } catch (error) {
        return failed(error)
      }
      return done(msg)
    }
    case 'toggle-private':
    case 'toggle-star': {
      const input = ids(SourceIdSchema)
      if (!input) return failed(new DomainError('内容不存在或已被删除'), stay)
      try {
        await (intent === 'toggle-private' ? togglePrivate : toggleStar)(db, user, input.id)
      } catch (error) {
        return failed(error, stay)
      }
      return done(intent === 'toggle-private' ? PRIVACY_MSG : DONE_MSG, stay)
    }
    case 'move-bag-up':
    case 'move-bag-down': {
      const input = ids(BagIdSchema)
      if (!input) return failed(new DomainError('内容不存在或已被删除'), stay)
      try {
        await moveBag(db, user, input.bid, intent === 'move-bag-up' ? 'up' : 'down')
      } catch (error) {
        return failed(error, stay)
      }
      return done('排序已自动保存', stay)
    }
    case 'move-module-up':
    case 'move-module-down':
    case 'set-default-module': {
      const input = ids(ModuleIdSchema)
      if (!input) return failed(new DomainError('内容不存在或已被删除'), stay)
      try {
        if (intent === 'set-default-module') {
          await setDefaultModule(db, user, input.moduleId)
          return done(DEFAULT_SET_MSG, stay)
        }
        await moveModuleStep(db, user, input.moduleId, intent === 'move-module-up' ? 'up' : 'down')
      } catch (error) {
        return failed(error, stay)
      }
      return done(DONE_MSG, stay)
    }
    default:
      return redirectWithToast(back, { type: 'error', msg: '操作失败' })
  }
}
