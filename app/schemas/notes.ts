import { LinkUrl } from './content.ts'
import { ObjectId } from './ids.ts'
import { nameText } from './text.ts'
import { z } from './zod.ts'

/**
 * Notes (spec §3 Notepad / Notebook note, §5, §9): what a save may carry. Isomorphic: the editor
 * checks the same limits. The content is HTML the server sanitises (app/notes/sanitize.server.ts);
 * its limits are checked there, on what is kept.
 */

export const NOTE_TITLE_MAX = 50
export const NOTE_TITLE_MSG = '便签标题不能超过50个字'
/** The counter turns red above 9,500 (spec §9); a note holds at most 10,000 characters of text. */
export const NOTE_TEXT_MAX = 10_000
export const NOTE_TEXT_WARN = 9_500
export const NOTE_TEXT_MSG = '内容不能超过10000个字'
/** The stored HTML of a note at its longest (10,000 characters with their formatting, images by address). */
export const NOTE_HTML_MAX = 200_000
/** Spec §8: what an empty title shows. */
export const UNTITLED_NOTE = '[ 没有文字 ]'

const noteId = ObjectId
const title = nameText({ max: NOTE_TITLE_MAX, tooLong: NOTE_TITLE_MSG })
const content = z.string({ error: NOTE_TEXT_MSG }).max(NOTE_HTML_MAX, NOTE_TEXT_MSG)
/** The version the edit was based on; absent, the save is last-writer-wins (legacy clients). */
const version = z.coerce.number({ error: '参数错误' }).int().min(1).max(2_147_483_647).optional()

export const NoteSaveSchema = z.object({ noteId, title: title.optional(), content: content.optional(), version })
export type NoteSaveInput = z.infer<typeof NoteSaveSchema>

/** Where a notebook note was written from: an http(s) page, or nothing. */
const sourcePage = z.preprocess((v) => (v === '' || v === null ? undefined : v), LinkUrl.optional())

export const NotebookCreateSchema = z.object({ title: title.optional(), url: sourcePage, content: content.optional() })
export type NotebookCreateInput = z.infer<typeof NotebookCreateSchema>

/** The trash of notes: to the trash (blank), back (restore), for good (hard), every trashed note for good (empty). */
export const NOTE_DELETE_TYPES = ['blank', 'restore', 'hard', 'empty'] as const
export type NoteDeleteType = (typeof NOTE_DELETE_TYPES)[number]
const blankIsTrash = (v: unknown) => (v === undefined || v === null || v === '' ? 'blank' : v)
export const NoteDeleteType = z.preprocess(blankIsTrash, z.enum(NOTE_DELETE_TYPES, { error: '参数错误' }))
/** One note at a time: the notepad's trash popover has no 清空. */
export const OneNoteDeleteType = z.preprocess(blankIsTrash, z.enum(['blank', 'restore', 'hard'], { error: '参数错误' }))

/** A list of notes: the live ones, or the trash. */
export const NoteListType = z.preprocess((v) => (v === 'trash' || v === '1' || v === 1 ? 'trash' : 'live'), z.enum(['live', 'trash']))

const kind = z.enum(['notepad', 'notebook'], { error: '参数错误' })
const optionalId = z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), ObjectId.optional())

/**
 * A note's form on the page (without JavaScript): which workspace it is in, and whether the
 * textarea held the note's text or its HTML (components/notes/types.ts OpenNote.plain); `keep`,
 * the version that came in meanwhile, is 保留我的 after a conflict.
 */
export const NoteFormSchema = NoteSaveSchema.extend({
  kind,
  format: z.enum(['text', 'html']).catch('html'),
  keep: version,
  bookmarkId: optionalId,
})

/** The one-click note forms: add (to a notepad, a new one in category `bid`, or the notebook) and delete. */
export const NoteActionSchema = z.object({ kind, noteId: ObjectId, type: OneNoteDeleteType, bookmarkId: optionalId, bid: optionalId, parentId: optionalId })

/** The languages a code snippet may be written in (its highlighting: app/notes/highlight.server.ts). */
export const CODE_LANGUAGES = [
  { id: 'text', name: '纯文本' },
  { id: 'javascript', name: 'JavaScript' },
  { id: 'typescript', name: 'TypeScript' },
  { id: 'html', name: 'HTML' },
  { id: 'css', name: 'CSS' },
  { id: 'json', name: 'JSON' },
  { id: 'python', name: 'Python' },
  { id: 'java', name: 'Java' },
  { id: 'go', name: 'Go' },
  { id: 'rust', name: 'Rust' },
  { id: 'c', name: 'C' },
  { id: 'cpp', name: 'C++' },
  { id: 'csharp', name: 'C#' },
  { id: 'php', name: 'PHP' },
  { id: 'ruby', name: 'Ruby' },
  { id: 'shellscript', name: 'Shell' },
  { id: 'sql', name: 'SQL' },
  { id: 'yaml', name: 'YAML' },
  { id: 'markdown', name: 'Markdown' },
  { id: 'xml', name: 'XML' },
] as const
export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['id']
export const CODE_MAX = 50_000
export const CODE_MAX_MSG = '代码不能超过50000个字符'
export const WRITING_TITLE_MSG = '请输入标题'

const writingTitle = nameText({ required: WRITING_TITLE_MSG, max: 100, tooLong: '标题不能超过100个字' })

/** A blog post (/blog/write): new in category `bid` (a folder: `parentId`), or post `id` edited. */
export const PostFormSchema = z.object({
  id: optionalId,
  bid: optionalId,
  parentId: optionalId,
  title: writingTitle,
  content: z.string().max(NOTE_HTML_MAX, NOTE_TEXT_MSG).optional(),
  format: z.enum(['text', 'html']).catch('html'),
  version,
  keep: version,
})

/** A code snippet (/editor/code): new in category `cid` (a folder: `parentId`), or snippet `id` edited. */
export const CodeFormSchema = z.object({
  id: optionalId,
  cid: optionalId,
  parentId: optionalId,
  title: writingTitle,
  language: z.enum(CODE_LANGUAGES.map((l) => l.id) as [CodeLanguage, ...CodeLanguage[]]).catch('text'),
  code: z.string().max(CODE_MAX, CODE_MAX_MSG).optional(),
  version,
  keep: version,
})
export type PostFormInput = z.infer<typeof PostFormSchema>
export type CodeFormInput = z.infer<typeof CodeFormSchema>
