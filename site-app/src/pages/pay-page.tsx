/**
 * /pay/:token: the balance mailed on approval. It shows what the amount is made of (quote,
 * deposit paid, extra rounds) and what paying unlocks before the button; each visit reuses the
 * balance's open Checkout Session.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage, pluralize, SITE_ROUTES } from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { BalanceBreakdownList } from '../components/portal/balance-breakdown';
import { fetchBalance, payKeys, startBalanceCheckout } from '../components/portal/review-api';
import '../components/portal/portal.css';

export default function PayPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const justPaid = params.get('paid') === '1';
  usePageTitle(SITE_ROUTES.pay.title);
  const q = useQuery({
    queryKey: payKeys.balance(token),
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
      setError(errorMessage(err, 'The payment could not start. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <section className="page container portal">
      <h1 className="page__title">Your balance</h1>
      {q.isPending && <p className="portal-muted">Loading…</p>}
      {q.isError && (
        <p className="portal-error" role="alert">
          {errorMessage(q.error, 'This payment link could not be loaded.')}
        </p>
      )}
      {balance && (
        <div className="card portal-card">
          <h2 className="portal-card__title">
            {balance.serviceName}
            {balance.customerName ? ` for ${balance.customerName}` : ''}
          </h2>
          {balance.paid ? (
            <p className="portal-notice" role="status" data-testid="pay-paid">
              Paid, thank you! Your final files are unlocked on{' '}
              <Link to={balance.projectPath}>your project page</Link>.
            </p>
          ) : justPaid ? (
            <p className="portal-muted" role="status">
              Confirming your payment…
            </p>
          ) : (
            <>
              <BalanceBreakdownList breakdown={balance.breakdown} />
              <p className="portal-unlocks" data-testid="pay-unlocks">
                {balance.finalFileCount > 0
                  ? `Paying unlocks your ${pluralize(balance.finalFileCount, 'final file')} at once, ready to download from your project page.`
                  : 'Paying unlocks your final files: they appear on your project page as soon as the studio adds them.'}
              </p>
              <button
                type="button"
                className="btn btn--primary btn--lg btn--block"
                disabled={busy}
                onClick={() => void pay()}
                data-testid="pay-button"
              >
                Pay <span data-testid="pay-amount">{balance.amountFormatted}</span>
              </button>
              <p className="portal-muted">
                You pay on Stripe's secure page. <Link to={balance.projectPath}>Back to your project</Link>
              </p>
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
