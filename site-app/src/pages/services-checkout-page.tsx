/**
 * /services-checkout: the four plans, booked through Stripe's hosted Checkout for the 50%
 * deposit. The page shows what the server will charge (planDepositPence, the same rule the
 * server applies), but the server decides it: the page only sends the plan's name, the email
 * and the referral code.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ApiError,
  DELIVERY,
  MESSAGES,
  REFERRAL,
  errorMessage,
  type CatalogueService,
  SITE_ROUTES,
} from '@studio/shared';
import { servicesQuery } from '../api/site-api';
import { usePageTitle } from '../hooks/use-page-title';
import { useToast } from '../toast/toast-context';
import { useErrorToast } from '../toast/use-api-error-toast';
import {
  createCheckoutSession,
  paymentsConfigQuery,
  validateReferralCode,
} from '../components/payment/payment-api';
import { PaymentsNotConfigured } from '../components/payment/payment-notices';
import { PlanCard } from '../components/payment/plan-card';
import { ReferralBox, type ReferralState } from '../components/payment/referral-box';
import '../components/payment/payment.css';

const STEPS = [
  {
    title: 'Choose your service',
    text: 'Pick the plan that fits your project, from one master to a full EP.',
  },
  {
    title: 'Pay your deposit',
    text: 'Pay 50% securely by card today. The rest is invoiced when the work is complete.',
  },
  {
    title: 'Upload your tracks',
    text: "We'll email you a link to send your stems, references and notes.",
  },
  {
    title: `Receive in ${DELIVERY.bookingPromise}`,
    text: 'Your finished audio arrives ready for release, with revisions included.',
  },
];

const UNVALIDATED: ReferralState = { status: 'unvalidated' };

export default function ServicesCheckoutPage() {
  usePageTitle(SITE_ROUTES.servicesCheckout.title);
  const { toast } = useToast();
  const showError = useErrorToast();
  const config = useQuery(paymentsConfigQuery);
  const notConfigured = config.data?.configured === false;
  // Prices come from the catalogue in the database, never from this bundle.
  const catalogue = useQuery(servicesQuery);

  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [referral, setReferral] = useState<ReferralState>(UNVALIDATED);
  const [bookingPlanId, setBookingPlanId] = useState<number | null>(null);
  // The code a validation answer is about must still be the one in the field.
  const currentCode = useRef('');
  currentCode.current = code.trim();

  // Coming back from Stripe with the Back button can restore this page as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setBookingPlanId(null);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const validation = useMutation({
    mutationFn: validateReferralCode,
    onSuccess: (res, sentCode) => {
      if (sentCode !== currentCode.current) return;
      if (res?.valid) {
        const discountPercent = res.code?.discountPercent ?? REFERRAL.defaultDiscountPercent;
        setReferral({ status: 'valid', discountPercent });
        toast({
          title: 'Discount Applied',
          description: `Your referral code takes ${discountPercent}% off your booking.`,
        });
      } else {
        const message = res?.message || 'Invalid referral code';
        setReferral({ status: 'invalid', message });
        showError('Invalid Code', message);
      }
    },
    onError: (error, sentCode) => {
      if (sentCode !== currentCode.current) return;
      setReferral(UNVALIDATED);
      showError(
        'Validation Error',
        error instanceof ApiError
          ? errorMessage(error, 'Failed to validate referral code')
          : 'Error validating code',
      );
    },
  });

  const checkout = useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: (res) => {
      if (res?.success && res.url) {
        // Stays 'Processing...' until the browser has left for Stripe.
        window.location.assign(res.url);
        return;
      }
      setBookingPlanId(null);
      showError('Checkout Error', 'Failed to initiate checkout');
    },
    onError: (error) => {
      setBookingPlanId(null);
      showError('Checkout Error', error, 'Failed to initiate checkout');
    },
  });

  const onCodeChange = (value: string) => {
    setCode(value);
    // A changed (or emptied) code is no longer the validated one.
    setReferral(UNVALIDATED);
  };

  const onValidate = () => {
    const trimmed = code.trim();
    if (!email.trim()) {
      showError('Email Required', 'Please enter your email to apply a referral code');
      return;
    }
    if (trimmed) validation.mutate(trimmed);
  };

  const onBook = (plan: CatalogueService) => {
    if (bookingPlanId) return;
    const referralCode = code.trim();
    const customerEmail = email.trim();
    if (referralCode && !customerEmail) {
      showError('Email Required', MESSAGES.referralEmailRequired);
      return;
    }
    setBookingPlanId(plan.id);
    checkout.mutate({
      serviceName: plan.name,
      ...(referralCode ? { referralCode } : {}),
      ...(customerEmail ? { email: customerEmail } : {}),
    });
  };

  const discountPercent = referral.status === 'valid' ? referral.discountPercent : null;

  return (
    <div className="page container booking">
      <h1 className="page__title">Book &amp; Pay</h1>
      <p className="page__lead">
        Choose your service and pay a 50% deposit online to book it. The remaining 50% is invoiced when your
        project is complete.
      </p>

      <ReferralBox
        email={email}
        code={code}
        state={referral}
        validating={validation.isPending}
        onEmailChange={setEmail}
        onCodeChange={onCodeChange}
        onValidate={onValidate}
      />

      <section className="booking__plans" aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="booking__heading">
          Choose your plan
        </h2>
        {notConfigured && <PaymentsNotConfigured />}
        {catalogue.isPending && <p role="status">Loading the plans…</p>}
        {catalogue.isError && (
          <p role="alert" className="notice notice--error">
            We could not load the plans. Please reload the page.
          </p>
        )}
        <div className="plan-grid">
          {(catalogue.data?.services ?? []).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              discountPercent={discountPercent}
              processing={bookingPlanId === plan.id}
              disabled={notConfigured || (bookingPlanId !== null && bookingPlanId !== plan.id)}
              onBook={onBook}
            />
          ))}
        </div>
        <p className="booking__fine-print">
          Prices in GBP. Fees may vary with the size and complexity of your project; we will always agree any
          change with you first.
        </p>
      </section>

      <section className="booking__steps" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="booking__heading">
          How it works
        </h2>
        <ol className="step-list">
          {STEPS.map((step, index) => (
            <li key={step.title} className="step-list__item">
              <span className="step-list__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step-list__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
