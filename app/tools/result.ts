/**
 * What every tool answers, on the server (the no-JS form) and in the browser alike: labelled
 * outputs, or one Chinese message for the field that is wrong.
 */
export type ToolOutput = {
  label: string
  value: string
  /** text: one copyable line; multiline: a copyable block; stat: a plain figure (no 复制). */
  kind?: 'text' | 'multiline' | 'stat'
}

export type ToolSuccess = {
  ok: true
  /** A short sentence read out to screen-reader users when the result changes. */
  status: string
  outputs: ToolOutput[]
  /** An SVG drawing (the QR code), made by the tool itself from its own data. */
  svg?: string
  /** A CSS colour to preview (the colour converter). */
  swatch?: string
  /** Values the tool put into the form itself (当前时间 fills in the timestamp). */
  fill?: ToolFields
}

export type ToolFailure = { ok: false; field: string; error: string }

export type ToolResult = ToolSuccess | ToolFailure

/** A form's fields as strings (FormData on the server, component state in the browser). */
export type ToolFields = Record<string, string>

export const fail = (field: string, error: string): ToolFailure => ({ ok: false, field, error })

/** The outcome of a pure function: a value or a Chinese message. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string }
