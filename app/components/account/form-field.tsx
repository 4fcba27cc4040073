import { getInputProps, type FieldMetadata } from '@conform-to/react'

/**
 * One labelled input of a Conform form with its error (the first), linked by aria-describedby,
 * as the account pages draw them. A hint, when given, is read out too.
 */
export function FormField({
  field,
  label,
  type,
  hint,
  ...extra
}: {
  field: FieldMetadata<string>
  label: string
  type: 'text' | 'email' | 'password'
  hint?: string
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'>) {
  const hintId = `${field.id}-hint`
  const props = getInputProps(field, { type, ariaDescribedBy: hint ? hintId : undefined })
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...props} key={props.key} {...extra} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {field.errors?.length ? (
        <p id={field.errorId} className="field-error" role="alert">
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  )
}

/** A form's own error (not a field's), announced. */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p id={id} className="form-error" role="alert">
      {errors[0]}
    </p>
  )
}
