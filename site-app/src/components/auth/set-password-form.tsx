import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, MESSAGES, postJson } from '@studio/shared';
import { FormError, NewPasswordField, PasswordField, SubmitButton } from '../ui/field';

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
    return <FormError>This link is missing its token. Please open the link from your email again.</FormError>;
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
      <NewPasswordField
        id="new-password"
        label="New password"
        hint={<>{MESSAGES.passwordHint} Very common passwords are refused.</>}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        id="confirm-password"
        label="Repeat the new password"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      {(mismatch || save.isError) && (
        <FormError>
          {mismatch
            ? 'The two passwords do not match.'
            : errorMessage(save.error, 'The password could not be saved.')}
        </FormError>
      )}
      <SubmitButton busy={save.isPending} busyLabel="Saving...">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
