import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepageFollows, homepageMembers, homepages, notes, sources } from '#app/db/schema/index.ts'
import { NOTE_TEXT_MAX, NOTE_TEXT_MSG } from '#app/schemas/notes.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { createOwner, createUser, refusalOf as refusal } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import {
  createNotebookNote,
  createNotepadNote,
  deleteNote,
  emptyNotebookTrash,
  listNotebook,
  listNotepad,
  NOTE_BOOKMARK_NAME,
  NOTE_CONFLICT_CODE,
  NOTE_CONFLICT_MSG,
  NOTE_DELETED_MSG,
  notebookDetail,
  NOTEBOOK_PAGE_SIZE,
  notepadDetail,
  NOTES_NOT_PUBLIC,
  saveNote,
} from './notes.server.ts'
import { createNoteSource, deleteSourceForever, restoreSource, trashSources } from './source.server.ts'

const db = useTestDb()

/** The notes of one user (the test database is shared by the file's tests). */
const notesOf = (userId: number) => db().select().from(notes).where(eq(notes.userId, userId))

/** An owner with a public homepage and a note bookmark in its one category. */
async function ownerWithNotepad() {
  const owner = await createOwner(db(), ['读书'])
  await db().update(homepages).set({ isOpen: true }).where(eq(homepages.id, owner.homepageId))
  const notepad = await createNoteSource(db(), owner.user, { bid: owner.bids[0]!, remark: '读书笔记' })
  return { ...owner, bookmarkId: notepad.id }
}


describe('the notepad of a note bookmark', () => {
  test('the owner adds, titles and writes notes; the list shows each one’s summary, newest change first', async () => {
    const o = await ownerWithNotepad()
    const first = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    const second = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    expect(first).toMatchObject({ bookmarkId: o.bookmarkId, title: '', summary: '', content: '', version: 1 })
    const saved = await saveNote(db(), o.user, { noteId: first.id, title: '第一章', content: '<h2>开头</h2><p>很<strong>好</strong>看</p>', version: 1 })
    expect(saved).toMatchObject({ title: '第一章', summary: '开头 很好看', version: 2 })
    expect(saved.formatTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    expect(await notepadDetail(db(), o.user, first.id)).toMatchObject({ content: '<h2>开头</h2><p>很<strong>好</strong>看</p>', version: 2 })
    const list = await listNotepad(db(), o.user, o.bookmarkId, 'live')
    expect(list.map((n) => [n.id, n.title, n.summary])).toEqual([
      [first.id, '第一章', '开头 很好看'],
      [second.id, '', ''],
    ])
    expect(list[0]).not.toHaveProperty('content')
  })

  test('a notepad opened from a category creates its note bookmark with its first note, in one go', async () => {
    const owner = await createOwner(db(), ['读书'])
    const note = await createNotepadNote(db(), owner.user, { bid: owner.bids[0]! })
    const [bookmark] = await db().select().from(sources).where(eq(sources.id, note.bookmarkId!))
    expect(bookmark).toMatchObject({ type: 'note', name: NOTE_BOOKMARK_NAME, bagId: owner.bids[0] })
    // Refused (a manager may not add notes): neither the bookmark nor a note is left behind.
    const { user: manager } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId: owner.homepageId, userId: manager.id, permission: 'manager' })
    expect((await refusal(createNotepadNote(db(), manager, { bid: owner.bids[0]! }))).message).toBe(FORBIDDEN)
    expect(await db().select().from(sources).where(eq(sources.bagId, owner.bids[0]!))).toHaveLength(1)
    expect(await notesOf(owner.user.id)).toHaveLength(1)
  })

  test('anyone but the owner is told the notes are not public; a guest must sign in; a private homepage is not found', async () => {
    const o = await ownerWithNotepad()
    const note = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    await saveNote(db(), o.user, { noteId: note.id, content: '<p>秘密</p>' })
    const roles = { manager: (await createUser(db())).user, member: (await createUser(db())).user, follower: (await createUser(db())).user, visitor: (await createUser(db())).user }
    await db().insert(homepageMembers).values([
      { homepageId: o.homepageId, userId: roles.manager.id, permission: 'manager' },
      { homepageId: o.homepageId, userId: roles.member.id, permission: 'member' },
    ])
    await db().insert(homepageFollows).values({ homepageId: o.homepageId, userId: roles.follower.id })
    for (const user of Object.values(roles)) {
      expect((await refusal(listNotepad(db(), user, o.bookmarkId, 'live'))).message).toBe(NOTES_NOT_PUBLIC)
      expect((await refusal(notepadDetail(db(), user, note.id))).message).toBe(NOTES_NOT_PUBLIC)
      expect((await refusal(saveNote(db(), user, { noteId: note.id, content: '<p>改掉</p>' }))).message).toBe(NOTES_NOT_PUBLIC)
      expect((await refusal(deleteNote(db(), user, note.id, 'blank'))).message).toBe(NOTES_NOT_PUBLIC)
      expect((await refusal(createNotepadNote(db(), user, { bookmarkId: o.bookmarkId }))).message).toBe(NOTES_NOT_PUBLIC)
    }
    expect(await refusal(notepadDetail(db(), null, note.id))).toBeInstanceOf(NotSignedInError)
    await db().update(homepages).set({ isOpen: false }).where(eq(homepages.id, o.homepageId))
    expect((await refusal(notepadDetail(db(), roles.visitor, note.id))).message).toBe(NOT_FOUND)
    // Nothing any of them did changed the note.
    expect(await notepadDetail(db(), o.user, note.id)).toMatchObject({ content: '<p>秘密</p>', version: 2 })
  })

  test('the trash: deleted notes wait there, come back, and go for good only from there', async () => {
    const o = await ownerWithNotepad()
    const note = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    expect((await refusal(deleteNote(db(), o.user, note.id, 'hard'))).message).toBe(NOT_FOUND)
    expect(await deleteNote(db(), o.user, note.id, 'blank')).toBe(NOTE_DELETED_MSG)
    expect(await listNotepad(db(), o.user, o.bookmarkId, 'live')).toEqual([])
    expect((await listNotepad(db(), o.user, o.bookmarkId, 'trash')).map((n) => n.id)).toEqual([note.id])
    // A trashed note is neither read nor written until it is restored.
    expect((await refusal(notepadDetail(db(), o.user, note.id))).message).toBe(NOT_FOUND)
    expect((await refusal(saveNote(db(), o.user, { noteId: note.id, content: '<p>x</p>' }))).message).toBe(NOT_FOUND)
    await deleteNote(db(), o.user, note.id, 'restore')
    expect((await listNotepad(db(), o.user, o.bookmarkId, 'live')).map((n) => n.id)).toEqual([note.id])
    await deleteNote(db(), o.user, note.id, 'blank')
    await deleteNote(db(), o.user, note.id, 'hard')
    expect(await notesOf(o.user.id)).toEqual([])
  })

  test('the note bookmark’s trash hides its notes, its restore brings them back, its hard delete takes them', async () => {
    const o = await ownerWithNotepad()
    const note = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    await trashSources(db(), o.user, [o.bookmarkId])
    expect((await refusal(notepadDetail(db(), o.user, note.id))).message).toBe(NOT_FOUND)
    await restoreSource(db(), o.user, o.bookmarkId)
    expect((await notepadDetail(db(), o.user, note.id)).id).toBe(note.id)
    await trashSources(db(), o.user, [o.bookmarkId])
    await deleteSourceForever(db(), o.user, o.bookmarkId)
    expect(await notesOf(o.user.id)).toEqual([])
  })
})

describe('a save never loses an edit', () => {
  test('two editors on one version: the second save is refused with the note as it now is', async () => {
    const o = await ownerWithNotepad()
    const note = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    await saveNote(db(), o.user, { noteId: note.id, content: '<p>第一个标签页</p>', version: 1 })
    const refused = await refusal(saveNote(db(), o.user, { noteId: note.id, content: '<p>第二个标签页</p>', version: 1 }))
    expect(refused.message).toBe(NOTE_CONFLICT_MSG)
    expect(refused.code).toBe(NOTE_CONFLICT_CODE)
    expect(refused.data).toMatchObject({ id: note.id, content: '<p>第一个标签页</p>', version: 2 })
    // Keeping one's own text is a save over the version one has now seen.
    expect(await saveNote(db(), o.user, { noteId: note.id, content: '<p>第二个标签页</p>', version: 2 })).toMatchObject({ version: 3 })
  })

  test('concurrent saves over one version: exactly one is kept', async () => {
    const o = await ownerWithNotepad()
    const note = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    const results = await Promise.allSettled(['<p>甲</p>', '<p>乙</p>', '<p>丙</p>'].map((content) => saveNote(db(), o.user, { noteId: note.id, content, version: 1 })))
    const kept = results.filter((r) => r.status === 'fulfilled')
    expect(kept).toHaveLength(1)
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([NOTE_CONFLICT_MSG, NOTE_CONFLICT_MSG])
    expect((await notepadDetail(db(), o.user, note.id)).version).toBe(2)
  })

  test('what is stored is sanitised, and a note holds at most 10,000 characters of text', async () => {
    const o = await ownerWithNotepad()
    const note = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    const saved = await saveNote(db(), o.user, { noteId: note.id, content: '<p onclick="alert(1)">好<script>alert(1)</script></p><img src=x onerror=alert(1)>' })
    expect(saved).toMatchObject({ content: '<p>好</p>' })
    const longest = `<p>${'字'.repeat(NOTE_TEXT_MAX)}</p>`
    expect(await saveNote(db(), o.user, { noteId: note.id, content: longest })).toMatchObject({ content: longest })
    const refused = await refusal(saveNote(db(), o.user, { noteId: note.id, content: `<p>${'字'.repeat(NOTE_TEXT_MAX + 1)}</p>` }))
    expect(refused.message).toBe(NOTE_TEXT_MSG)
    expect((await notepadDetail(db(), o.user, note.id)).content).toBe(longest)
  })
})

describe('the global notebook', () => {
  test('notes of one’s own, 20 a page with next_load, newest change first; another user’s are not found', async () => {
    const { user } = await createUser(db())
    const { user: other } = await createUser(db())
    const created: Awaited<ReturnType<typeof createNotebookNote>>[] = []
    for (let i = 0; i < NOTEBOOK_PAGE_SIZE + 1; i++) created.push(await createNotebookNote(db(), user, { title: `笔记${i}` }))
    const first = await listNotebook(db(), user, { page: 1, type: 'live' })
    expect(first.lists).toHaveLength(NOTEBOOK_PAGE_SIZE)
    expect(first.next_load).toBe(true)
    expect(first.lists[0]!.note_id).toBe(created.at(-1)!.note_id)
    const second = await listNotebook(db(), user, { page: 2, type: 'live' })
    expect(second).toMatchObject({ next_load: false, lists: [{ note_id: created[0]!.note_id }] })
    expect((await listNotebook(db(), other, { page: 1, type: 'live' })).lists).toEqual([])
    // One at a time: a refusal not yet awaited would be an unhandled rejection.
    for (const attempt of [
      () => notebookDetail(db(), other, created[0]!.note_id),
      () => saveNote(db(), other, { noteId: created[0]!.note_id, content: '<p>x</p>' }),
      () => deleteNote(db(), other, created[0]!.note_id, 'blank'),
    ]) {
      expect((await refusal(attempt())).message).toBe(NOT_FOUND)
    }
    expect(await refusal(listNotebook(db(), null, { page: 1, type: 'live' }))).toBeInstanceOf(NotSignedInError)
  })

  test('a note keeps the page it was written from, its text and version; the trash empties only the notebook’s trashed notes', async () => {
    const o = await ownerWithNotepad()
    const pad = await createNotepadNote(db(), o.user, { bookmarkId: o.bookmarkId })
    await deleteNote(db(), o.user, pad.id, 'blank')
    const note = await createNotebookNote(db(), o.user, { title: '想法', url: 'https://example.com/a', content: '<p>记下</p>' })
    expect(note).toMatchObject({ title: '想法', url: 'https://example.com/a', note: '<p>记下</p>', extract: '记下', version: 1 })
    expect(await saveNote(db(), o.user, { noteId: note.note_id, content: '<p>改了</p>', version: 1 })).toMatchObject({ note: '<p>改了</p>', version: 2 })
    expect(await notebookDetail(db(), o.user, note.note_id)).toMatchObject({ note: '<p>改了</p>', url: 'https://example.com/a' })
    const kept = await createNotebookNote(db(), o.user, {})
    await deleteNote(db(), o.user, note.note_id, 'blank')
    expect((await listNotebook(db(), o.user, { page: 1, type: 'trash' })).lists.map((n) => n.note_id)).toEqual([note.note_id])
    expect(await emptyNotebookTrash(db(), o.user)).toBe(1)
    expect((await notesOf(o.user.id)).map((r) => r.id).sort()).toEqual([pad.id, kept.note_id].sort())
  })
})
