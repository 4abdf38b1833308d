import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, CONTACT_SERVICES, DELIVERY, LIMITS } from '@studio/shared';
import { customerThankYouSent, sendContact, type ContactResponse } from '../../api/site-api';
import { useToast } from '../../toast/toast-context';
import { Field, SenderFields, SubmitButton, TextAreaField, validationProps } from '../ui/field';
import { useFollowUpToast } from '../ui/follow-up-toast';
import { HoneypotField } from '../ui/honeypot-field';
import { useValidatedForm } from '../ui/use-validated-form';
import '../ui/ui.css';
import {
  prefilledMessage,
  serviceLabel,
  validateContact,
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
  const form = useValidatedForm({
    idPrefix: 'contact',
    fields: FIELD_ORDER,
    initial: () => initialValues(requested),
    validate: (values) => validateContact(values),
  });
  const { values, errors, formRef, setValues } = form;
  const [website, setWebsite] = useState('');

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
      form.reset();
      setWebsite('');
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
    const element = formRef.current;
    if (!element) return;
    const typed: Partial<ContactValues> = {};
    for (const field of FIELD_ORDER) {
      const input = element.elements.namedItem(field);
      if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) {
        if (input.value) typed[field] = input.value;
      }
    }
    if (Object.keys(typed).length) setValues((v) => ({ ...v, ...typed }));
  }, [formRef, setValues]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
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
      <SenderFields
        name={form.field('name')}
        email={form.field('email')}
        nameMax={LIMITS.contact.nameMax}
        emailMax={LIMITS.contact.emailMax}
      />
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
          onChange={form.set('service')}
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
        label="Message"
        hint="Tell us about your track: genre, number of stems, references and your deadline."
        rows={6}
        required
        maxLength={LIMITS.contact.messageMax}
        {...form.field('message')}
      />
      <HoneypotField id="contact-website" value={website} onChange={setWebsite} />
      <SubmitButton busy={send.isPending} busyLabel="Sending..." className="btn btn--primary btn--lg">
        Send Message
      </SubmitButton>
    </form>
  );
}
