import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@studio/shared';
import { sendAdminTestEmail, sendCustomerTestEmail, sendDeliveryTestEmail } from '../../api/site-api';
import { useErrorToast } from '../../toast/use-api-error-toast';
import { EmailField, InputField, OptionalLabel, SubmitButton, TextAreaField } from '../ui/field';
import { JsonResult } from '../ui/json-result';
import { useEmailTest } from './use-email-test';

/** Hotmail, Outlook, Live and MSN addresses (spec §5). */
export function isMicrosoftAddress(email: string): boolean {
  return /hotmail|outlook|live\.|msn\./i.test(email);
}

interface TestFormProps {
  intro: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The email field checks itself: the page's own toast, not the browser's bubble. */
  noValidate?: boolean;
  busy: boolean;
  canSend: boolean;
  submitLabel: string;
  children: ReactNode;
  /** Shown between the form and the raw answer. */
  notice?: ReactNode;
  result: unknown;
}

/** One tab: what it sends, its fields, the send button, then the server's raw answer. */
function TestForm({
  intro,
  onSubmit,
  noValidate,
  busy,
  canSend,
  submitLabel,
  children,
  notice,
  result,
}: TestFormProps) {
  return (
    <>
      {intro}
      <form className="form" onSubmit={onSubmit} noValidate={noValidate}>
        {children}
        <div>
          <SubmitButton busy={busy} busyLabel="Sending..." className="btn btn--primary" disabled={!canSend}>
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
      {notice}
      <JsonResult value={result} />
    </>
  );
}

/** The tabs that mail one address: it must be filled in before anything is sent. */
function useTestAddress() {
  const showError = useErrorToast();
  const [email, setEmail] = useState('');
  return {
    email,
    setEmail,
    /** The trimmed address, or null (after saying it is missing) when there is none. */
    checked: (): string | null => {
      const value = email.trim();
      if (!value) showError(MESSAGES.testEmailRequired);
      return value || null;
    },
  };
}

export function AdminTestTab({ canSend }: { canSend: boolean }) {
  const [extraInfo, setExtraInfo] = useState('');
  const { mutation, result } = useEmailTest(sendAdminTestEmail);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({
      timestamp: new Date().toISOString(),
      extraInfo: extraInfo.trim() || 'Sent from /email-test',
    });
  };

  return (
    <TestForm
      intro={
        <p>
          Sends a test email to the studio&apos;s admin address, the one that receives contact notifications.
        </p>
      }
      onSubmit={onSubmit}
      busy={mutation.isPending}
      canSend={canSend}
      submitLabel="Send Admin Test Email"
      result={result}
    >
      <TextAreaField
        id="admin-test-extra"
        label={<OptionalLabel>Extra information</OptionalLabel>}
        rows={3}
        maxLength={2000}
        value={extraInfo}
        onChange={(e) => setExtraInfo(e.target.value)}
      />
    </TestForm>
  );
}

export function CustomerTestTab({ canSend }: { canSend: boolean }) {
  const address = useTestAddress();
  const { mutation, result } = useEmailTest(sendCustomerTestEmail);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = address.checked();
    if (value) mutation.mutate(value);
  };

  return (
    <TestForm
      intro={
        <p>
          Sends the thank-you email a customer gets after contacting the studio to any address you choose.
        </p>
      }
      onSubmit={onSubmit}
      noValidate
      busy={mutation.isPending}
      canSend={canSend}
      submitLabel="Send Customer Test Email"
      result={result}
    >
      <EmailField
        id="customer-test-email"
        label="Test email address"
        value={address.email}
        onChange={(e) => address.setEmail(e.target.value)}
      />
    </TestForm>
  );
}

export function MicrosoftTestTab({ canSend }: { canSend: boolean }) {
  const address = useTestAddress();
  const [name, setName] = useState('Test Customer');
  const [notMicrosoft, setNotMicrosoft] = useState(false);
  const { mutation, result } = useEmailTest(sendDeliveryTestEmail);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = address.checked();
    if (!value) return;
    const microsoft = isMicrosoftAddress(value);
    // Not a Microsoft address: say so, and run the test anyway.
    setNotMicrosoft(!microsoft);
    mutation.mutate({
      email: value,
      provider: microsoft ? 'microsoft' : 'other',
      name: name.trim() || 'Test Customer',
      service: 'Mixing',
    });
  };

  return (
    <TestForm
      intro={
        <p>
          Sends several test emails to a Hotmail or Outlook address, each by a different delivery method, to
          see which ones arrive in the inbox.
        </p>
      }
      onSubmit={onSubmit}
      noValidate
      busy={mutation.isPending}
      canSend={canSend}
      submitLabel="Send Microsoft Test Emails"
      notice={
        notMicrosoft && (
          <div className="notice" role="status">
            <strong className="notice__title">Not a Microsoft Email</strong>
            <p>
              This test is optimised for Hotmail and Outlook addresses (hotmail, outlook, live. or msn.). It
              was sent anyway, but results for other providers may vary.
            </p>
          </div>
        )
      }
      result={result}
    >
      <div className="form__row">
        <EmailField
          id="microsoft-test-email"
          label="Hotmail or Outlook address"
          placeholder="name@outlook.com"
          value={address.email}
          onChange={(e) => address.setEmail(e.target.value)}
        />
        <InputField
          id="microsoft-test-name"
          label="Name in the email"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
    </TestForm>
  );
}
