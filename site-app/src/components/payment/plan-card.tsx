import {
  discountedPence,
  formatPence,
  planDepositPence,
  savingPence,
  type CatalogueService,
} from '@studio/shared';
import '../ui/ui.css';

interface PlanCardProps {
  plan: CatalogueService;
  /** A validated referral discount, in percent. */
  discountPercent: number | null;
  /** This card's booking is on its way to Stripe. */
  processing: boolean;
  /** Another booking is in progress, or payments are off. */
  disabled: boolean;
  onBook: (plan: CatalogueService) => void;
}

/** One plan on /services-checkout: its price, what booking it charges today, and the button. */
export function PlanCard({ plan, discountPercent, processing, disabled, onBook }: PlanCardProps) {
  const price = discountPercent ? discountedPence(plan.price, discountPercent) : plan.price;
  const deposit = planDepositPence(plan.price, discountPercent);
  const saving = savingPence(plan);
  const headingId = `plan-${plan.id}-name`;
  return (
    <article
      className={`card plan-card${plan.badge ? ' plan-card--featured' : ''}`}
      aria-labelledby={headingId}
    >
      {plan.badge && <p className="pill-badge plan-card__badge">{plan.badge}</p>}
      <h3 id={headingId} className="plan-card__name">
        {plan.name}
      </h3>
      <p className="plan-card__price">
        {discountPercent ? (
          <>
            <del aria-label={`was ${formatPence(plan.price)}`}>{formatPence(plan.price)}</del>{' '}
            <span>{formatPence(price)}</span>
          </>
        ) : (
          formatPence(price)
        )}
      </p>
      {saving ? <p className="plan-card__save">Save {formatPence(saving)}</p> : null}
      <p className="plan-card__description">{plan.description}</p>
      <ul className="tick-list plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className="plan-card__deposit">
        Pay <strong>{formatPence(deposit)}</strong> today (50% deposit)
        {discountPercent ? `, ${discountPercent}% referral discount included` : ''}
      </p>
      <button
        type="button"
        className={`btn btn--block ${plan.badge ? 'btn--primary' : 'btn--outline'}`}
        disabled={disabled || processing}
        aria-describedby={headingId}
        onClick={() => onBook(plan)}
      >
        {processing ? 'Processing...' : 'Book Now'}
      </button>
    </article>
  );
}
