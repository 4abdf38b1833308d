import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DELIVERY, SITE_ROUTES } from '@studio/shared';
import { servicesQuery } from '../api/site-api';
import { ContactForm } from '../components/contact/contact-form';
import { matchBookableService, resolveRequestedService } from '../components/contact/contact-schema';
import { usePageTitle } from '../hooks/use-page-title';
import '../components/contact/contact.css';

// Step 2 and its card form are only fetched when a booking gets that far.
const DepositPayment = lazy(() =>
  import(/* webpackChunkName: "contact-deposit" */ '../components/contact/deposit-step').then((m) => ({
    default: m.DepositPayment,
  })),
);

type Step = { kind: 'contact' } | { kind: 'payment'; serviceId: number; email: string };

const STEPS = [
  { kind: 'contact', label: 'Your message' },
  { kind: 'payment', label: 'Payment' },
] as const;

const NEXT_STEPS = [
  `We reply within ${DELIVERY.contactReplyHours}, usually sooner.`,
  'New customers get their first mix free: send one song and hear the difference.',
  'Paid work is booked with a 50% deposit; the balance is due before final delivery.',
  `Your finished files arrive in ${DELIVERY.businessDays} business days from project confirmation.`,
];

/**
 * /contact: step 1 sends the message; step 2 (the deposit) follows when the chosen service is
 * one that can be booked, matched by name against the services list (spec §4).
 */
export default function ContactPage() {
  usePageTitle(SITE_ROUTES.contact.title);
  const [params] = useSearchParams();
  const param = params.get('service');
  // A plan name (the bulk deal) is only known from the catalogue, so it is fetched for that case.
  const needsCatalogue = Boolean(param?.trim()) && !resolveRequestedService(param);
  const catalogue = useQuery({ ...servicesQuery, enabled: needsCatalogue });
  const requested = useMemo(
    () => resolveRequestedService(param, catalogue.data?.services),
    [param, catalogue.data],
  );
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'contact' });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = useCallback((next: Step) => {
    setStep(next);
    // Tell keyboard and screen-reader users the page changed under them.
    requestAnimationFrame(() => headingRef.current?.focus());
  }, []);

  const onSent = useCallback(
    async (serviceName: string, email: string) => {
      try {
        const res = await queryClient.fetchQuery(servicesQuery);
        const match = matchBookableService(res?.services ?? [], serviceName);
        if (match) goTo({ kind: 'payment', serviceId: match.id, email });
      } catch {
        // No services list, no deposit step: the message itself was sent.
      }
    },
    [queryClient, goTo],
  );

  return (
    <div className="container contact">
      <div className="contact__main">
        <h1 ref={headingRef} tabIndex={-1} className="page__title contact__title">
          {step.kind === 'contact' ? 'Contact Us' : 'Pay Your Deposit'}
        </h1>
        <p className="page__lead">
          {step.kind === 'contact'
            ? `Tell us about your project and we will get back to you within ${DELIVERY.contactReplyHours}.`
            : 'Thanks, your message is on its way to us. Book your session with a 50% deposit.'}
        </p>

        <ol className="contact-steps" aria-label="Steps">
          {STEPS.map((s, i) => (
            <li
              key={s.kind}
              className={`contact-steps__item${step.kind === s.kind ? ' is-current' : ''}`}
              aria-current={step.kind === s.kind ? 'step' : undefined}
            >
              <span className="contact-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              {s.label}
            </li>
          ))}
        </ol>

        {step.kind === 'contact' ? (
          <div className="card">
            <ContactForm key={requested?.value ?? 'free'} requested={requested} onSent={onSent} />
          </div>
        ) : (
          <>
            <Suspense fallback={<p role="status">Loading the payment step…</p>}>
              <DepositPayment serviceId={step.serviceId} email={step.email} />
            </Suspense>
            <button
              type="button"
              className="btn btn--outline contact__back"
              onClick={() => goTo({ kind: 'contact' })}
            >
              Back to Contact Form
            </button>
          </>
        )}
      </div>

      <aside className="contact__aside" aria-labelledby="contact-next-heading">
        <h2 id="contact-next-heading" className="contact__aside-title">
          What happens next
        </h2>
        <ul className="tick-list">
          {NEXT_STEPS.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
