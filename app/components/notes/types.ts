/**
 * What the notes dialogs (app/dialogs/notes.server.ts) hand the page: the notepad of a note
 * bookmark and the global notebook share one workspace (a list of notes, the open one's editor).
 * Isomorphic and type-only.
 */

/** A note in the list: its title, the first words of its text, when it last changed. */
export type NoteListItem = { id: number; title: string; summary: string; updateTime: string }

/** The open note. */
export type OpenNote = {
  id: number
  title: string
  /** Its stored (sanitised) HTML: what the editor loads and what a page shows. */
  content: string
  /**
   * Its text when it is nothing but paragraphs of text: without JavaScript the form edits that,
   * else it edits the HTML (so no formatting is lost by a save from a plain form).
   */
  plain: string | null
  version: number
  /** 2026-11-29 11:40:00, China time. */
  savedAt: string
  /** The notebook: the page it was written from. */
  url: string
}

export type NotesDialogData =
  | {
      dialog: 'notepad'
      /** The note bookmark; null while it does not exist yet (a notepad opened from a category, created by its first note). */
      bookmark: { id: number; name: string; private: boolean } | null
      /** Where a new notepad's bookmark goes. */
      place: { bid: number; parentId: number | null }
      /** Not the homepage's owner: the notes are not public (spec §6), nothing else is shown. */
      notPublic: boolean
      tab: 'live' | 'trash'
      notes: NoteListItem[]
      open: OpenNote | null
    }
  | {
      dialog: 'notebook'
      tab: 'live' | 'trash'
      notes: NoteListItem[]
      page: number
      /** More notes after this page (加载更多). */
      more: boolean
      open: OpenNote | null
    }
