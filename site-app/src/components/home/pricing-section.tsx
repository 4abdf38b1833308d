import { Link } from 'react-router-dom';
import { DELIVERY, REVISIONS } from '@studio/shared';
import { HomeSection } from './home-section';
import { homePricingCards } from './pricing-plans';

const GUARANTEES = [
  {
    title: '100% rights retained',
    text: 'Your song stays yours: every right and every royalty.',
  },
  {
    title: `${DELIVERY.businessDays}-day delivery`,
    text: `Files back in ${DELIVERY.businessDays} business days from project confirmation.`,
  },
  {
    title: 'Revisions included',
    text: `Up to ${REVISIONS.standardRounds} rounds of changes, so the mix ends up sounding the way you hear it.`,
  },
];

export function PricingSection() {
  const cards = homePricingCards();
  return (
    <HomeSection
      id="pricing"
      title="Pricing"
      lead="Prices in GBP per song. Book with a 50% deposit; the balance is due before final delivery. Fees may vary with project size and complexity."
    >
      <ul className="pricing-grid">
        {cards.map(({ plan, price, deposit, saving, bookingLabel, bookingHref }) => (
          <li key={plan.id} className={`price-card${plan.badge ? ' price-card--featured' : ''}`}>
            {plan.badge && <p className="price-card__badge">{plan.badge}</p>}
            <h3 className="price-card__name">{plan.name}</h3>
            <p className="price-card__price">
              <span className="price-card__amount">{price}</span>
              <span className="price-card__per"> per song</span>
            </p>
            {saving && <p className="price-card__saving">{saving}</p>}
            <p className="price-card__description">{plan.description}</p>
            <ul className="tick-list price-card__features">
              {plan.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <p className="price-card__deposit">{deposit} deposit to book</p>
            <Link
              to={bookingHref}
              className={`btn btn--block ${plan.badge ? 'btn--primary' : 'btn--outline'}`}
            >
              {bookingLabel}
            </Link>
          </li>
        ))}
      </ul>

      <div className="guarantee">
        <h3 id="guarantee-heading" className="guarantee__title">
          Our guarantee
        </h3>
        <ul className="guarantee__list">
          {GUARANTEES.map((g) => (
            <li key={g.title} className="guarantee__item">
              <strong>{g.title}</strong>
              <span>{g.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </HomeSection>
  );
}
