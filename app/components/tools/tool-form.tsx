import { useId, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { CopyField } from '#app/components/copy-field.tsx'
import { initialValues, type ToolField, type ToolFormSpec } from '#app/tools/forms.ts'
import type { ToolFields, ToolResult, ToolSuccess } from '#app/tools/result.ts'
import { runTool, type ToolRun } from '#app/tools/run.ts'
import './tools.css'

/**
 * One tool's form. Without JavaScript it is a plain POST to the page, whose action runs the tool
 * and renders the answer; with JavaScript the same runTool answers in the browser as you type,
 * click or press Enter. A field's error is beside it; a short status line is announced.
 */
export function ToolForm({ alias, spec, last }: { alias: string; spec: ToolFormSpec; last: ToolRun | null }) {
  const hydrated = useHydrated()
  const [values, setValues] = useState<ToolFields>(() => last?.values ?? initialValues(spec))
  const [result, setResult] = useState<ToolResult | null>(last?.result ?? null)
  // Only the latest computation may show its answer (a slower earlier one must not win).
  const ticket = useRef(0)
  const id = useId()
  const primary = spec.fields[0]!.name

  async function compute(next: ToolFields, intent = '') {
    const mine = ++ticket.current
    const outcome = await runTool(alias, { ...next, intent })
    if (mine !== ticket.current || !outcome) return
    const { result } = outcome
    // What one typed stays as typed; only a value the tool fills in (当前时间) replaces it.
    if (result.ok && result.fill) setValues((current) => ({ ...current, ...result.fill }))
    setResult(result)
  }

  function change(name: string, value: string) {
    const next = { ...values, [name]: value }
    setValues(next)
    // An emptied input clears the answer instead of scolding while one types.
    if (!next[primary]) {
      ticket.current++
      setResult(null)
      return
    }
    void compute(next)
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    void compute(values, submitter instanceof HTMLButtonElement ? submitter.value : '')
  }

  const error = result && !result.ok ? result : null
  return (
    <>
      <form method="post" className="toolbox-form" onSubmit={hydrated ? submit : undefined} noValidate>
        {spec.fields.map((field) => (
          <Field
            key={field.name}
            id={`${id}-${field.name}`}
            field={field}
            value={values[field.name] ?? ''}
            error={error?.field === field.name ? error.error : undefined}
            onChange={(value) => change(field.name, value)}
          />
        ))}
        <div className="toolbox-actions">
          <button type="submit" name="intent" value="" className="button button-primary">
            {spec.submit}
          </button>
          {spec.extra ? (
            <button type="submit" name="intent" value={spec.extra.intent} className="button">
              {spec.extra.label}
            </button>
          ) : null}
        </div>
      </form>
      <p className="toolbox-status" aria-live="polite" aria-atomic="true">
        {result ? (result.ok ? result.status : result.error) : ''}
      </p>
      {result?.ok ? <ToolAnswer result={result} /> : null}
    </>
  )
}

function Field({ id, field, value, error, onChange }: { id: string; field: ToolField; value: string; error?: string; onChange: (value: string) => void }) {
  const hint = field.kind === 'text' || field.kind === 'textarea' ? field.hint : undefined
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  const below = (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  )
  if (field.kind === 'radio') {
    return (
      <fieldset className="toolbox-choice" aria-describedby={describedBy}>
        <legend>{field.label}</legend>
        {field.options.map((option) => (
          <label key={option.value}>
            <input type="radio" name={field.name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />{' '}
            {option.label}
          </label>
        ))}
        {below}
      </fieldset>
    )
  }
  const common = { id, name: field.name, value, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy }
  const update = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.currentTarget.value)
  return (
    <div className="field toolbox-field">
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'select' ? (
        <select {...common} onChange={update}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === 'textarea' ? (
        <textarea {...common} rows={field.rows} maxLength={field.maxLength} placeholder={field.placeholder} spellCheck={false} onChange={update} />
      ) : field.kind === 'text' ? (
        <input {...common} type="text" maxLength={field.maxLength} placeholder={field.placeholder} autoComplete="off" spellCheck={false} onChange={update} />
      ) : null}
      {below}
    </div>
  )
}

/** Rows for a block of text: its lines, within 3 to 16. */
const rowsFor = (value: string) => Math.min(16, Math.max(3, value.split('\n').length))

function ToolAnswer({ result }: { result: ToolSuccess }) {
  const stats = result.outputs.filter((output) => output.kind === 'stat')
  const texts = result.outputs.filter((output) => output.kind !== 'stat')
  return (
    <section className="toolbox-answer" aria-labelledby="toolbox-answer-title">
      <h2 id="toolbox-answer-title">结果</h2>
      {result.swatch ? <div className="toolbox-swatch" style={{ background: result.swatch }} role="img" aria-label={`颜色预览 ${result.swatch}`} /> : null}
      {result.svg ? (
        <figure className="toolbox-qr">
          {/* The drawing comes from the QR encoder (paths only, none of the text); see app/tools/qrcode.ts. */}
          <div role="img" aria-label="生成的二维码" dangerouslySetInnerHTML={{ __html: result.svg }} />
          <figcaption>
            <a href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(result.svg)}`} download="qrcode.svg" className="button button-small">
              下载 SVG
            </a>
          </figcaption>
        </figure>
      ) : null}
      {stats.length ? (
        <dl className="toolbox-stats">
          {stats.map((output) => (
            <div key={output.label}>
              <dt>{output.label}</dt>
              <dd>{output.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {texts.map((output) => (
        <CopyField key={output.label} label={output.label} value={output.value} rows={output.kind === 'multiline' ? rowsFor(output.value) : undefined} what="内容" />
      ))}
    </section>
  )
}
