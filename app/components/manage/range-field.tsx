import { useEffect, useMemo, useRef, useState } from 'react'
import { FieldError } from './fields.tsx'

/** A slider's form saves this long after the slider was last let go (arrow keys: presses close together save once). */
const SAVE_AFTER_MS = 400

/**
 * Saving a form when one of its sliders is let go, with JavaScript: `schedule` (a RangeField's
 * onRelease) calls `send` with the slider's form SAVE_AFTER_MS after the last release; `cancel`
 * drops a save still waiting (the form's own button pressed meanwhile). Nothing waits once the
 * form is gone.
 */
export function useReleaseSave(send: (form: HTMLFormElement) => void) {
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latest = useRef(send)
  latest.current = send
  useEffect(() => () => clearTimeout(pending.current), [])
  return useMemo(
    () => ({
      schedule: ({ form }: HTMLInputElement) => {
        clearTimeout(pending.current)
        pending.current = setTimeout(() => {
          if (form?.isConnected) latest.current(form)
        }, SAVE_AFTER_MS)
      },
      cancel: () => clearTimeout(pending.current),
    }),
    [],
  )
}

/**
 * A labelled slider with its value beside it, and its error (role alert) under it: the layout
 * drawer's and the skin drawer's. Without JavaScript its value saves with its form's button; with
 * it, `preview` shows the value on the page while it moves and `onRelease` runs when it is let go
 * (the native change event, which React's onChange does not give for a range).
 *
 * The slider is not remounted by a save, so keyboard focus stays on it. A value that changes from
 * elsewhere (a picture picked at full opacity gets 80, a reset) is shown, unless the viewer is on
 * this slider: their own value stands.
 */
export function RangeField({
  id,
  name,
  label,
  min,
  max,
  step = 1,
  value,
  unit = '',
  errors,
  preview,
  onRelease,
}: {
  id: string
  name: string
  label: string
  min: number
  max: number
  step?: number
  value: unknown
  unit?: string
  /** The field's message from the last save (Conform's reply), if it was refused. */
  errors?: string[]
  preview?: (value: string) => void
  onRelease: (input: HTMLInputElement) => void
}) {
  const [shown, setShown] = useState(String(value))
  const input = useRef<HTMLInputElement>(null)
  const release = useRef(onRelease)
  release.current = onRelease
  useEffect(() => {
    const slider = input.current!
    const released = () => release.current(slider)
    slider.addEventListener('change', released)
    return () => slider.removeEventListener('change', released)
  }, [])
  useEffect(() => {
    const slider = input.current!
    if (slider.value === String(value) || document.activeElement === slider) return
    slider.value = String(value)
    setShown(slider.value)
  }, [value])
  const errorId = `${id}-error`
  return (
    <div className="range-field">
      <label htmlFor={id}>
        {`${label}（${min}–${max}${unit}）`}
      </label>
      <span className="range-field-control">
        <input
          ref={input}
          id={id}
          type="range"
          name={name}
          min={min}
          max={max}
          step={step}
          defaultValue={String(value)}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? errorId : undefined}
          onInput={(e) => {
            setShown(e.currentTarget.value)
            preview?.(e.currentTarget.value)
          }}
        />
        {/* The value beside it, for the eye (the slider itself tells screen readers). */}
        <output htmlFor={id} aria-hidden="true">
          {shown}
          {unit}
        </output>
      </span>
      <FieldError id={errorId} errors={errors} />
    </div>
  )
}
