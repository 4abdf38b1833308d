import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, CONTACT_SERVICES, DELIVERY, LIMITS } from '@studio/shared';
import { customerThankYouSent, sendContact, type ContactResponse } from '../../api/site-api';
import { useToast } from '../../toast/toast-context';
import { Field, InputField, SubmitButton, TextAreaField, validationProps } from '../ui/field';
import { useFollowUpToast } from '../ui/follow-up-toast';
import { HoneypotField } from '../ui/honeypot-field';
import '../ui/ui.css';
import {
  prefilledMessage,
  serviceLabel,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
  type RequestedService,
} from './contact-schema';

const FIELD_ORDER: ContactField[] = ['name', 'email', 'service', 'message'];

function initialValues(requested: RequestedService | null): ContactValues {
  return {
    name: '',
    email: '',
    service: requested?.value ?? '',
    message: requested ? prefilledMessage(requested.name) : '',
  };
}

interface ContactFormProps {
  requested: RequestedService | null;
  /** Called after the studio has the message, with the chosen service's name and the sender's email. */
  onSent: (serviceName: string, email: string) => void;
}

/** Step 1 of the contact page (spec §4, §5, §8). */
export function ContactForm({ requested, onSent }: ContactFormProps) {
  const { toast } = useToast();
  const followUp = useFollowUpToast();
  const [values, setValues] = useState<ContactValues>(() => initialValues(requested));
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const send = useMutation({
    mutationFn: sendContact,
    onSuccess: (res: ContactResponse, sent) => {
      if (res?.success === false) {
        toast({
          title: 'Something went wrong',
          description: res.message || 'Please try again later.',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Message Sent Successfully!',
        description: `We've received your message and will get back to you within ${DELIVERY.contactReplyHours}.`,
      });
      if (customerThankYouSent(res)) {
        followUp({
          title: 'Confirmation Email Sent',
          description: 'Check your inbox for a confirmation email from our studio.',
        });
      }
      setValues(initialValues(requested));
      setWebsite('');
      setErrors({});
      onSent(requested?.name ?? serviceLabel(sent.service) ?? sent.service, sent.email);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        toast({
          title: 'Something went wrong',
          description: error.serverMessage ?? 'Please try again later.',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Submission Error',
          description: "We couldn't send your message. Please try again.",
          variant: 'destructive',
        });
      }
    },
  });

  // The page arrives prerendered, so a visitor can type before React has taken over the form;
  // those characters are in the fields but not in the state yet: adopt them.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<ContactValues> = {};
    for (const field of FIELD_ORDER) {
      const input = form.elements.namedItem(field);
      if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) {
        if (input.value) typed[field] = input.value;
      }
    }
    if (Object.keys(typed).length) setValues((v) => ({ ...v, ...typed }));
  }, []);

  const set = (field: ContactField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    send.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      service: values.service,
      message: values.message.trim(),
      website,
    });
  };

  return (
    // method="post": sent before the scripts have loaded, the fields must not end up in a URL.
    <form
      ref={formRef}
      method="post"
      className="form contact-form"
      onSubmit={onSubmit}
      aria-label="Contact form"
    >
      <div className="form__row">
        <InputField
          id="contact-name"
          label="Name"
          error={errors.name}
          validated
          name="name"
          autoComplete="name"
          required
          maxLength={LIMITS.contact.nameMax}
          value={values.name}
          onChange={set('name')}
        />
        <InputField
          id="contact-email"
          label="Email"
          error={errors.email}
          validated
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.contact.emailMax}
          value={values.email}
          onChange={set('email')}
        />
      </div>
      <Field
        id="contact-service"
        label="Service"
        hint={requested ? 'Chosen from the page you came from.' : undefined}
        error={errors.service}
      >
        <select
          id="contact-service"
          className="field__input field__select"
          name="service"
          required
          disabled={Boolean(requested)}
          value={values.service}
          onChange={set('service')}
          {...validationProps('contact-service', errors.service, Boolean(requested))}
        >
          <option value="" disabled>
            Select a service
          </option>
          {CONTACT_SERVICES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </Field>
      <TextAreaField
        id="contact-message"
        label="Message"
        hint="Tell us about your track: genre, number of stems, references and your deadline."
        error={errors.message}
        validated
        name="message"
        rows={6}
        required
        maxLength={LIMITS.contact.messageMax}
        value={values.message}
        onChange={set('message')}
      />
      <HoneypotField id="contact-website" value={website} onChange={setWebsite} />
      <SubmitButton busy={send.isPending} busyLabel="Sending..." className="btn btn--primary btn--lg">
        Send Message
      </SubmitButton>
    </form>
  );
}
