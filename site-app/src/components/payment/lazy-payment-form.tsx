import { lazy, Suspense } from 'react';
import { PaymentPending, PREPARING_PAYMENT } from './payment-notices';
import type { PaymentFormProps } from './payment-form';

// Stripe's React bindings download with the first payment form, never with the page around it.
const PaymentForm = lazy(() => import(/* webpackChunkName: "payment-form" */ './payment-form'));

/** The shared card payment form, loaded on demand (see payment-form.tsx). */
export function LazyPaymentForm(props: PaymentFormProps) {
  return (
    <Suspense fallback={<PaymentPending text={PREPARING_PAYMENT} />}>
      <PaymentForm {...props} />
    </Suspense>
  );
}

export type { PaymentFormProps };
