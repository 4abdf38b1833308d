import { breakdownLines, formatPence, type BalanceBreakdown } from '@studio/shared';

const signed = (pence: number) => (pence < 0 ? `− ${formatPence(-pence)}` : formatPence(pence));

/** Quote, deposit paid, extra rounds and the balance due: the same lines on the project and pay pages. */
export function BalanceBreakdownList({ breakdown }: { breakdown: BalanceBreakdown }) {
  return (
    <dl className="portal-breakdown" data-testid="balance-breakdown">
      {breakdownLines(breakdown).map((line) => (
        <div key={line.label} className={line.total ? 'portal-breakdown__total' : undefined}>
          <dt>{line.label}</dt>
          <dd>{line.total ? formatPence(line.pence) : signed(line.pence)}</dd>
        </div>
      ))}
    </dl>
  );
}
