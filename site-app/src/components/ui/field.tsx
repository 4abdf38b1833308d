import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { LIMITS } from '@studio/shared';
import { PasswordInput } from '../password-input';

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

interface FieldControlProps {
  /** The control's id, as for `Field`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /**
   * Checked by the form's own validation: the control then always says whether it is invalid
   * (`validationProps`). Otherwise it is only described by its hint, when it has one.
   */
  validated?: boolean;
}

function controlAria({ id, hint, error, validated }: Omit<FieldControlProps, 'label'>) {
  if (validated) return validationProps(id, error, Boolean(hint));
  return hint ? { 'aria-describedby': `${id}-hint` } : {};
}

type InputFieldProps = FieldControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A `Field` around a text input (`field__input` unless given another class). */
export function InputField({ id, label, hint, error, validated, className, ...input }: InputFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className={className ?? 'field__input'}
        {...controlAria({ id, hint, error, validated })}
        {...input}
      />
    </Field>
  );
}

/** An email address field: `type="email"`, filled in from the browser's address book. */
export function EmailField(props: InputFieldProps) {
  return <InputField type="email" autoComplete="email" {...props} />;
}

type BoundFieldProps = Pick<InputFieldProps, 'id' | 'name' | 'value' | 'onChange' | 'error' | 'validated'>;

/** Who is writing: name and email side by side (the comment and contact forms). */
export function SenderFields({
  name,
  email,
  nameMax,
  emailMax,
}: {
  name: BoundFieldProps;
  email: BoundFieldProps;
  nameMax: number;
  emailMax: number;
}) {
  return (
    <div className="form__row">
      <InputField label="Name" autoComplete="name" required maxLength={nameMax} {...name} />
      <EmailField label="Email" required maxLength={emailMax} {...email} />
    </div>
  );
}

type TextAreaFieldProps = FieldControlProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A `Field` around a textarea. */
export function TextAreaField({ id, label, hint, error, validated, ...textarea }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        className="field__input field__textarea"
        {...controlAria({ id, hint, error, validated })}
        {...textarea}
      />
    </Field>
  );
}

type PasswordFieldProps = FieldControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

/**
 * A `Field` around a `PasswordInput` (with its show/hide toggle): named `password` and required
 * unless told otherwise.
 */
export function PasswordField({ id, label, hint, error, validated, ...input }: PasswordFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <PasswordInput
        id={id}
        name="password"
        required
        {...controlAria({ id, hint, error, validated })}
        {...input}
      />
    </Field>
  );
}

/** A password the person chooses: as long as the server asks, offered by password managers. */
export function NewPasswordField(props: PasswordFieldProps) {
  return <PasswordField autoComplete="new-password" minLength={LIMITS.user.passwordMin} {...props} />;
}

/** "(optional)" after a field's label. */
export function OptionalLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="field__optional">(optional)</span>
    </>
  );
}

/** A form's submit button, which says what it is doing while the request is out. */
export function SubmitButton({
  busy,
  busyLabel,
  className = 'btn btn--primary btn--block',
  disabled,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  className?: string;
  /** Disabled for another reason too (it always is while busy). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}

/** A form's failure line, announced when it appears. */
export function FormError({
  children,
  className = 'form__error',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <p className={className} role="alert">
      {children}
    </p>
  );
}
