import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { depositPence, formatPence } from '@studio/shared';
import { servicesQuery } from '../../api/site-api';
import { LazyPaymentForm } from '../payment/lazy-payment-form';
import '../ui/ui.css';

/** Price, deposit (half, rounded down) and balance of a service, formatted: '£60', '£30', '£30'. */
export function depositSummary(pricePence: number): { price: string; deposit: string; balance: string } {
  const deposit = depositPence(pricePence);
  return {
    price: formatPence(pricePence),
    deposit: formatPence(deposit),
    balance: formatPence(pricePence - deposit),
  };
}

/**
 * Step 2 of the contact page: the chosen service and the 50% deposit that books it, paid with
 * the same card form as /checkout (components/payment). The server charges that service's
 * deposit whatever this page shows; `email`, when the page passes it, prefills the receipt field.
 */
export function DepositPayment({ serviceId, email }: { serviceId: number; email?: string }) {
  const services = useQuery(servicesQuery);
  const service = services.data?.services.find((s) => s.id === serviceId);

  return (
    <section className="card deposit" aria-labelledby="deposit-heading">
      <h2 id="deposit-heading" className="deposit__title">
        Book with a 50% deposit
      </h2>
      {services.isPending && <p role="status">Loading your service…</p>}
      {services.isError && (
        <p role="alert" className="notice notice--error">
          We could not load the service details. Please reload the page.
        </p>
      )}
      {service && (
        <>
          <dl className="deposit__summary">
            <div>
              <dt>Service</dt>
              <dd>{service.name}</dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>{depositSummary(service.price).price}</dd>
            </div>
            <div className="deposit__due">
              <dt>Deposit due now (50%)</dt>
              <dd>{depositSummary(service.price).deposit}</dd>
            </div>
            <div>
              <dt>Balance, due before final delivery</dt>
              <dd>{depositSummary(service.price).balance}</dd>
            </div>
          </dl>
          <p className="deposit__note">
            Once paid, your project gets a private page in the <Link to="/portal">client portal</Link>: we
            email you the link, and you upload your stems there.
          </p>
          <LazyPaymentForm
            serviceId={service.id}
            amountPence={depositPence(service.price)}
            serviceName={service.name}
            email={email}
          />
        </>
      )}
    </section>
  );
}
