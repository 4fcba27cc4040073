/**
 * A note's or post's text without JavaScript (and until the rich editor has loaded): a textarea of
 * its paragraphs as lines, or of its HTML when it has formatting, so that a save from it never
 * drops any (`format` tells the server which; app/notes/plain-text.server.ts, ADR 031).
 */
export function PlainEditor({ id, format, value, rows, what }: { id: string; format: 'text' | 'html'; value: string; rows: number; what: string }) {
  return (
    <>
      <input type="hidden" name="format" value={format} />
      <textarea id={id} name="content" defaultValue={value} rows={rows} aria-describedby={format === 'html' ? `${id}-hint` : undefined} />
      {format === 'html' ? (
        <p id={`${id}-hint`} className="muted note-hint">
          {what}带有格式，这里显示的是它的 HTML；开启 JavaScript 后可以直接编辑格式。
        </p>
      ) : null}
    </>
  )
}
