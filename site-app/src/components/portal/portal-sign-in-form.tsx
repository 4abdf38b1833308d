import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage, MESSAGES } from '@studio/shared';
import { FormError, EmailField, SubmitButton } from '../ui/field';
import { requestPortalLink } from './portal-api';

/**
 * "Email me a sign-in link": always the same answer, whether or not the address is known. The
 * link brings the client back to `next` (the page they were on) once signed in.
 */
export function PortalSignInForm({ intro, next }: { intro?: string; next?: string }) {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: requestPortalLink });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) request.mutate({ email: email.trim(), next });
  };

  return (
    <div className="card portal-card">
      <h2 className="portal-card__title">Sign in to your projects</h2>
      <p>{intro ?? 'Enter the email address you booked with. We will mail you a link that signs you in.'}</p>
      {request.isSuccess ? (
        <p className="portal-notice" role="status">
          {request.data.message}
        </p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <EmailField
            id="portal-email"
            label="Email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {request.isError && (
            <FormError className="portal-error">
              {errorMessage(request.error, MESSAGES.referralEmail)}
            </FormError>
          )}
          <SubmitButton
            busy={request.isPending}
            busyLabel="Sending…"
            className="btn btn--primary"
            disabled={!email.trim()}
          >
            Email me a sign-in link
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
