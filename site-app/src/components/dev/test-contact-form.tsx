import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, CONTACT_SERVICES, CONTACT_V2_SERVICES, LIMITS } from '@studio/shared';
import { customerThankYouSent, sendContact, sendContactV2, type ContactResponse } from '../../api/site-api';
import { useToast } from '../../toast/toast-context';
import { useErrorToast } from '../../toast/use-api-error-toast';
import { Field, InputField, TextAreaField } from '../ui/field';
import { useFollowUpToast } from '../ui/follow-up-toast';
import { HoneypotField } from '../ui/honeypot-field';
import { JsonResult } from '../ui/json-result';
import '../ui/ui.css';

const V2_LABELS: Record<(typeof CONTACT_V2_SERVICES)[number], string> = {
  mix: 'Mix',
  master: 'Master',
  'mix-master': 'Mix & Master',
  production: 'Production',
};

/** What each version says when things go wrong (spec §8). */
const COPY = {
  v1: {
    endpoint: '/api/contact',
    send: sendContact,
    services: CONTACT_SERVICES.map((s) => ({ value: s.value, label: s.label })),
    failedTitle: 'Submission Error',
    failed: "We couldn't send your message. Please try again.",
    offline: "We couldn't send your message. Please try again.",
  },
  v2: {
    endpoint: '/api/contact-v2',
    send: sendContactV2,
    services: CONTACT_V2_SERVICES.map((value) => ({ value, label: V2_LABELS[value] })),
    failedTitle: 'Error',
    failed: 'There was a problem submitting your message.',
    offline: 'There was a problem connecting to the server. Please try again later.',
  },
} as const;

const EMPTY = { name: '', email: '', service: '', message: '' };

/** The developer contact forms: post to a contact endpoint and show exactly what came back. */
export function TestContactForm({ version }: { version: 'v1' | 'v2' }) {
  const copy = COPY[version];
  const id = (field: string) => `test-${version}-${field}`;
  const { toast } = useToast();
  const showError = useErrorToast();
  const followUp = useFollowUpToast();
  const [values, setValues] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const [result, setResult] = useState<unknown>(undefined);

  const send = useMutation({
    mutationFn: copy.send,
    onSuccess: (res: ContactResponse) => {
      setResult(res);
      if (!res?.success) {
        showError(copy.failedTitle, res?.message, copy.failed);
        return;
      }
      toast({ title: 'Message Sent!', description: res.message || 'Your message has been sent.' });
      if (!customerThankYouSent(res)) {
        followUp({
          title: 'Note about email delivery',
          description:
            'Your message was received, but the confirmation email may be delayed or not arrive. Please check your spam folder.',
        });
      }
      setValues(EMPTY);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setResult(error.body ?? { status: error.status, message: error.message });
        showError(copy.failedTitle, error, copy.failed);
      } else {
        setResult({ error: error instanceof Error ? error.message : String(error) });
        showError('Submission Error', copy.offline);
      }
    },
  });

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ ...values, name: values.name.trim(), email: values.email.trim(), website });
  };

  return (
    <>
      <form
        className="form card"
        onSubmit={onSubmit}
        aria-label={`Test contact form posting to ${copy.endpoint}`}
      >
        <div className="form__row">
          <InputField
            id={id('name')}
            label="Name"
            name="name"
            required
            maxLength={LIMITS.contact.nameMax}
            value={values.name}
            onChange={set('name')}
          />
          <InputField
            id={id('email')}
            label="Email"
            name="email"
            type="email"
            required
            maxLength={LIMITS.contact.emailMax}
            value={values.email}
            onChange={set('email')}
          />
        </div>
        <Field id={id('service')} label="Service">
          <select
            id={id('service')}
            className="field__input field__select"
            name="service"
            required
            value={values.service}
            onChange={set('service')}
          >
            <option value="" disabled>
              Select a service
            </option>
            {copy.services.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
        <TextAreaField
          id={id('message')}
          label="Message"
          name="message"
          rows={5}
          required
          maxLength={LIMITS.contact.messageMax}
          value={values.message}
          onChange={set('message')}
        />
        <HoneypotField id={id('website')} value={website} onChange={setWebsite} />
        <button type="submit" className="btn btn--primary" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Test Message'}
        </button>
      </form>
      <JsonResult value={result} title="Response" />
    </>
  );
}
