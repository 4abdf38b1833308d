/**
 * /checkout?serviceId={id}&amount={pounds}: pay a service's 50% deposit, or a custom amount.
 *
 * DECISION on `amount`: it is always decimal POUNDS, as spec §5 reads it and as
 * POST /api/create-payment-intent takes it. The spec notes that the contact page used to link
 * here with the deposit in pence; on this site the contact page shows the payment form itself,
 * and every link the site makes to /checkout is built by checkoutPath() (components/payment/
 * checkout-params.ts), which writes pounds. With a serviceId the amount is ignored altogether:
 * the server charges that service's deposit. Without either, the amount is
 * DEFAULT_CHECKOUT_AMOUNT_PENCE (£50).
 */
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatPence, poundsToPence, SITE_ROUTES } from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { useErrorToast } from '../toast/use-api-error-toast';
import { parseCheckoutParams } from '../components/payment/checkout-params';
import { LazyPaymentForm } from '../components/payment/lazy-payment-form';
import { serviceQuery } from '../components/payment/payment-api';
import '../components/payment/payment.css';

export default function CheckoutPage() {
  usePageTitle(SITE_ROUTES.checkout.title);
  const [search] = useSearchParams();
  const { serviceId, amountPence } = useMemo(() => parseCheckoutParams(search), [search]);
  const navigate = useNavigate();
  const location = useLocation();
  const showError = useErrorToast();

  const service = useQuery({ ...serviceQuery(serviceId ?? 0), enabled: serviceId !== null });
  const details = service.data?.service;

  useEffect(() => {
    if (service.isError) {
      showError('Error', 'Could not fetch service details');
    }
  }, [service.isError, showError]);

  // Back to wherever the visitor came from, or to the booking page on a fresh tab.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate('/services-checkout'));

  return (
    <section className="page container checkout">
      <h1 className="page__title">Checkout</h1>
      <p className="page__lead">
        {serviceId
          ? 'Pay the 50% deposit to book your project. The rest is invoiced when the work is complete.'
          : 'Make a secure card payment to the studio.'}
      </p>

      <div className="checkout__grid">
        <aside className="card checkout__summary" aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading" className="checkout__summary-title">
            {serviceId ? 'Your service' : 'Your payment'}
          </h2>
          {serviceId === null ? (
            <dl className="pay-facts">
              <div>
                <dt>Payment amount</dt>
                <dd className="pay-facts__amount">{formatPence(amountPence)}</dd>
              </div>
            </dl>
          ) : details ? (
            <>
              <p className="checkout__service-name">{details.name}</p>
              <p className="checkout__service-description">{details.description}</p>
              <dl className="pay-facts">
                <div>
                  <dt>Service type</dt>
                  <dd>{details.serviceType}</dd>
                </div>
                {details.price !== undefined && (
                  <div>
                    <dt>Full price</dt>
                    <dd>{formatPence(details.price)}</dd>
                  </div>
                )}
                <div>
                  <dt>Deposit due today (50%)</dt>
                  <dd className="pay-facts__amount">{formatPence(poundsToPence(details.depositAmount))}</dd>
                </div>
              </dl>
            </>
          ) : service.isError ? (
            <p className="checkout__service-description">We could not load the details of this service.</p>
          ) : (
            <p className="checkout__service-description" role="status">
              Loading service details...
            </p>
          )}
        </aside>

        <div className="checkout__pay">
          <LazyPaymentForm
            serviceId={serviceId}
            amountPence={details ? poundsToPence(details.depositAmount) : amountPence}
            serviceName={details?.name}
            onBack={goBack}
          />
        </div>
      </div>
    </section>
  );
}
