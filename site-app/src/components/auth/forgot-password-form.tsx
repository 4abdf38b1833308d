import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, errorMessage, LIMITS, postJson } from '@studio/shared';
import { FormError, EmailField, SubmitButton } from '../ui/field';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: () =>
      postJson<{ success: true; message: string }>('/api/password/forgot', { email: email.trim() }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };

  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="forgot-heading">
      <h2 id="forgot-heading" className="auth__subtitle">
        Reset your password
      </h2>
      {send.isSuccess ? (
        <p role="status">{send.data?.message ?? ACCOUNT_MESSAGES.forgotAnswer}</p>
      ) : (
        <>
          <p className="field__hint">Enter the email address of your account and we will send you a link.</p>
          <EmailField
            id="forgot-email"
            label="Email"
            name="email"
            required
            maxLength={LIMITS.user.emailMax}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {send.isError && (
            <FormError>{errorMessage(send.error, 'The link could not be sent. Please try again.')}</FormError>
          )}
          <SubmitButton busy={send.isPending} busyLabel="Sending...">
            Send reset link
          </SubmitButton>
        </>
      )}
      <button type="button" className="btn btn--link" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
