import { and, eq, sql } from 'drizzle-orm'
import { can } from '#app/auth/permissions.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bags, homepages, notes, sources } from '#app/db/schema/index.ts'
import { highlightCode } from '#app/notes/highlight.server.ts'
import { plainTextOf, textToNoteHtml } from '#app/notes/plain-text.server.ts'
import { noteExtract } from '#app/notes/sanitize.server.ts'
import type { CodeFormInput, CodeLanguage, PostFormInput } from '#app/schemas/notes.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, FORBIDDEN, homepageAccess, NOT_FOUND } from './access.server.ts'
import { formatNoteTime, noteConflict, storedNoteContent } from './notes.server.ts'
import { homepageLook } from './skin.server.ts'
import { assertReadable, writeTextSource } from './source.server.ts'

/**
 * Blog posts and code snippets (issue 23): bookmarks of type post and code whose text is a row of
 * `notes` (ADR 031). They follow every bookmark rule: the editors of a homepage write them (a
 * manager too), its viewers read them, a private one is its owner's, and the trash is the
 * bookmarks' trash. A post is sanitised HTML; a snippet is its text, highlighted once per save.
 */

export const POST_SAVED_MSG = '文章已保存'
export const CODE_SAVED_MSG = '代码片段已保存'
export const WRITING_CONFLICT_MSG = '这篇内容已在别处修改，请选择保留哪一份'

type Kind = 'post' | 'code'

/** The text beside a post's or snippet's bookmark, written over `version` when one is named. */
async function writeBody(tx: Tx, kind: Kind, sourceId: number, fields: { content: string; extract: string; language?: string; rendered?: string }, version: number | undefined) {
  const [row] = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.sourceId, sourceId), eq(notes.kind, kind)))
  if (!row) {
    const [owner] = await tx
      .select({ userId: homepages.userId })
      .from(sources)
      .innerJoin(homepages, eq(homepages.id, sources.homepageId))
      .where(eq(sources.id, sourceId))
    await tx.insert(notes).values({ userId: owner!.userId, kind, sourceId, ...fields })
    return
  }
  if (version !== undefined && version !== row.version) noteConflict(row, WRITING_CONFLICT_MSG)
  const [saved] = await tx
    .update(notes)
    .set({ ...fields, version: sql`${notes.version} + 1`, updatedAt: new Date() })
    .where(and(eq(notes.id, row.id), eq(notes.version, row.version)))
    .returning({ id: notes.id })
  if (!saved) noteConflict((await tx.select().from(notes).where(eq(notes.id, row.id)))[0]!, WRITING_CONFLICT_MSG)
}

/** Saves a post: a new one in category `bid` (folder `parentId`), or post `id`. Answers its id. */
export async function savePost(db: Db, actor: Actor, input: PostFormInput) {
  const content = storedNoteContent(input.format === 'text' ? textToNoteHtml(input.content ?? '') : (input.content ?? ''))
  return db.transaction(async (tx) => {
    const id = await writeTextSource(tx, actor, 'post', { id: input.id, bid: input.bid, parentId: input.parentId }, input.title)
    await writeBody(tx, 'post', id, { content, extract: noteExtract(content) }, input.keep ?? input.version)
    return id
  })
}

/** Saves a code snippet, highlighted now (not when it is read). Answers its id. */
export async function saveCode(db: Db, actor: Actor, input: CodeFormInput) {
  const code = (input.code ?? '').replace(/\r\n?/g, '\n')
  const rendered = await highlightCode(code, input.language)
  return db.transaction(async (tx) => {
    const id = await writeTextSource(tx, actor, 'code', { id: input.id, bid: input.cid, parentId: input.parentId }, input.title)
    await writeBody(tx, 'code', id, { content: code, extract: [...code.replace(/\s+/g, ' ').trim()].slice(0, 100).join(''), language: input.language, rendered }, input.keep ?? input.version)
    return id
  })
}

/**
 * A post or snippet for its page, for whoever may see its bookmark (a private one: its owner;
 * anyone else is told it does not exist). `edit`: for its form, the editors' only.
 */
export async function writingOf(db: Db, actor: Actor, id: number, { edit = false }: { edit?: boolean } = {}) {
  const [row] = await db
    .select({ source: sources, bagName: bags.name })
    .from(sources)
    .innerJoin(bags, eq(bags.id, sources.bagId))
    .where(and(eq(sources.id, id), sql`${sources.deletedAt} is null`))
  const kind = row?.source.type
  if (!row || (kind !== 'post' && kind !== 'code')) throw new DomainError(NOT_FOUND)
  const { source } = row
  const { role, homepage } = await homepageAccess(db, actor, source.homepageId)
  assertReadable(source, role)
  const editor = can(role, 'edit-children')
  if (edit && !actor) throw new NotSignedInError()
  if (edit && !editor) throw new DomainError(FORBIDDEN)
  const [body] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.sourceId, source.id), eq(notes.kind, kind)))
  const content = body?.content ?? ''
  return {
    id: source.id,
    type: kind,
    title: source.name,
    /** What the page shows: the post's sanitised HTML, the snippet's highlighted HTML. */
    html: kind === 'post' ? content : (body?.rendered ?? ''),
    /** What the form edits: the post's HTML (and its text, when it is only text), the snippet's text. */
    content,
    plain: kind === 'post' ? plainTextOf(content) : null,
    language: (body?.language ?? 'text') as CodeLanguage,
    version: body?.version ?? 0,
    savedAt: formatNoteTime(body?.updatedAt ?? source.updatedAt),
    bid: source.bagId,
    bagName: row.bagName,
    homepage: { id: homepage.id, code: homepage.code, title: homepage.title },
    private: source.isPrivate,
    may: { edit: editor, setPrivate: can(role, 'set-private') },
    /** Its homepage's look (theme, colour, skin), which its pages wear; `own`: the viewer's homepage. */
    page: { own: role === 'owner', look: homepageLook(homepage) },
  }
}

export type Writing = Awaited<ReturnType<typeof writingOf>>
