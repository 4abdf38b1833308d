/** /pay/:token: the balance mailed on approval; each visit reuses the open Checkout Session. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, SITE_ROUTES } from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { fetchBalance, startBalanceCheckout } from '../components/portal/review-api';
import '../components/portal/portal.css';

export default function PayPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const justPaid = params.get('paid') === '1';
  usePageTitle(SITE_ROUTES.pay.title);
  const q = useQuery({
    queryKey: ['/api/pay', token],
    queryFn: () => fetchBalance(token),
    // Back from Checkout: the webhook may need a moment.
    refetchInterval: (s) => (justPaid && !s.state.data?.balance.paid ? 2000 : false),
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const balance = q.data?.balance;

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await startBalanceCheckout(token);
      window.location.assign(url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The payment could not start. Please try again.');
      setBusy(false);
    }
  }

  return (
    <section className="page container portal">
      <h1 className="page__title">Your balance</h1>
      {q.isPending && <p className="portal-muted">Loading…</p>}
      {q.isError && (
        <p className="portal-error" role="alert">
          {q.error instanceof ApiError ? q.error.message : 'This payment link could not be loaded.'}
        </p>
      )}
      {balance && (
        <div className="card portal-card">
          <p>
            {balance.serviceName}
            {balance.customerName ? ` for ${balance.customerName}` : ''}
          </p>
          {balance.paid ? (
            <p className="portal-notice" role="status" data-testid="pay-paid">
              Paid, thank you! Your final files are unlocked in <Link to="/portal">your portal</Link>.
            </p>
          ) : justPaid ? (
            <p className="portal-muted">Confirming your payment…</p>
          ) : (
            <>
              <p>
                Balance due: <strong data-testid="pay-amount">{balance.amountFormatted}</strong>
              </p>
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => void pay()}
                data-testid="pay-button"
              >
                Pay {balance.amountFormatted}
              </button>
            </>
          )}
          {error && (
            <p className="portal-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
