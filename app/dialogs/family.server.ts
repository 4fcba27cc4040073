import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Capability } from '#app/auth/permissions.ts'
import { closeHref, type ManageDialog } from '#app/components/manage/dialog-href.ts'
import type { ManageActionData, ManageDialogData } from '#app/components/manage/types.ts'
import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { idOf, pageOf } from '#app/schemas/ids.ts'
import type { z } from '#app/schemas/zod.ts'
import type { ResolvedHomepage } from '#app/services/homepage.server.ts'
import { rememberIcon } from '#app/services/icons.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { firstIssue } from '#app/utils/zod.ts'

/**
 * How a dialog family is written (app/dialogs/*.server.ts): each dialog names the capability it
 * needs on the homepage shown and loads what its form shows; each form intent parses its fields,
 * calls a service and answers. The registry (registry.server.ts) gives the page loader, the page
 * action and the role matrix one list of both; the forms themselves are components/manage/.
 */

export type PageLocation = { pathname: string; search: string }
/** The spec's generic successes (§8): a saved form, a done action, a changed setting. */
export const SAVED_MSG = '保存成功'
export const DONE_MSG = '操作成功！'
export const SET_MSG = '设置成功'

// ---------------------------------------------------------------------------------------------
// Dialogs (the loader half)

/** What a dialog's `load` gets: the homepage shown (with the viewer's role) and the dialog's URL. */
export type DialogContext<U extends User | null = User> = {
  db: Db
  user: U
  resolved: ResolvedHomepage
  /** The dialog's name (one `load` may serve an add and an edit dialog). */
  name: ManageDialog
  url: URL
  /** The page's request (its device cookies: a guest's settings, the page width). */
  request: Request
  /** A positive id from the query string, or undefined. */
  id: (param: string) => number | undefined
  /** A page number from the query string (1 when absent or malformed). */
  page: (param?: string) => number
  /** Trimmed text from the query string, at most `max` characters. */
  text: (param: string, max: number) => string
}

/** The data of dialog N (an add and an edit dialog may share one shape, `dialog: 'add-x' | 'edit-x'`). */
export type DataOf<N extends ManageDialog> = ManageDialogData extends infer T ? (T extends { dialog: infer D } ? (N extends D ? T : never) : never) : never

export type DialogDef<N extends ManageDialog = ManageDialog> = {
  /** What the viewer needs on the homepage shown (one of them, when several; permissions.ts). */
  capability: Capability | readonly Capability[]
  /** Guests may open it too; every other dialog asks for sign-in. */
  guests: boolean
  /** A list dialog: the one-click forms posted from it come back to it (see FormEdge.stay). */
  keepsOpen: boolean
  load: (ctx: DialogContext<User | null>) => Promise<DataOf<N>>
}

type DialogOptions = { capability: Capability | readonly Capability[]; keepsOpen?: boolean }

/** A dialog for signed-in viewers holding the capability. */
export function dialog<N extends ManageDialog>(options: DialogOptions & { load: (ctx: DialogContext) => Promise<DataOf<N>> }): DialogDef<N> {
  const { load, keepsOpen = false, capability } = options
  return { capability, keepsOpen, guests: false, load: (ctx) => load(ctx as DialogContext) }
}

/** A dialog that guests may open as well (their `user` is null). */
export function guestDialog<N extends ManageDialog>(
  options: DialogOptions & { load: (ctx: DialogContext<User | null>) => Promise<DataOf<N>> },
): DialogDef<N> {
  const { load, keepsOpen = false, capability } = options
  return { capability, keepsOpen, guests: true, load }
}

export function dialogContext(
  db: Db,
  user: User | null,
  resolved: ResolvedHomepage,
  name: ManageDialog,
  url: URL,
  request: Request,
): DialogContext<User | null> {
  const params = url.searchParams
  return {
    db,
    user,
    resolved,
    name,
    url,
    request,
    id: (param) => idOf(params.get(param)),
    page: (param = 'page') => pageOf(params.get(param)),
    text: (param, max) => (params.get(param) ?? '').trim().slice(0, max),
  }
}

// ---------------------------------------------------------------------------------------------
// Intents (the action half): the form edge, as defineApi is the /api edge

/** What an intent's handler gets: the request's form, the signed-in user (a guest intent's may be null), and where to answer. */
export type FormEdge<U extends User | null = User> = {
  db: Db
  user: U
  /** The request (a viewer intent reads and sets the viewer's cookies). */
  request: Request
  /** The address the request came from (rate limits of calls open to everyone). */
  clientIp: string
  formData: FormData
  page: PageLocation
  /** The dialog open in the page's URL, if it is one of ours. */
  urlDialog: ManageDialog | null
  /** The list dialog the open one came from (`from`), if any. */
  from: string | null
  /** Saved, deleted or cancelled: back to the list dialog the form came from, else the page. */
  back: string
  /** After a one-click form: the list dialog it was posted from stays open; anywhere else, `back`. */
  stay: string
  /** The dialog a form with errors is shown again in (the URL's, else the intent's own). */
  formDialog: ManageDialog
  done: (msg: string, to?: string) => Response
  /** A DomainError as an error toast (not signed in: the login dialog); anything else is thrown. */
  failed: (error: unknown, to?: string) => Response
}

/** A redirect (with a toast), or a form shown again (showFormAgain). */
export type IntentAnswer = Response | ReturnType<typeof showFormAgain>

export type Intent =
  | {
      /** The dialog whose form this is, shown again with the errors when the page URL has none. */
      dialog?: ManageDialog
      guests?: false
      handle: (edge: FormEdge) => Promise<IntentAnswer>
    }
  | {
      dialog?: ManageDialog
      /** Guests may post it too (a viewer's own settings: viewerIntent). */
      guests: true
      handle: (edge: FormEdge<User | null>) => Promise<IntentAnswer>
    }

/** Where a guest is sent: the login dialog over the page they were on. */
export function loginHref(page: PageLocation) {
  const close = new URL(closeHref(page), 'http://localhost')
  close.searchParams.set('dialog', 'login')
  return `${close.pathname}${close.search}`
}

/** Shows a form again with Conform's reply: 400 with messages beside the fields, values kept (200 when nothing failed). */
export function showFormAgain(dialog: ManageDialog, result: SubmissionResult<string[]>, status = 400) {
  return data<ManageActionData>({ dialog, result }, { status })
}

/** The text fields of a form as sent (what Conform shows again), without the intent or files. */
export function formValues(formData: FormData) {
  const values: Record<string, string> = {}
  for (const [name, value] of formData) if (typeof value === 'string' && name !== 'intent') values[name] = value
  return values
}

export function formEdge<U extends User | null = User>(
  base: Pick<FormEdge<U>, 'db' | 'user' | 'request' | 'clientIp' | 'formData' | 'page' | 'urlDialog' | 'from' | 'back' | 'stay'>,
  intentDialog: ManageDialog | undefined,
): FormEdge<U> {
  const { page, back } = base
  return {
    ...base,
    formDialog: base.urlDialog ?? intentDialog ?? 'add-link',
    done: (msg, to = back) => redirectWithToast(to, { type: 'success', msg }),
    failed: (error, to = back) => {
      if (error instanceof NotSignedInError) return redirect(loginHref(page))
      if (!(error instanceof DomainError)) throw error
      return redirectWithToast(to, { type: 'error', msg: error.message })
    },
  }
}

/** A refusal as Conform's reply shows it: beside its field when it names one, else the form's own. */
function replyErrors(error: DomainError) {
  return error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
}

/** What a service call answers: the success message, maybe with where to go. */
type Answer = string | { msg: string; to?: string } | void

/**
 * A form with fields, parsed with its own schema (Conform): on success the service runs and the
 * page goes `next` (default: back) with its message (default 保存成功); a failed field or rule
 * shows the form again, 400, with the message beside its field.
 */
export function formIntent<S extends z.ZodType>(options: {
  schema: S
  dialog: ManageDialog
  run: (value: z.output<S>, edge: FormEdge) => Promise<Answer>
  next?: (value: z.output<S>, edge: FormEdge) => string
}): Intent {
  return {
    dialog: options.dialog,
    async handle(edge) {
      const submission = parseWithZod(edge.formData, { schema: options.schema })
      if (submission.status !== 'success') return showFormAgain(edge.formDialog, submission.reply())
      const value = submission.value as z.output<S>
      let answer: Answer
      try {
        answer = await options.run(value, edge)
        const icon = (value as { icon?: unknown }).icon
        if (typeof icon === 'string' && icon) await rememberIcon(edge.db, edge.user, icon)
      } catch (error) {
        if (error instanceof NotSignedInError) return redirect(loginHref(edge.page))
        if (!(error instanceof DomainError)) throw error
        return showFormAgain(edge.formDialog, submission.reply(replyErrors(error)))
      }
      const { msg, to } = typeof answer === 'object' ? answer : { msg: answer || SAVED_MSG, to: undefined }
      return edge.done(msg, to ?? options.next?.(value, edge) ?? edge.back)
    },
  }
}

/**
 * A one-click form (a button with hidden ids: delete, toggle, move): the service's message as a
 * success toast, or its refusal as an error toast; either way to `stay` unless the service's answer
 * names another page. Fields that do not parse answer the schema's message (ids: "no such object").
 */
export function clickIntent<S extends z.ZodType>(options: { schema: S; run: (value: z.output<S>, edge: FormEdge) => Promise<Answer> }): Intent {
  return {
    async handle(edge) {
      const parsed = options.schema.safeParse(Object.fromEntries(edge.formData))
      if (!parsed.success) return edge.failed(new DomainError(firstIssue(parsed.error)), edge.stay)
      try {
        const answer = await options.run(parsed.data, edge)
        const { msg, to } = typeof answer === 'object' ? answer : { msg: answer || SAVED_MSG, to: undefined }
        return edge.done(msg, to ?? edge.stay)
      } catch (error) {
        return edge.failed(error, edge.stay)
      }
    },
  }
}

/**
 * A viewer's own setting, open to guests too (the skin drawer: spec §6, the owner saves on the
 * homepage, anyone else for themselves in cookies): parsed like formIntent; `run` answers the
 * message and the cookies to set; the page comes back to `stay` (the drawer stays open).
 */
export function viewerIntent<S extends z.ZodType>(options: {
  schema: S
  dialog: ManageDialog
  run: (value: z.output<S>, edge: FormEdge<User | null>) => Promise<{ msg: string; headers?: Headers }>
}): Intent {
  return {
    dialog: options.dialog,
    guests: true,
    async handle(edge) {
      const submission = parseWithZod(edge.formData, { schema: options.schema })
      if (submission.status !== 'success') return showFormAgain(edge.formDialog, submission.reply())
      try {
        const { msg, headers } = await options.run(submission.value as z.output<S>, edge)
        return redirectWithToast(edge.stay, { type: 'success', msg }, headers)
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        return showFormAgain(edge.formDialog, submission.reply(replyErrors(error)))
      }
    },
  }
}

/** A family: its dialogs by name and its form intents by name. */
export function family<const D extends { [N in ManageDialog]?: DialogDef<N> }, const I extends Record<string, Intent>>(f: { dialogs: D; intents: I }) {
  return f
}
