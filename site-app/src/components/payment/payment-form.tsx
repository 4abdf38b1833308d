/**
 * The card payment form shared by /checkout and the contact page's deposit step: asks the server
 * for a PaymentIntent (the server decides the amount), mounts Stripe's Payment Element and
 * confirms the payment, after which Stripe sends the visitor to /payment-success.
 *
 * States (spec §4): loading ('Preparing your payment...'), ready, or error (the 'Payment Error'
 * card); plus 'Payments are not configured' when the studio has not set Stripe up. A new intent
 * is requested when the service or the amount changes, never twice for the same one.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance } from '@stripe/stripe-js';
import { ApiError, formatPence, LIMITS, penceToPounds } from '@studio/shared';
import { useErrorToast } from '../../toast/use-api-error-toast';
import { EmailField } from '../ui/field';
import { rememberCheckoutForRetry } from './checkout-params';
import {
  createPaymentIntent,
  CUSTOM_PAYMENT_LABEL,
  isNotConfiguredError,
  paymentsConfigQuery,
  type CreatePaymentIntentResponse,
} from './payment-api';
import {
  PaymentErrorCard,
  PaymentPending,
  PaymentsNotConfigured,
  PREPARING_PAYMENT,
} from './payment-notices';
import { getStripe } from './stripe-loader';
import './payment.css';

const SETUP_FALLBACK = 'There was a problem setting up the payment system. Please try again later.';
const PAYMENT_FALLBACK = 'An unexpected error occurred during payment processing.';

/** The server answered 200 but without what the form needs. */
class InvalidResponseError extends Error {
  constructor() {
    super('Invalid response from server');
  }
}

/** The error card's sentence for a failed setup (spec §8). */
export function setupErrorMessage(error: unknown): string {
  if (error instanceof InvalidResponseError) return error.message;
  if (error instanceof ApiError) return error.serverMessage ?? 'Failed to create payment intent';
  if (error instanceof Error) return SETUP_FALLBACK;
  return 'Unknown error occurred';
}

// The site's dark theme, in Stripe's terms (CSS variables cannot reach into its iframe).
const APPEARANCE: Appearance = {
  theme: 'night',
  variables: {
    colorPrimary: '#f5b942',
    colorBackground: '#0f1117',
    colorText: '#f4f4f6',
    colorDanger: '#e5484d',
    borderRadius: '10px',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
};

export interface PaymentFormProps {
  /** Pay this catalogue service's 50% deposit; the server works out the amount. */
  serviceId?: number | null;
  /** A custom payment in pence, used only without a serviceId. */
  amountPence?: number;
  /** The service's name for the payment's label ('Custom Payment' when there is none). */
  serviceName?: string;
  /** Where the receipt and confirmation go, when the page already knows it (prefills the field). */
  email?: string;
  /** The error card's way out; without it the page offers its own. */
  onBack?: () => void;
  backLabel?: string;
}

export default function PaymentForm({
  serviceId,
  amountPence = 0,
  serviceName,
  email,
  onBack,
  backLabel,
}: PaymentFormProps) {
  const config = useQuery(paymentsConfigQuery);
  const configured = config.data?.configured === true && Boolean(config.data.publishableKey);
  const publishableKey = config.data?.publishableKey ?? '';
  const wanted = Boolean(serviceId) || amountPence > 0;

  const intent = useQuery({
    // The amount only matters without a service; a new key means a new PaymentIntent.
    queryKey: ['payment-intent', serviceId ?? null, serviceId ? null : amountPence, email ?? null],
    queryFn: async (): Promise<CreatePaymentIntentResponse & { clientSecret: string }> => {
      const res = await createPaymentIntent({
        amount: penceToPounds(amountPence),
        ...(serviceId ? { serviceId } : {}),
        metadata: { service_name: serviceName || CUSTOM_PAYMENT_LABEL },
        ...(email ? { email } : {}),
      });
      if (!res?.success || !res.clientSecret) throw new InvalidResponseError();
      return { ...res, clientSecret: res.clientSecret };
    },
    enabled: configured && wanted,
    // A client secret is single-use: drop it once the form is gone, so coming back asks again.
    gcTime: 0,
  });

  const stripe = useQuery({
    queryKey: ['stripe-js', publishableKey],
    queryFn: () => getStripe(publishableKey),
    enabled: configured,
    structuralSharing: false,
  });

  if (config.isPending) return <PaymentPending text={PREPARING_PAYMENT} />;
  if (config.isError)
    return <PaymentErrorCard message={SETUP_FALLBACK} onBack={onBack} backLabel={backLabel} />;
  if (!configured || isNotConfiguredError(intent.error)) return <PaymentsNotConfigured />;
  if (!wanted) return <PaymentErrorCard message={SETUP_FALLBACK} onBack={onBack} backLabel={backLabel} />;
  if (intent.isError) {
    return (
      <PaymentErrorCard message={setupErrorMessage(intent.error)} onBack={onBack} backLabel={backLabel} />
    );
  }
  if (stripe.isError)
    return <PaymentErrorCard message={SETUP_FALLBACK} onBack={onBack} backLabel={backLabel} />;
  if (!intent.data || !stripe.data) return <PaymentPending text={PREPARING_PAYMENT} />;

  const { clientSecret } = intent.data;
  return (
    <Elements key={clientSecret} stripe={stripe.data} options={{ clientSecret, appearance: APPEARANCE }}>
      <CardForm
        amountPence={intent.data.amount ?? amountPence}
        defaultEmail={email ?? ''}
        onConfirm={() => rememberCheckoutForRetry(serviceId ? { serviceId } : { amountPence })}
      />
    </Elements>
  );
}

interface CardFormProps {
  amountPence: number;
  defaultEmail: string;
  onConfirm: () => void;
}

function CardForm({ amountPence, defaultEmail, onConfirm }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const showError = useErrorToast();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [receiptEmail, setReceiptEmail] = useState(defaultEmail);

  const paymentFailed = (description?: string) => showError('Payment Failed', description, PAYMENT_FALLBACK);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    onConfirm();
    try {
      // On success Stripe leaves for the return URL; it only comes back here with an error.
      const { error } = await stripe.confirmPayment({
        elements,
        // Stripe stores the address on the payment; the studio's confirmation mail goes there too.
        confirmParams: {
          return_url: `${window.location.origin}/payment-success`,
          receipt_email: receiptEmail.trim(),
        },
      });
      if (error) paymentFailed(error.message);
    } catch {
      paymentFailed();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card pay-form" onSubmit={onSubmit} aria-label="Card payment">
      <EmailField
        id="pay-receipt-email"
        label="Email for your receipt"
        name="email"
        required
        maxLength={LIMITS.user.emailMax}
        value={receiptEmail}
        onChange={(e) => setReceiptEmail(e.target.value)}
      />
      <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      {!ready && <PaymentPending text="Loading the card form..." />}
      <button
        type="submit"
        className="btn btn--primary btn--lg btn--block"
        disabled={!stripe || !elements || !ready || busy}
      >
        {busy ? 'Processing' : `Pay ${formatPence(amountPence)}`}
      </button>
      <p className="pay-form__note">
        Payments are handled securely by Stripe. Your card details never reach our servers.
      </p>
    </form>
  );
}
