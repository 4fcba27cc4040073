import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { can } from '#app/auth/permissions.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { notes, sources, type Note } from '#app/db/schema/index.ts'
import { noteExtract, noteText, sanitizeNoteHtml } from '#app/notes/sanitize.server.ts'
import { DEFAULT_TIME_ZONE } from '#app/utils/clock.ts'
import { NOTE_TEXT_MAX, NOTE_TEXT_MSG, type NoteDeleteType, type NotebookCreateInput, type NoteSaveInput } from '#app/schemas/notes.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, homepageAccess, lockUser, NOT_FOUND } from './access.server.ts'
import { insertNoteSource } from './source.server.ts'

/**
 * Notes (spec §3, §6, §7): the notepad of a note bookmark, its homepage owner's alone, and each
 * user's global notebook. Every write is sanitised here, on both edges (pages and /api), and
 * every save names the version it was based on: a save based on an older one is refused with
 * the note as it now is, so two tabs never silently overwrite each other.
 */

export const NOTE_DELETED_MSG = '删除成功，您可以在便签右上角【回收站】恢复便签~'
export const NOTE_RESTORED_MSG = '便签已恢复'
export const NOTE_DESTROYED_MSG = '便签已永久删除'
export const NOTE_SAVED_MSG = '已保存'
/** Spec §6: what everyone but the owner is told about a notepad. */
export const NOTES_NOT_PUBLIC = '便签内容未对互联网用户公开'
export const NOTE_CONFLICT_MSG = '这条便签已在别处修改，请选择保留哪一份'
/** The /api code of a save that came too late; `data` is the note as it now is. */
export const NOTE_CONFLICT_CODE = 2
export const NOTEPAD_MAX = 100
export const NOTEPAD_FULL_MSG = '每个便签本最多100条便签'
export const NOTEBOOK_MAX = 2000
export const NOTEBOOK_FULL_MSG = '笔记最多2000条，请先清理回收站或删除不用的笔记'
export const NOTEBOOK_PAGE_SIZE = 20
/** The name a note bookmark gets when its notepad's first note creates it. */
export const NOTE_BOOKMARK_NAME = '便签'

const TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: DEFAULT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
/** A save's time as people in China read it: 2026-11-29 11:40:00. */
export const formatNoteTime = (at: Date) => TIME.format(at)

/** A notepad note as its list and its detail show it (spec §3 Notepad note). */
export function notepadView(row: Note) {
  return {
    id: row.id,
    bookmarkId: row.sourceId,
    title: row.title,
    summary: row.extract,
    content: row.content,
    version: row.version,
    updateTime: row.updatedAt.toISOString(),
    createTime: row.createdAt.toISOString(),
  }
}

/** A notebook note (spec §3 Notebook note). */
export function notebookView(row: Note) {
  return {
    note_id: row.id,
    title: row.title,
    extract: row.extract,
    note: row.content,
    url: row.url,
    version: row.version,
    create_time: formatNoteTime(row.createdAt),
    update_time: formatNoteTime(row.updatedAt),
  }
}

const viewOf = (row: Note) => (row.kind === 'notebook' ? notebookView(row) : notepadView(row))

function signedIn(actor: Actor) {
  if (!actor) throw new NotSignedInError()
  return actor
}

/** The live note bookmark whose notepad the actor may read and write: only its homepage's owner. */
async function notepadOf(db: Db | Tx, actor: Actor, sourceId: number, lock = false) {
  const user = signedIn(actor)
  const query = db
    .select({ id: sources.id, homepageId: sources.homepageId, type: sources.type })
    .from(sources)
    .where(and(eq(sources.id, sourceId), isNull(sources.deletedAt)))
  const [source] = lock ? await query.for('update') : await query
  if (!source || source.type !== 'note') throw new DomainError(NOT_FOUND)
  const { role } = await homepageAccess(db, user, source.homepageId)
  if (!can(role, 'edit-notes')) throw new DomainError(NOTES_NOT_PUBLIC)
  return { source, user }
}

/** A note the actor may write, trashed or not: one of their notebook's, or one of a notepad they own. */
async function writableNote(db: Db | Tx, actor: Actor, noteId: number) {
  const user = signedIn(actor)
  const [row] = await db.select().from(notes).where(eq(notes.id, noteId)).limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  if (row.kind === 'notebook') {
    if (row.userId !== user.id) throw new DomainError(NOT_FOUND)
  } else {
    await notepadOf(db, user, row.sourceId!)
  }
  return row
}

const liveNote = async (db: Db | Tx, actor: Actor, noteId: number) => {
  const row = await writableNote(db, actor, noteId)
  if (row.deletedAt) throw new DomainError(NOT_FOUND)
  return row
}

/** What a note keeps of written HTML: the sanitiser's allow-list, at most NOTE_TEXT_MAX characters of text. */
export function storedNoteContent(html: string) {
  const content = sanitizeNoteHtml(html)
  if ([...noteText(content)].length > NOTE_TEXT_MAX) throw new DomainError(NOTE_TEXT_MSG, { field: 'content' })
  return content
}

/** A save that came after another one: refused with the text as it now is. */
export function noteConflict(row: Note, message = NOTE_CONFLICT_MSG): never {
  throw new DomainError(message, { code: NOTE_CONFLICT_CODE, field: 'content', data: viewOf(row) })
}

// ---------------------------------------------------------------- the notepad of a note bookmark

export async function listNotepad(db: Db, actor: Actor, bookmarkId: number, type: 'live' | 'trash') {
  await notepadOf(db, actor, bookmarkId)
  const rows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.sourceId, bookmarkId), type === 'trash' ? isNotNull(notes.deletedAt) : isNull(notes.deletedAt)))
    .orderBy(desc(notes.updatedAt), desc(notes.id))
  return rows.map((row) => {
    const { content: _, ...item } = notepadView(row)
    return item
  })
}

export async function notepadDetail(db: Db, actor: Actor, noteId: number) {
  const row = await liveNote(db, actor, noteId)
  if (row.kind !== 'notepad') throw new DomainError(NOT_FOUND)
  return notepadView(row)
}

/**
 * A new, empty note in a notepad. Without a bookmark yet (the notepad opened from a category's
 * 添加 menu), the note bookmark is created with it, in one transaction (spec §4: lazily).
 */
export async function createNotepadNote(db: Db, actor: Actor, place: { bookmarkId: number } | { bid: number; parentId?: number }) {
  return db.transaction(async (tx) => {
    const bookmarkId =
      'bookmarkId' in place ? place.bookmarkId : (await insertNoteSource(tx, actor, { bid: place.bid, parentId: place.parentId, remark: NOTE_BOOKMARK_NAME })).id
    // The bookmark's row, locked, serialises two adds to one notepad for its limit.
    const { user } = await notepadOf(tx, actor, bookmarkId, true)
    const [held] = await tx.select({ n: count() }).from(notes).where(eq(notes.sourceId, bookmarkId))
    if (held!.n >= NOTEPAD_MAX) throw new DomainError(NOTEPAD_FULL_MSG)
    const [row] = await tx.insert(notes).values({ userId: user.id, kind: 'notepad', sourceId: bookmarkId }).returning()
    return notepadView(row!)
  })
}

// ---------------------------------------------------------------- the global notebook

export async function listNotebook(db: Db, actor: Actor, { page, type }: { page: number; type: 'live' | 'trash' }) {
  const user = signedIn(actor)
  const rows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, user.id), eq(notes.kind, 'notebook'), type === 'trash' ? isNotNull(notes.deletedAt) : isNull(notes.deletedAt)))
    .orderBy(desc(notes.updatedAt), desc(notes.id))
    .limit(NOTEBOOK_PAGE_SIZE + 1)
    .offset((page - 1) * NOTEBOOK_PAGE_SIZE)
  return {
    lists: rows.slice(0, NOTEBOOK_PAGE_SIZE).map((row) => {
      const { note: _, ...item } = notebookView(row)
      return item
    }),
    next_load: rows.length > NOTEBOOK_PAGE_SIZE,
  }
}

export async function notebookDetail(db: Db, actor: Actor, noteId: number) {
  const row = await liveNote(db, actor, noteId)
  if (row.kind !== 'notebook') throw new DomainError(NOT_FOUND)
  return notebookView(row)
}

export async function createNotebookNote(db: Db, actor: Actor, input: NotebookCreateInput) {
  const user = signedIn(actor)
  const content = storedNoteContent(input.content ?? '')
  return db.transaction(async (tx) => {
    // The user's row, locked, serialises two adds for the limit.
    await lockUser(tx, user.id)
    const [held] = await tx
      .select({ n: count() })
      .from(notes)
      .where(and(eq(notes.userId, user.id), eq(notes.kind, 'notebook')))
    if (held!.n >= NOTEBOOK_MAX) throw new DomainError(NOTEBOOK_FULL_MSG)
    const [row] = await tx
      .insert(notes)
      .values({ userId: user.id, kind: 'notebook', title: input.title ?? '', url: input.url ?? '', content, extract: noteExtract(content) })
      .returning()
    return notebookView(row!)
  })
}

// ---------------------------------------------------------------- both

/**
 * Saves a note's title and/or content. With `version`, only over that version: a save that came
 * after another one (a second tab, a stale autosave) is refused with the note as it now is.
 */
export async function saveNote(db: Db, actor: Actor, input: NoteSaveInput) {
  const content = input.content === undefined ? undefined : storedNoteContent(input.content)
  return db.transaction(async (tx) => {
    const row = await liveNote(tx, actor, input.noteId)
    if (input.version !== undefined && input.version !== row.version) noteConflict(row)
    const changes = { title: input.title ?? row.title, content: content ?? row.content }
    const [saved] = await tx
      .update(notes)
      .set({ ...changes, extract: noteExtract(changes.content), version: sql`${notes.version} + 1`, updatedAt: new Date() })
      // Another save between the read and this write has moved the version on: refused too.
      .where(and(eq(notes.id, row.id), eq(notes.version, row.version)))
      .returning()
    if (!saved) noteConflict((await tx.select().from(notes).where(eq(notes.id, row.id)))[0]!)
    return { ...viewOf(saved), time: saved.updatedAt.getTime(), formatTime: formatNoteTime(saved.updatedAt) }
  })
}

/** To the trash (blank), back from it (restore), or out of it for good (hard). */
export async function deleteNote(db: Db, actor: Actor, noteId: number, type: Exclude<NoteDeleteType, 'empty'>) {
  return db.transaction(async (tx) => {
    const row = await writableNote(tx, actor, noteId)
    if ((type === 'blank') !== !row.deletedAt) throw new DomainError(NOT_FOUND)
    if (type === 'hard') {
      await tx.delete(notes).where(eq(notes.id, row.id))
      return NOTE_DESTROYED_MSG
    }
    await tx
      .update(notes)
      .set({ deletedAt: type === 'blank' ? new Date() : null })
      .where(eq(notes.id, row.id))
    return type === 'blank' ? NOTE_DELETED_MSG : NOTE_RESTORED_MSG
  })
}

/** Empties the notebook's trash; answers how many notes went. */
export async function emptyNotebookTrash(db: Db, actor: Actor) {
  const user = signedIn(actor)
  const gone = await db
    .delete(notes)
    .where(and(eq(notes.userId, user.id), eq(notes.kind, 'notebook'), isNotNull(notes.deletedAt)))
    .returning({ id: notes.id })
  return gone.length
}
