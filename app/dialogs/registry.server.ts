import { refusedForm } from '#app/utils/page-form.server.ts'
import { signInHref, pathOf } from '#app/components/auth/dialog-url.ts'
import { redirect, type RouterContextProvider } from 'react-router'
import { can } from '#app/auth/permissions.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { ICON_FILE_FIELD } from '#app/components/image-icon-tools.tsx'
import { dialogHref, ITEM_MENU_PARAM, returnHref, type ManageDialog } from '#app/components/manage/dialog-href.ts'
import type { ManageDialogData } from '#app/components/manage/types.ts'
import { appContext, userContext } from '#app/context.ts'
import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { resolveHomepage } from '#app/services/homepage.server.ts'
import { readFormDataCapped, UnreadableBodyError } from '#app/uploads/form-data.server.ts'
import { storeImage } from '#app/uploads/image.server.ts'
import { UPLOAD_RATE_MSG } from '#app/uploads/upload-api.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { batchFamily } from './batch.server.ts'
import { bookmarksFamily } from './bookmarks.server.ts'
import { categoriesFamily } from './categories.server.ts'
import { type DialogDef, dialogContext, formEdge, formValues, type Intent, loginHref, type PageLocation, showFormAgain } from './family.server.ts'
import { foldersFamily } from './folders.server.ts'
import { homepagesFamily } from './homepages.server.ts'
import { importsFamily } from './imports.server.ts'
import { layoutFamily } from './layout.server.ts'
import { modulesFamily } from './modules.server.ts'
import { notesFamily } from './notes.server.ts'
import { peopleFamily } from './people.server.ts'
import { preferencesFamily } from './preferences.server.ts'
import { reportsFamily } from './reports.server.ts'
import { sharesFamily } from './shares.server.ts'
import { skinFamily } from './skin.server.ts'

/**
 * The dialogs and form intents of a start page (`/`, `/{code}`, `/{code}/{moduleId}`): one line per
 * family. The page loader opens `?dialog=` through `loadPageDialog`, the page action runs `intent`
 * through `pageAction`, and the role matrix reads INTENT_NAMES; a name in two families stops the
 * server at start.
 */
const FAMILIES = [
  modulesFamily,
  categoriesFamily,
  bookmarksFamily,
  foldersFamily,
  batchFamily,
  homepagesFamily,
  peopleFamily,
  sharesFamily,
  preferencesFamily,
  reportsFamily,
  importsFamily,
  skinFamily,
  layoutFamily,
  notesFamily,
]

function collect<T>(pick: (family: (typeof FAMILIES)[number]) => Record<string, T | undefined>) {
  const all = new Map<string, T>()
  for (const family of FAMILIES) {
    for (const [name, value] of Object.entries(pick(family))) {
      if (all.has(name)) throw new Error(`The dialog registry names ${name} twice`)
      if (value) all.set(name, value)
    }
  }
  return all
}

// Every dialog the views draw has a loader here (a missing one is a type error).
type DialogsOf<F> = F extends { dialogs: infer D } ? keyof D : never
const everyDialogLoads: Record<Exclude<ManageDialog, DialogsOf<(typeof FAMILIES)[number]>>, never> = {}
void everyDialogLoads

const DIALOGS = collect((f) => f.dialogs as Record<string, DialogDef | undefined>)
const INTENTS = collect<Intent>((f) => f.intents)

/** Every dialog name of the registry (the view table must draw each: components/manage/dialog-views.tsx). */
export const DIALOG_NAMES: readonly string[] = [...DIALOGS.keys()]
/** Every form intent of the page action (the role matrix covers each). */
export const INTENT_NAMES: readonly string[] = [...INTENTS.keys()]

const isDialog = (name: string | null): name is ManageDialog => name !== null && DIALOGS.has(name)

type Context = Readonly<RouterContextProvider>

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

/**
 * The open dialog's data (`?dialog=<name>`) on this page, or null: no such dialog, a viewer without
 * the dialog's capability on the homepage shown, or an object that is missing or not theirs (one
 * answer for all, so ids reveal nothing). A guest opening what any signed-in visitor may (举报 on
 * a public homepage) goes to sign in, and comes back to the dialog.
 */
export async function loadPageDialog(context: Context, request: Request, normalizedUrl?: URL): Promise<ManageDialogData | null> {
  const url = pageUrl(request, normalizedUrl)
  // A bookmark's short menu link (itemMenuHref), followed without JavaScript: its dialog's own address.
  const itemId = url.searchParams.get(ITEM_MENU_PARAM)
  if (itemId !== null && !url.searchParams.has('dialog')) throw redirect(dialogHref(url, 'item', { id: itemId }))
  const name = url.searchParams.get('dialog')
  if (!isDialog(name)) return null
  const def = DIALOGS.get(name)!
  const user = context.get(userContext)
  const { db } = context.get(appContext)
  const resolved = await resolveHomepage(db, user, pageCode(url.pathname))
  if (!resolved) return null
  const needed = typeof def.capability === 'string' ? [def.capability] : def.capability
  if (!user && !def.guests) {
    // What any signed-in visitor may open (举报) asks a guest to sign in; a management dialog shows nothing.
    if (needed.some((c) => can('visitor', c))) throw redirect(signInHref(pathOf(url)))
    return null
  }
  if (!needed.some((c) => can(resolved.role, c))) return null
  try {
    return await def.load(dialogContext(db, user, resolved, name, url, request))
  } catch (error) {
    if (error instanceof DomainError) return null
    throw error
  }
}

/** A page form's body: its fields plus, at most, one icon of 500 KB. */
const FORM_MAX_BYTES = 600 * 1024
const UPLOAD_TOO_BIG_MSG = '文件大小不能超过500KB'

/**
 * Stores the form's icon file, if one was chosen (no JavaScript), and puts its address in the
 * `icon` field: the same per-user limit as /api/upload. Answers the refusal's message, if any.
 */
export async function storeIconFile(db: Db, user: User, formData: FormData): Promise<string | null> {
  const file = formData.get(ICON_FILE_FIELD)
  formData.delete(ICON_FILE_FIELD)
  if (!(file instanceof File) || file.size === 0) return null
  try {
    await consumeOrThrow(db, 'upload', `user:${user.id}`, UPLOAD_RATE_MSG)
    formData.set('icon', (await storeImage(Buffer.from(await file.arrayBuffer()), 'icon', { db, userId: user.id })).src)
    return null
  } catch (error) {
    if (error instanceof DomainError) return error.message
    throw error
  }
}

/**
 * The action of every page form (POST/redirect/GET with a flash toast; the same with and without
 * JavaScript): reads the form (with at most one icon file) and runs the intent it names; guests
 * are asked to sign in first, but for a viewer's own settings (viewerIntent). Forms with fields answer 400 and show again when input or a rule fails;
 * one-click forms answer with an error toast.
 */
export async function pageAction({ request, context, url }: { request: Request; context: Context; url?: URL }) {
  const page: PageLocation = (({ pathname, searchParams }) => {
    const search = searchParams.toString()
    return { pathname, search: search ? `?${search}` : '' }
  })(pageUrl(request, url))
  const user = context.get(userContext)
  const { db, clientIp } = context.get(appContext)
  const params = new URLSearchParams(page.search)
  const urlDialog = params.get('dialog')
  const from = params.get('from')
  const here = `${page.pathname}${page.search}`
  const back = returnHref(page, from)
  const base = {
    db,
    request,
    clientIp,
    page,
    urlDialog: isDialog(urlDialog) ? urlDialog : null,
    from,
    back,
    stay: isDialog(urlDialog) && DIALOGS.get(urlDialog)!.keepsOpen ? here : back,
  }

  let formData: FormData
  try {
    formData = await readFormDataCapped(request, FORM_MAX_BYTES, UPLOAD_TOO_BIG_MSG)
  } catch (error) {
    if (error instanceof UnreadableBodyError) throw refusedForm(error)
    if (!user) return redirect(loginHref(page))
    return formEdge({ ...base, user, formData: new FormData() }, undefined).failed(error, here)
  }
  // A submit button's own intent (获取…) comes after the form's hidden one in tree order, and wins.
  const name = String(formData.getAll('intent').at(-1) ?? '')
  const intent = INTENTS.get(name)
  if (intent?.guests) return intent.handle(formEdge<User | null>({ ...base, user, formData }, intent.dialog))
  // Everything else is for signed-in users: a guest is asked to sign in first.
  if (!user) return redirect(loginHref(page))
  const edge = formEdge({ ...base, user, formData }, intent?.dialog)
  if (!intent) return redirectWithToast(back, { type: 'error', msg: '操作失败' })

  const refused = await storeIconFile(db, user, formData)
  if (refused) return showFormAgain(edge.formDialog, { status: 'error', initialValue: formValues(formData), error: { icon: [refused] } })
  return intent.handle(edge)
}
