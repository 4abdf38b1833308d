import { useRef, useState } from 'react';

interface ValidatedFormOptions<F extends string> {
  /** The controls' ids are `${idPrefix}-${field}`; their names are the fields'. */
  idPrefix: string;
  /** The fields in the order they appear: the first invalid one takes the focus. */
  fields: readonly F[];
  initial: () => Record<F, string>;
  validate: (values: Record<F, string>) => Partial<Record<F, string>>;
}

/**
 * The state of a form the site validates itself (comment, contact): the values, the messages
 * under the fields, and the focus on the first invalid field after a failed check. Typing in a
 * field clears its message.
 */
export function useValidatedForm<F extends string>({
  idPrefix,
  fields,
  initial,
  validate,
}: ValidatedFormOptions<F>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = (found: Partial<Record<F, string>>) => {
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const set = (field: F) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return {
    values,
    setValues,
    errors,
    formRef,
    set,
    showErrors,
    /** Validates the values, shows what is wrong, and says whether the form may be sent. */
    check: (): boolean => {
      const found = validate(values);
      showErrors(found);
      return !fields.some((f) => found[f]);
    },
    /** Back to the initial values, with no messages. */
    reset: () => {
      setValues(initial());
      setErrors({});
    },
    /** The props of the field's control (`InputField`, `TextAreaField`). */
    field: (name: F) => ({
      id: `${idPrefix}-${name}`,
      name,
      value: values[name],
      onChange: set(name),
      error: errors[name],
      validated: true,
    }),
  };
}
