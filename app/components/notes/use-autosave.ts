import { useCallback, useEffect, useRef, useState } from 'react'
import type { OpenNote } from './types.ts'

/**
 * The editor's saving (issue 23 "no lost edit"): a save after a pause in typing (spec §9: the
 * notepad 1 s, the notebook 1.5 s), one at a time, each naming the version it was based on. Someone
 * else's save in between comes back as a conflict with their text (keep mine / take theirs); a
 * failed request is tried again, later and later, and says so; leaving with unsaved text warns.
 */

export type SaveState = {
  status: 'saved' | 'dirty' | 'saving' | 'retrying' | 'conflict' | 'refused'
  savedAt: string
  /** Characters of text (spaces not counted), for the counter. */
  chars: number
  /** Why a save was refused (a rule: too long). */
  message: string
  /** What someone else saved, when a save came after theirs. */
  theirs: { content: string; version: number } | null
}

/** What the editor gives the saver: its HTML now, and a way to load other HTML (take theirs). */
export type EditorHandle = { html: () => string; load: (html: string) => void }

type Answer = { code: number; msg: string; data: { content?: string; note?: string; version: number; formatTime?: string; update_time?: string } | null }

const DELAYS = { notepad: 1000, notebook: 1500 }
const RETRY_MAX_MS = 30_000

export function useAutosave({ kind, note, titleOf }: { kind: 'notepad' | 'notebook'; note: OpenNote; titleOf: () => string }) {
  const [state, setState] = useState<SaveState>({ status: 'saved', savedAt: note.savedAt, chars: 0, message: '', theirs: null })
  const version = useRef(note.version)
  const editor = useRef<EditorHandle | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const busy = useRef(false)
  /** Changes made since the save in flight was sent. */
  const pending = useRef(false)
  const retryMs = useRef(0)
  const status = useRef<SaveState['status']>('saved')
  const set = useCallback((patch: Partial<SaveState>) => {
    if (patch.status) status.current = patch.status
    setState((s) => ({ ...s, ...patch }))
  }, [])

  // The form's title as it is now: read when a save is sent (the form hands a new function each render).
  const title = useRef(titleOf)
  title.current = titleOf

  /** The save call of this note's kind (docs/api.md §28). `keepalive`: it may outlive the page. */
  const post = useCallback(
    (content: string, over: number, keepalive = false) => {
      const body = JSON.stringify(
        kind === 'notepad' ? { noteId: note.id, title: title.current(), content, version: over } : { note_id: note.id, note: content, title: title.current(), version: over },
      )
      // Browsers take at most 64 KB in requests that outlive the page.
      return fetch(`/api/${kind}/save`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
        keepalive: keepalive && new TextEncoder().encode(body).length < 60_000,
      })
    },
    [kind, note.id],
  )

  const save = useCallback(
    async (over = version.current) => {
      clearTimeout(timer.current)
      if (!editor.current || status.current === 'conflict') return
      if (busy.current) {
        pending.current = true
        return
      }
      busy.current = true
      pending.current = false
      set({ status: 'saving' })
      let answer: Answer | null = null
      try {
        const response = await post(editor.current.html(), over)
        // A server that is restarting answers 502/503 without our envelope: tried again.
        if (response.status < 500 && response.headers.get('Content-Type')?.includes('json')) answer = (await response.json()) as Answer
      } catch {
        answer = null
      } finally {
        busy.current = false
      }
      if (!answer) {
        retryMs.current = Math.min(RETRY_MAX_MS, retryMs.current ? retryMs.current * 2 : 2000)
        set({ status: 'retrying' })
        timer.current = setTimeout(() => void save(), retryMs.current)
        return
      }
      retryMs.current = 0
      if (answer.code === 1 && answer.data) {
        version.current = answer.data.version
        set({ status: pending.current ? 'dirty' : 'saved', savedAt: answer.data.formatTime ?? '', message: '', theirs: null })
        if (pending.current) timer.current = setTimeout(() => void save(), DELAYS[kind])
      } else if (answer.code === 2 && answer.data) {
        set({ status: 'conflict', theirs: { content: answer.data.content ?? answer.data.note ?? '', version: answer.data.version } })
      } else {
        set({ status: 'refused', message: answer.msg })
      }
    },
    [kind, post, set],
  )

  /** Something changed: save after the pause (a conflict waits for the writer's choice). */
  const changed = useCallback(
    (chars?: number) => {
      if (chars !== undefined) setState((s) => ({ ...s, chars }))
      if (status.current === 'conflict') return
      set({ status: busy.current ? 'saving' : 'dirty' })
      if (busy.current) pending.current = true
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void save(), DELAYS[kind])
    },
    [kind, save, set],
  )

  // Unsaved text: the browser asks before the tab closes or the page is left.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (status.current === 'saved') return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])

  // The form going away (another note opened, the dialog closed, the page reloaded its data) with
  // text not yet saved: sent now, over the version it was based on (a conflict is then shown on
  // the next save; nothing is lost). The editor's HTML is read as the form goes, while it is there.
  const latestPost = useRef(post)
  latestPost.current = post
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      if (status.current !== 'dirty' && status.current !== 'retrying') return
      let html: string | undefined
      try {
        html = editor.current?.html()
      } catch {
        return
      }
      if (html !== undefined) void latestPost.current(html, version.current, true).catch(() => {})
    },
    [],
  )

  return {
    state,
    changed,
    attach: useCallback((handle: EditorHandle, chars: number) => {
      editor.current = handle
      setState((s) => ({ ...s, chars }))
    }, []),
    saveNow: () => void save(),
    /** 保留我的: my text over the version that came in meanwhile. */
    keepMine: () => {
      const theirs = state.theirs
      if (!theirs) return
      set({ status: 'dirty', theirs: null })
      void save(theirs.version)
    },
    /** 采用对方的: their text in the editor; nothing to save. */
    takeTheirs: () => {
      const theirs = state.theirs
      if (!theirs) return
      version.current = theirs.version
      editor.current?.load(theirs.content)
      set({ status: 'saved', theirs: null })
    },
  }
}

export type Saver = ReturnType<typeof useAutosave>
