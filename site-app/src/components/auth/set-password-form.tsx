import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, LIMITS, MESSAGES, postJson } from '@studio/shared';
import { PasswordInput } from '../password-input';
import { Field } from '../ui/field';

interface SetPasswordFormProps {
  /** `/api/password/reset` or `/api/invitations/accept`: both take `{ token, password }`. */
  endpoint: string;
  token: string;
  submitLabel: string;
  doneText: string;
}

/** The form behind a mailed link: a new password, typed twice, sent with the link's token. */
export function SetPasswordForm({ endpoint, token, submitLabel, doneText }: SetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const save = useMutation({
    mutationFn: () => postJson<{ success: true; message: string }>(endpoint, { token, password }),
  });

  if (!token) {
    return (
      <p className="form__error" role="alert">
        This link is missing its token. Please open the link from your email again.
      </p>
    );
  }
  if (save.isSuccess) {
    return (
      <div role="status">
        <p>{doneText}</p>
        <Link className="btn btn--primary" to="/auth">
          Go to sign in
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password === confirm) save.mutate();
  };

  return (
    <form className="form" onSubmit={onSubmit}>
      <Field
        id="new-password"
        label="New password"
        hint={<>{MESSAGES.passwordHint} Very common passwords are refused.</>}
      >
        <PasswordInput
          id="new-password"
          name="password"
          autoComplete="new-password"
          required
          minLength={LIMITS.user.passwordMin}
          aria-describedby="new-password-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Field id="confirm-password" label="Repeat the new password">
        <PasswordInput
          id="confirm-password"
          name="confirm"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </Field>
      {(mismatch || save.isError) && (
        <p className="form__error" role="alert">
          {mismatch
            ? 'The two passwords do not match.'
            : errorMessage(save.error, 'The password could not be saved.')}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : submitLabel}
      </button>
    </form>
  );
}
