import { useState, type FormEvent } from 'react';
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

const SEND_BUTTON = 'btn btn--primary';

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
    <>
      <p>
        Sends a test email to the studio&apos;s admin address, the one that receives contact notifications.
      </p>
      <form className="form" onSubmit={onSubmit}>
        <TextAreaField
          id="admin-test-extra"
          label={<OptionalLabel>Extra information</OptionalLabel>}
          rows={3}
          maxLength={2000}
          value={extraInfo}
          onChange={(e) => setExtraInfo(e.target.value)}
        />
        <div>
          <SubmitButton
            busy={mutation.isPending}
            busyLabel="Sending..."
            className={SEND_BUTTON}
            disabled={!canSend}
          >
            Send Admin Test Email
          </SubmitButton>
        </div>
      </form>
      <JsonResult value={result} />
    </>
  );
}

export function CustomerTestTab({ canSend }: { canSend: boolean }) {
  const showError = useErrorToast();
  const [email, setEmail] = useState('');
  const { mutation, result } = useEmailTest(sendCustomerTestEmail);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      showError(MESSAGES.testEmailRequired);
      return;
    }
    mutation.mutate(value);
  };

  return (
    <>
      <p>Sends the thank-you email a customer gets after contacting the studio to any address you choose.</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmailField
          id="customer-test-email"
          label="Test email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div>
          <SubmitButton
            busy={mutation.isPending}
            busyLabel="Sending..."
            className={SEND_BUTTON}
            disabled={!canSend}
          >
            Send Customer Test Email
          </SubmitButton>
        </div>
      </form>
      <JsonResult value={result} />
    </>
  );
}

export function MicrosoftTestTab({ canSend }: { canSend: boolean }) {
  const showError = useErrorToast();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('Test Customer');
  const [notMicrosoft, setNotMicrosoft] = useState(false);
  const { mutation, result } = useEmailTest(sendDeliveryTestEmail);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      showError(MESSAGES.testEmailRequired);
      return;
    }
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
    <>
      <p>
        Sends several test emails to a Hotmail or Outlook address, each by a different delivery method, to see
        which ones arrive in the inbox.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form__row">
          <EmailField
            id="microsoft-test-email"
            label="Hotmail or Outlook address"
            placeholder="name@outlook.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <InputField
            id="microsoft-test-name"
            label="Name in the email"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div>
          <SubmitButton
            busy={mutation.isPending}
            busyLabel="Sending..."
            className={SEND_BUTTON}
            disabled={!canSend}
          >
            Send Microsoft Test Emails
          </SubmitButton>
        </div>
      </form>
      {notMicrosoft && (
        <div className="notice" role="status">
          <strong className="notice__title">Not a Microsoft Email</strong>
          <p>
            This test is optimised for Hotmail and Outlook addresses (hotmail, outlook, live. or msn.). It was
            sent anyway, but results for other providers may vary.
          </p>
        </div>
      )}
      <JsonResult value={result} />
    </>
  );
}
