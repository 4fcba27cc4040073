import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import { can } from '#app/auth/permissions.ts'
import { dialogHref } from '#app/components/manage/dialog-href.ts'
import type { NoteListItem, NotesDialogData, OpenNote } from '#app/components/notes/types.ts'
import { plainTextOf, textToNoteHtml } from '#app/notes/plain-text.server.ts'
import { NoteActionSchema, NoteFormSchema } from '#app/schemas/notes.ts'
import { bagOn, folderIn, sourceOn } from '#app/services/homepage-objects.server.ts'
import {
  createNotebookNote,
  createNotepadNote,
  deleteNote,
  emptyNotebookTrash,
  formatNoteTime,
  listNotebook,
  listNotepad,
  NOTE_CONFLICT_CODE,
  NOTE_SAVED_MSG,
  notebookDetail,
  notepadDetail,
  saveNote,
} from '#app/services/notes.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { clickIntent, dialog, type DialogContext, family, type FormEdge, loginHref, showFormAgain } from './family.server.ts'

/**
 * The notepad of a note bookmark (`?dialog=notepad&id=<bookmark>`, or `&bid=` for one whose
 * bookmark its first note creates) and the global notebook (`?dialog=notebook`); `&note=` opens a
 * note, `&tab=trash` lists the trash. Both are the same workspace (components/notes/): a list and
 * the open note's form, which saves without JavaScript and autosaves with it (the /api calls).
 */

type Notepad = Extract<NotesDialogData, { dialog: 'notepad' }>
type Notebook = Extract<NotesDialogData, { dialog: 'notebook' }>

const tabOf = (ctx: DialogContext): 'live' | 'trash' => (ctx.url.searchParams.get('tab') === 'trash' ? 'trash' : 'live')

function openNote(note: { id: number; title: string; content: string; version: number; url?: string }, savedAt: string): OpenNote {
  return { id: note.id, title: note.title, content: note.content, plain: plainTextOf(note.content), version: note.version, savedAt, url: note.url ?? '' }
}

/** The note asked for when it is in the list shown, else the list's first (a note just trashed gives way). */
const pick = (notes: NoteListItem[], asked: number | undefined) => (notes.find((n) => n.id === asked) ?? notes[0])?.id

async function loadNotepad(ctx: DialogContext): Promise<Notepad> {
  const { db, user, resolved, id } = ctx
  const homepageId = resolved.homepage.id
  const tab = tabOf(ctx)
  const empty = { dialog: 'notepad' as const, tab, notes: [] as NoteListItem[], open: null }
  const bookmarkId = id('id')
  if (!bookmarkId) {
    // A new notepad: its bookmark is created with its first note (the owner's: spec §6).
    const bag = await bagOn(db, user, homepageId, id('bid'))
    const folder = await folderIn(db, user, homepageId, bag.id, id('parentLinkId') ?? id('parentId'))
    if (!can(resolved.role, 'add-note')) throw new DomainError('您没有权限执行此操作')
    return { ...empty, bookmark: null, place: { bid: bag.id, parentId: folder?.id ?? null }, notPublic: false }
  }
  const source = await sourceOn(db, user, homepageId, bookmarkId, ['note'])
  const bookmark = { id: source.id, name: source.name, private: source.isOnlyOwnView === '1' }
  const place = { bid: source.bid, parentId: source.parentLinkId ?? null }
  if (!can(resolved.role, 'edit-notes')) return { ...empty, bookmark, place, notPublic: true }
  const notes = await listNotepad(db, user, bookmarkId, tab)
  const asked = pick(notes, id('note'))
  return {
    ...empty,
    bookmark,
    place,
    notPublic: false,
    notes,
    open: asked && tab === 'live' ? await notepadDetail(db, user, asked).then((n) => openNote(n, formatNoteTime(new Date(n.updateTime)))) : null,
  }
}

async function loadNotebook(ctx: DialogContext): Promise<Notebook> {
  const { db, user, id, page } = ctx
  const tab = tabOf(ctx)
  // 加载更多 without JavaScript: pages 1…n in one list.
  const pages = Math.min(page(), 50)
  const notes: NoteListItem[] = []
  let more = false
  for (let p = 1; p <= pages; p++) {
    const { lists, next_load } = await listNotebook(db, user, { page: p, type: tab })
    notes.push(...lists.map((n) => ({ id: n.note_id, title: n.title, summary: n.extract, updateTime: n.update_time })))
    more = next_load
    if (!more) break
  }
  const asked = pick(notes, id('note'))
  const open = asked && tab === 'live' ? await notebookDetail(db, user, asked) : null
  return {
    dialog: 'notebook' as const,
    tab,
    notes,
    page: pages,
    more,
    open: open ? openNote({ id: open.note_id, title: open.title, content: open.note, version: open.version, url: open.url }, open.update_time) : null,
  }
}

/** The dialog a note form came from, with the note to open after it. */
function noteHref(edge: FormEdge, kind: 'notepad' | 'notebook', note: number | undefined, bookmarkId?: number | null) {
  return kind === 'notepad' ? dialogHref(edge.page, 'notepad', { id: bookmarkId ?? undefined, note }) : dialogHref(edge.page, 'notebook', { note })
}

async function saveNoteForm(edge: FormEdge) {
  const submission = parseWithZod(edge.formData, { schema: NoteFormSchema })
  if (submission.status !== 'success') return showFormAgain(edge.formDialog, submission.reply())
  const { kind, format, keep, bookmarkId, ...value } = submission.value
  // A field sent empty is an emptied one (Conform reads '' as absent).
  const sent = (name: string, parsed: string | undefined) => parsed ?? (edge.formData.has(name) ? '' : undefined)
  const title = sent('title', value.title)
  const written = sent('content', value.content)
  try {
    const content = written === undefined || format === 'html' ? written : textToNoteHtml(written)
    // 保留我的 after a conflict: over the version that came in meanwhile.
    await saveNote(edge.db, edge.user, { ...value, title, content, version: keep ?? value.version })
    return edge.done(NOTE_SAVED_MSG, noteHref(edge, kind, value.noteId, bookmarkId))
  } catch (error) {
    if (error instanceof NotSignedInError) return redirect(loginHref(edge.page))
    if (!(error instanceof DomainError)) throw error
    // A conflict is the form's own message: the view shows both texts (the stored one from the loader).
    const errors = error.code === NOTE_CONFLICT_CODE || !error.field ? { formErrors: [error.message] } : { fieldErrors: { [error.field]: [error.message] } }
    return showFormAgain(edge.formDialog, submission.reply(errors))
  }
}

export const notesFamily = family({
  dialogs: {
    notepad: dialog<'notepad'>({ capability: 'view', keepsOpen: true, load: loadNotepad }),
    notebook: dialog<'notebook'>({ capability: 'view', keepsOpen: true, load: loadNotebook }),
  },
  intents: {
    'note-save': { dialog: 'notebook', handle: saveNoteForm },
    // 添加便签 / 新建笔记: a new empty note, opened.
    'note-add': clickIntent({
      schema: NoteActionSchema.pick({ kind: true, bookmarkId: true, bid: true, parentId: true }),
      run: async ({ kind, bookmarkId, bid, parentId }, edge) => {
        if (kind === 'notebook') {
          const note = await createNotebookNote(edge.db, edge.user, {})
          return { msg: '已新建笔记', to: dialogHref(edge.page, 'notebook', { note: note.note_id }) }
        }
        const place = bookmarkId ? { bookmarkId } : { bid: bid ?? 0, parentId }
        const note = await createNotepadNote(edge.db, edge.user, place)
        return { msg: '已添加便签', to: dialogHref(edge.page, 'notepad', { id: note.bookmarkId ?? undefined, note: note.id }) }
      },
    }),
    // To the trash, back, or for good; the notebook's trash emptied.
    'note-delete': clickIntent({
      schema: NoteActionSchema.pick({ noteId: true, type: true }),
      run: ({ noteId, type }, { db, user }) => deleteNote(db, user, noteId, type),
    }),
    'note-empty-trash': clickIntent({
      schema: NoteActionSchema.pick({}),
      run: async (_, { db, user }) => `已清空回收站（${await emptyNotebookTrash(db, user)} 条）`,
    }),
  },
})
