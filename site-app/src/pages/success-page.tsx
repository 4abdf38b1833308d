/**
 * /success?session_id={id}&service={name}: where Stripe's hosted Checkout returns after a plan
 * booking. The booking took the 50% deposit (see the header of
 * backend/src/payments/payments.service.ts); the webhook records the payment and sends the
 * confirmation email, so this page only thanks the customer, names what they booked (when the
 * name is one of the catalogue's, so an edited address cannot make it say anything else) and
 * says what happens next.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { DELIVERY, REVISIONS, SITE_ROUTES } from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { servicesQuery } from '../api/site-api';
import { bookingsEmailQuery, defaultBookingsEmail } from '../components/payment/payment-api';
import '../components/payment/payment.css';

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];
const revisionRounds = NUMBER_WORDS[REVISIONS.standardRounds] ?? String(REVISIONS.standardRounds);

const NEXT_STEPS = [
  {
    title: 'Check your email',
    text: 'Your receipt and booking confirmation are on their way to your inbox.',
  },
  {
    title: 'Upload your tracks',
    text: 'The confirmation email carries a link to your private project page, where you upload your stems, references and notes.',
  },
  {
    title: 'Receive your audio',
    text: `Your finished audio arrives in ${DELIVERY.bookingPromise}, with up to ${revisionRounds} revisions included.`,
  },
  {
    title: 'Final invoice',
    text: 'When the work is complete we send the final invoice for the remaining 50%.',
  },
];

export default function SuccessPage() {
  usePageTitle(SITE_ROUTES.success.title);
  const [search] = useSearchParams();
  const sessionId = search.get('session_id')?.trim() ?? '';
  const bookingsEmail = useQuery(bookingsEmailQuery).data ?? defaultBookingsEmail();
  const requested = search.get('service')?.trim() ?? '';
  const catalogue = useQuery({ ...servicesQuery, enabled: requested !== '' });
  const service = catalogue.data?.services.find((s) => s.name === requested)?.name ?? null;

  return (
    <section className="page container pay-result">
      <div className="card pay-result__card pay-result__card--success">
        <span className="pay-result__icon" aria-hidden="true">
          ✓
        </span>
        <h1 className="page__title pay-result__title">Payment Successful!</h1>
        <p className="pay-result__lead" data-testid="success-lead">
          {service ? (
            <>
              Thank you for booking <strong>{service}</strong>.
            </>
          ) : (
            'Thank you for your booking.'
          )}{' '}
          Your 50% deposit has been received and your project is in our schedule.
        </p>
        {(service || sessionId) && (
          <dl className="pay-facts pay-result__facts">
            {service && (
              <div>
                <dt>Service</dt>
                <dd data-testid="success-service">{service}</dd>
              </div>
            )}
            {sessionId && (
              <div>
                <dt>Transaction ID</dt>
                <dd className="pay-facts__id">{sessionId}</dd>
              </div>
            )}
          </dl>
        )}

        <h2 className="pay-result__subtitle">What happens next</h2>
        <ol className="pay-steps">
          {NEXT_STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <span>{step.text}</span>
            </li>
          ))}
        </ol>

        <div className="pay-result__actions">
          <Link to="/" className="btn btn--primary">
            Return Home
          </Link>
          <Link to="/portal" className="btn btn--outline">
            Your projects
          </Link>
          <Link to="/services" className="btn btn--outline">
            Explore Services
          </Link>
        </div>
        <p className="pay-result__note">
          Questions about your booking? Email us at <a href={`mailto:${bookingsEmail}`}>{bookingsEmail}</a>.
        </p>
      </div>
    </section>
  );
}
