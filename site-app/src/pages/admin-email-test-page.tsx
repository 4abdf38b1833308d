import { SITE_ROUTES } from '@studio/shared';
import { useState, type FormEvent } from 'react';
import { sendAdminTestEmail } from '../api/site-api';
import { AdminOnlyNotice, useIsAdmin } from '../components/dev/admin-only-notice';
import { DevPage } from '../components/dev/dev-page';
import { EmailTips } from '../components/dev/email-tips';
import { useEmailTest } from '../components/dev/use-email-test';
import { InputField, SubmitButton, TextAreaField } from '../components/ui/field';
import { JsonResult } from '../components/ui/json-result';
import { SITE_NAME } from '../site-config';

const DEFAULT_SUBJECT = `Test Email from ${SITE_NAME}`;
const DEFAULT_MESSAGE = `This is a test email from the ${SITE_NAME} website, sent to check that email reaches the admin address. No action is needed.`;

/** /admin-email-test: a test email to the admin address with your own subject and message. */
export default function AdminEmailTestPage() {
  const { isAdmin } = useIsAdmin();
  const [subject, setSubject] = useState(DEFAULT_SUBJECT);
  const [message, setMessage] = useState(DEFAULT_MESSAGE);
  const { mutation, result } = useEmailTest(sendAdminTestEmail);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({
      timestamp: new Date().toISOString(),
      extraInfo: 'Sent from /admin-email-test',
      subject: subject.trim() || DEFAULT_SUBJECT,
      message: message.trim() || DEFAULT_MESSAGE,
    });
  };

  return (
    <DevPage
      title={SITE_ROUTES.adminEmailTest.title}
      lead="Send a test email with your own subject and message to the admin address."
    >
      <AdminOnlyNotice />
      <form className="form card" onSubmit={onSubmit}>
        <InputField
          id="admin-email-subject"
          label="Subject"
          maxLength={200}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextAreaField
          id="admin-email-message"
          label="Message"
          rows={6}
          maxLength={5000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <div>
          <SubmitButton
            busy={mutation.isPending}
            busyLabel="Sending..."
            className="btn btn--primary"
            disabled={!isAdmin}
          >
            Send Test Email
          </SubmitButton>
        </div>
      </form>
      <JsonResult value={result} />
      <EmailTips />
    </DevPage>
  );
}
