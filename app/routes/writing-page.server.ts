import { signedInUser } from '#app/auth/signed-in.server.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { detailHref } from '#app/notes/writing-href.ts'
import { appContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import { idOf } from '#app/schemas/ids.ts'
import { CodeFormSchema, PostFormSchema } from '#app/schemas/notes.ts'
import { FORBIDDEN, requireCapability } from '#app/services/access.server.ts'
import { getBag } from '#app/services/bag.server.ts'
import { NOTE_CONFLICT_CODE } from '#app/services/notes.server.ts'
import { CODE_SAVED_MSG, POST_SAVED_MSG, saveCode, savePost, writingOf } from '#app/services/writings.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { documentLook } from '#app/utils/document-look.server.ts'
import { homepageLook } from '#app/services/skin.server.ts'
import type { RouterContextProvider } from 'react-router'

/**
 * The two writing pages, /blog/write (a post) and /editor/code (a code snippet): the form for a
 * new one in a category (`bid` / `cid`, a folder `parentId`) or for one `id` to edit; saved, the
 * page goes to /blog/detail/{id}. Only who may add to the category (edit the bookmark) gets it.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider>; url: URL }
export type WritingKind = 'post' | 'code'

/** Room for a post of 10,000 characters with its formatting, url-encoded. */
const WRITING_FORM_MAX_BYTES = 1024 * 1024


export async function loadWritingForm({ context, url, request }: Args, kind: WritingKind) {
  const { db } = context.get(appContext)
  const user = signedInUser(context, url)
  const params = url.searchParams
  try {
    const id = idOf(params.get('id'))
    if (id) {
      const writing = await writingOf(db, user, id, { edit: true })
      if (writing.type !== kind) throw new DomainError(NOT_FOUND_MSG)
      return { headerTitle: kind === 'post' ? '编辑文章' : '编辑代码片段', writing, place: { bid: writing.bid, parentId: null, bagName: writing.bagName }, look: await documentLook(request, writing.page) }
    }
    const bid = idOf(params.get(kind === 'post' ? 'bid' : 'cid')) ?? 0
    const { bag } = await getBag(db, user, bid)
    const { homepage, role } = await requireCapability(db, user, bag.homepageId, 'add-link')
    const look = await documentLook(request, { own: role === 'owner', look: homepageLook(homepage) })
    return { headerTitle: kind === 'post' ? '写文章' : '代码片段', writing: null, place: { bid: bag.id, parentId: idOf(params.get('parentId')) ?? null, bagName: bag.name }, look }
  } catch (error) {
    // Not the editor's: 403; missing, trashed, private or not this kind: 404 (ids reveal nothing).
    if (error instanceof DomainError) throw error.message === FORBIDDEN ? data(FORBIDDEN, { status: 403 }) : data(NOT_FOUND_MSG, { status: 404 })
    throw error
  }
}

/** Saves the form: to the post's or snippet's page; a refusal shows the form again with what was written. */
export async function saveWritingForm({ request, context, url }: Args, kind: WritingKind) {
  const user: User = signedInUser(context, url)
  const form = await readPageForm(request, WRITING_FORM_MAX_BYTES, '内容太长，请缩短后再保存')
  const { db } = context.get(appContext)
  const submission = parseWithZod(form, { schema: kind === 'post' ? PostFormSchema : CodeFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), conflict: false }, { status: 400 })
  try {
    const value = submission.value
    const id = 'language' in value ? await saveCode(db, user, value) : await savePost(db, user, value)
    return redirectWithToast(detailHref(id), { type: 'success', msg: kind === 'post' ? POST_SAVED_MSG : CODE_SAVED_MSG })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(signInHref(pathOf(url)))
    if (!(error instanceof DomainError)) throw error
    const conflict = error.code === NOTE_CONFLICT_CODE
    const errors = error.field && !conflict ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
    return data({ result: submission.reply(errors), conflict }, { status: conflict ? 409 : 400 })
  }
}
