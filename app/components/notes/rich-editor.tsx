import { Image } from '@tiptap/extension-image'
import { TaskItem, TaskList } from '@tiptap/extension-list'
import { Color, TextStyle } from '@tiptap/extension-text-style'
import type { Editor } from '@tiptap/core'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import { StarterKit } from '@tiptap/starter-kit'
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { NOTE_COLOURS } from '#app/notes/colours.ts'
import { isUploadPath } from '#app/uploads/upload-path.ts'
import type { EditorHandle } from './use-autosave.ts'

/**
 * The rich editor (Tiptap), loaded when a note opens (note-form.tsx): what it can make is exactly
 * what the server keeps (app/notes/sanitize.server.ts): headings of level 2, bold, italic,
 * strike, underline, code, lists, task lists, links, our own images, code blocks, quotes, rules and
 * the 7 colours. Its toolbar is one Tab stop (arrow keys move in it); Ctrl+S saves at once.
 */

const IMAGE_MAX_BYTES = 3 * 1024 * 1024
const IMAGE_TOO_LARGE = '上传图片不能超过3M'
const LINK_PROTOCOLS = ['http', 'https', 'mailto']

const chars = (editor: Editor) => [...editor.getText().replace(/\s+/g, '')].length

/** Uploads an image file (the pipeline of /api/upload, module notepad): its address, or the refusal. */
async function upload(file: File): Promise<{ src: string } | { error: string }> {
  if (file.size > IMAGE_MAX_BYTES) return { error: IMAGE_TOO_LARGE }
  const body = new FormData()
  body.set('module', 'notepad')
  body.set('file', file)
  try {
    const response = await fetch('/api/upload', { method: 'POST', body, headers: { Accept: 'application/json' } })
    const answer = (await response.json()) as { code: number; src?: string; msg: string }
    return answer.code === 1 && answer.src ? { src: answer.src } : { error: answer.msg }
  } catch {
    return { error: '图片上传失败，请稍后再试' }
  }
}

/** A foreign image of pasted HTML, fetched by our server and kept as our upload (/api/upload/remote). */
async function adopt(src: string): Promise<{ src: string } | { error: string }> {
  try {
    const response = await fetch('/api/upload/remote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ url: src }),
    })
    const answer = (await response.json()) as { code: number; src?: string; msg: string }
    return answer.code === 1 && answer.src ? { src: answer.src } : { error: answer.msg }
  } catch {
    return { error: '图片上传失败，请稍后再试' }
  }
}

/** What the editor tells its form: each change (with the count of characters), that it is ready, Ctrl+S. */
export type EditorEvents = {
  onChange: (chars: number) => void
  onReady: (handle: EditorHandle, chars: number) => void
  onSave: () => void
}

export function RichEditor({ labelledBy, content, toolbarLabel, onChange, onReady, onSave }: { labelledBy: string; content: string; toolbarLabel: string } & EditorEvents) {
  const [message, setMessage] = useState('')
  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2] },
        link: { openOnClick: false, autolink: true, protocols: LINK_PROTOCOLS, defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' } },
      }),
      TextStyle,
      Color,
      TaskList,
      TaskItem.configure({ nested: false }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content,
    editorProps: {
      attributes: { 'aria-labelledby': labelledBy, 'aria-multiline': 'true', role: 'textbox', class: 'note-content note-editable' },
      // Image files pasted or dropped (a screenshot): uploaded, then inserted.
      handlePaste: (_view, event) => takeImages(event, event.clipboardData),
      handleDrop: (_view, event) => takeImages(event, event.dataTransfer),
    },
    onUpdate: ({ editor }) => onChange(chars(editor)),
  })

  function takeImages(event: Event, data: DataTransfer | null) {
    const files = [...(data?.files ?? [])].filter((f) => f.type.startsWith('image/'))
    if (!files.length) return false
    event.preventDefault()
    void insertFiles(files)
    return true
  }

  async function insertFiles(files: File[]) {
    for (const file of files) {
      const result = await upload(file)
      if ('error' in result) setMessage(result.error)
      else editor?.chain().focus().setImage({ src: result.src, alt: '' }).run()
    }
  }

  // Pasted HTML with images of other sites: each is brought to our host by the server, or left
  // out (the server keeps only ours), and the writer is told.
  useEffect(() => {
    if (!editor) return
    // Told before the pasted content is in the document: it is looked at once it is.
    const onPasted = () => setTimeout(adoptForeign, 0)
    const adoptForeign = () => {
      const foreign: string[] = []
      editor.state.doc.descendants((node) => {
        if (node.type.name === 'image' && !isUploadPath(String(node.attrs.src ?? ''))) foreign.push(String(node.attrs.src))
      })
      for (const src of new Set(foreign)) {
        void adopt(src).then((result) => {
          // One that could not be had is left out (the server would drop it), and the writer is told why.
          const replaced = 'src' in result ? result.src : null
          if ('error' in result) setMessage(result.error)
          const { tr } = editor.state
          editor.state.doc.descendants((node, pos) => {
            if (node.type.name !== 'image' || node.attrs.src !== src) return
            if (replaced) tr.setNodeMarkup(pos, undefined, { ...node.attrs, src: replaced })
            else tr.delete(pos, pos + node.nodeSize)
          })
          editor.view.dispatch(tr)
        })
      }
    }
    editor.on('paste', onPasted)
    return () => {
      editor.off('paste', onPasted)
    }
  }, [editor])

  useEffect(() => {
    if (!editor) return
    onReady({ html: () => editor.getHTML(), load: (html) => editor.commands.setContent(html, { emitUpdate: false }) }, chars(editor))
    // Once per editor: its form is keyed by what it edits (note and version).
  }, [editor])

  if (!editor) return null
  return (
    <div
      className="note-editor"
      onKeyDown={(event: KeyboardEvent) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
          event.preventDefault()
          onSave()
        }
      }}
    >
      <Toolbar editor={editor} onImage={(files) => void insertFiles(files)} label={toolbarLabel} />
      <EditorContent editor={editor} />
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}

/** A tool's face: a few characters, or a library icon (drawn by CSS, so no font needs to have it). */
type Tool = { label: string; text: string; icon?: string; active?: (e: Editor) => boolean; run: (e: Editor) => void }

function Face({ tool }: { tool: Pick<Tool, 'text' | 'icon'> }) {
  return tool.icon ? <span className="icon" style={{ '--icon': `url(/resources/icons/tabler/${tool.icon}.svg)` } as CSSProperties} aria-hidden="true" /> : tool.text
}

const TOOLS: Tool[] = [
  { label: '小标题', text: 'H', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: '加粗', text: 'B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: '斜体', text: 'I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: '下划线', text: 'U', active: (e) => e.isActive('underline'), run: (e) => e.chain().focus().toggleUnderline().run() },
  { label: '删除线', text: 'S', active: (e) => e.isActive('strike'), run: (e) => e.chain().focus().toggleStrike().run() },
  { label: '无序列表', text: '•', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: '有序列表', text: '1.', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: '待办事项', text: '', icon: 'list-check', active: (e) => e.isActive('taskList'), run: (e) => e.chain().focus().toggleTaskList().run() },
  { label: '引用', text: '', icon: 'quote', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  { label: '行内代码', text: '<>', active: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run() },
  { label: '代码块', text: '', icon: 'code', active: (e) => e.isActive('codeBlock'), run: (e) => e.chain().focus().toggleCodeBlock().run() },
  { label: '分割线', text: '—', run: (e) => e.chain().focus().setHorizontalRule().run() },
  {
    label: '链接',
    text: '',
    icon: 'link',
    active: (e) => e.isActive('link'),
    run: (e) => {
      if (e.isActive('link')) {
        e.chain().focus().extendMarkRange('link').unsetLink().run()
        return
      }
      const href = window.prompt('链接地址（http 或 https 开头）', 'https://')?.trim()
      if (href && /^(https?:\/\/|mailto:)/i.test(href)) e.chain().focus().extendMarkRange('link').setLink({ href }).run()
    },
  },
]

/** The toolbar: one Tab stop, ←/→ (Home, End) move between its buttons (a roving tabindex). */
function Toolbar({ editor, onImage, label }: { editor: Editor; onImage: (files: File[]) => void; label: string }) {
  const file = useRef<HTMLInputElement>(null)
  const bar = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)
  const active = useEditorState({ editor, selector: ({ editor: e }) => TOOLS.map((tool) => tool.active?.(e) ?? false) })
  const colour = useEditorState({ editor, selector: ({ editor: e }) => String(e.getAttributes('textStyle').color ?? '') })
  const buttons = () => [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])]
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons()
    const at = all.indexOf(document.activeElement as HTMLButtonElement)
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key]
    if (next === undefined || at < 0) return
    event.preventDefault()
    const index = (next + all.length) % all.length
    setCurrent(index)
    all[index]?.focus()
  }
  const stop = (index: number) => (index === current ? 0 : -1)
  return (
    <div ref={bar} className="note-toolbar" role="toolbar" aria-label={label} onKeyDown={move}>
      {TOOLS.map((tool, index) => (
        <button
          key={tool.label}
          type="button"
          className="note-tool"
          tabIndex={stop(index)}
          aria-label={tool.label}
          title={tool.label}
          aria-pressed={tool.active ? (active?.[index] ?? false) : undefined}
          onClick={() => {
            setCurrent(index)
            tool.run(editor)
          }}
        >
          <Face tool={tool} />
        </button>
      ))}
      <button type="button" className="note-tool" tabIndex={stop(TOOLS.length)} aria-label="插入图片" title="插入图片（不超过3M）" onClick={() => file.current?.click()}>
        <Face tool={{ text: '', icon: 'photo' }} />
      </button>
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        onChange={(event) => {
          onImage([...(event.currentTarget.files ?? [])])
          event.currentTarget.value = ''
        }}
      />
      {NOTE_COLOURS.map((c, i) => (
        <button
          key={c.value}
          type="button"
          className="note-tool note-colour"
          tabIndex={stop(TOOLS.length + 1 + i)}
          aria-label={`文字颜色：${c.name}`}
          title={c.name}
          aria-pressed={colour.toLowerCase() === c.value}
          style={{ color: c.value }}
          onClick={() => {
            setCurrent(TOOLS.length + 1 + i)
            if (colour.toLowerCase() === c.value) editor.chain().focus().unsetColor().run()
            else editor.chain().focus().setColor(c.value).run()
          }}
        >
          A
        </button>
      ))}
    </div>
  )
}
