import type { ReactNode } from 'react';

interface FieldProps {
  /** The control's id: the label points at it; the hint and the error are `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Shown under the control (which lists `${id}-hint` in its aria-describedby). */
  hint?: ReactNode;
  /** The field's validation message; nothing is shown while it is valid. */
  error?: string | null;
  /** The control (input, select, textarea, PasswordInput), and anything that goes with it. */
  children: ReactNode;
}

/** One form field of the site: its label, the control, then its hint and its error message. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The aria attributes of a validated field's control: invalid while it has an error, and described
 * by that error, then by its hint when it has one.
 */
export function validationProps(id: string, error: string | null | undefined, hasHint = false) {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined };
}
