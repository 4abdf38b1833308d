/**
 * /payment-success: where Stripe returns after the Payment Element, with payment_intent and
 * payment_intent_client_secret in the query. The outcome is asked of the server
 * (GET /api/payments/intent-status), never taken from the query's redirect_status, which
 * anyone can type.
 *
 * States (spec §4): loading, then success (succeeded), success-processing (processing), or
 * error (requires_payment_method, any other status, a missing secret or intent, or a failed
 * look-up).
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatPence } from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { useToast, type ToastInput } from '../toast/toast-context';
import { retryCheckoutPath } from '../components/payment/checkout-params';
import { intentStatus, type IntentStatusResponse } from '../components/payment/payment-api';
import '../components/payment/payment.css';

type Outcome = 'loading' | 'success' | 'processing' | 'error';

const FAILED_TEXT =
  'We were unable to process your payment. Please try again or contact our support team for assistance.';

const TOASTS: Partial<Record<string, ToastInput>> = {
  processing: {
    title: 'Payment Processing',
    description: "Your payment is still processing. We'll update you when it's complete.",
  },
  requires_payment_method: {
    title: 'Payment Failed',
    description: 'Please try another payment method.',
    variant: 'destructive',
  },
  other: {
    title: 'Something went wrong',
    description: 'Please contact customer support for assistance.',
    variant: 'destructive',
  },
};

function outcomeOf(status: IntentStatusResponse['status']): Outcome {
  if (status === 'succeeded') return 'success';
  if (status === 'processing') return 'processing';
  return 'error';
}

const HEADINGS: Record<Outcome, string> = {
  loading: 'Verifying your payment...',
  success: 'Payment Successful!',
  processing: 'Payment Processing',
  error: 'Payment Failed',
};

export default function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const intentId = search.get('payment_intent')?.trim() ?? '';
  const clientSecret = search.get('payment_intent_client_secret')?.trim() ?? '';
  // The secret Stripe hands back always starts with its intent's id.
  const usable = Boolean(intentId && clientSecret.startsWith(`${intentId}_secret_`));

  const status = useQuery({
    queryKey: ['payment-intent-status', intentId],
    queryFn: () => intentStatus(intentId, clientSecret),
    enabled: usable,
  });
  const intent = status.data;

  const outcome: Outcome =
    !usable || status.isError ? 'error' : intent ? outcomeOf(intent.status) : 'loading';
  const heading = HEADINGS[outcome];
  usePageTitle(heading);

  const { toast } = useToast();
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!intent || toasted.current === intent.id) return;
    toasted.current = intent.id;
    if (intent.status === 'succeeded') return;
    const input = TOASTS[intent.status] ?? TOASTS.other;
    if (input) toast(input);
  }, [intent, toast]);

  const retryPath = useMemo(() => retryCheckoutPath(), []);

  if (outcome === 'loading') {
    return (
      <section className="page container pay-result">
        <div className="card pay-result__card" role="status" aria-live="polite">
          <span className="pay-spinner pay-spinner--lg" aria-hidden="true" />
          <h1 className="pay-result__title pay-result__title--small">{heading}</h1>
        </div>
      </section>
    );
  }

  return (
    <section className="page container pay-result">
      <div className={`card pay-result__card pay-result__card--${outcome}`}>
        <span className="pay-result__icon" aria-hidden="true">
          {outcome === 'success' ? '✓' : outcome === 'processing' ? '…' : '!'}
        </span>
        <h1 className="page__title pay-result__title">{heading}</h1>
        <p className="pay-result__lead">
          {outcome === 'success'
            ? 'Thank you! Your payment has been received and your booking is confirmed.'
            : outcome === 'processing'
              ? "Your payment is still processing. We'll update you when it's complete."
              : FAILED_TEXT}
        </p>

        {intent && (
          <dl className="pay-facts pay-result__facts">
            <div>
              <dt>Amount</dt>
              <dd className="pay-facts__amount">{formatPence(intent.amount)}</dd>
            </div>
            <div>
              <dt>Transaction ID</dt>
              <dd className="pay-facts__id">{intent.id}</dd>
            </div>
          </dl>
        )}

        {outcome === 'success' && (
          <p className="pay-result__note">
            A confirmation email with your receipt and the next steps is on its way to you, with a link to
            your private project page where you upload your stems: <Link to="/portal">your projects</Link>.
          </p>
        )}

        <div className="pay-result__actions">
          {outcome === 'error' && (
            <Link to={retryPath} className="btn btn--primary">
              Try Again
            </Link>
          )}
          <Link to="/" className={`btn ${outcome === 'error' ? 'btn--outline' : 'btn--primary'}`}>
            Return Home
          </Link>
        </div>
      </div>
    </section>
  );
}
