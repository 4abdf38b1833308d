import { useQuery } from '@tanstack/react-query';
import { formatPence } from '@studio/shared';
import { fetchReceipts, receiptKeys } from './review-api';

/** One PDF receipt per payment of the project (deposit, balance), with any refund noted. */
export function ProjectReceipts({ projectId, statusKey }: { projectId: string; statusKey: string }) {
  const q = useQuery({
    // A payment made meanwhile (the balance) shows once the project's status has moved.
    queryKey: [...receiptKeys.list(projectId), statusKey],
    queryFn: () => fetchReceipts(projectId),
  });
  if (!q.data?.receipts.length) return null;
  return (
    <>
      <h3 className="portal-card__subtitle">Receipts</h3>
      <ul className="portal-receipts" data-testid="receipts">
        {q.data.receipts.map((r) => (
          <li key={r.paymentId}>
            <a className="portal-receipt" href={r.url} download>
              <span className="portal-receipt__what">
                {r.label} · {formatPence(r.amountPence)}
              </span>
              <span className="portal-receipt__meta">
                {r.number} · {new Date(r.paidAt).toLocaleDateString('en-GB')}
                {r.refundedPence > 0 ? ` · ${formatPence(r.refundedPence)} refunded` : ''} · PDF
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
