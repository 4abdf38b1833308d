import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { DELIVERY, REVISIONS } from '@studio/shared';
import { servicesQuery } from '../../api/site-api';
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

/** Cards kept in the layout while the prices load (and in the prerendered HTML). */
const PLACEHOLDER_CARDS = 3;

/**
 * Prices come from the catalogue (GET /api/services), never from this bundle, so the build-time
 * HTML holds placeholders and the first client render matches it; the cards fill in once the
 * list arrives (it is cached for at most a minute, so a price edit shows within one).
 */
export function PricingSection() {
  const services = useQuery(servicesQuery);
  const cards = services.data ? homePricingCards(services.data.services) : null;
  return (
    <HomeSection
      id="pricing"
      title="Pricing"
      lead="Prices in GBP per song. Book with a 50% deposit; the balance is due before final delivery. Fees may vary with project size and complexity."
    >
      {services.isError && (
        <p role="alert" className="notice notice--error">
          We could not load our prices just now. Please reload the page.
        </p>
      )}
      <ul className="pricing-grid" aria-busy={cards ? undefined : true}>
        {!cards &&
          Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
            <li key={i} className="price-card price-card--placeholder" aria-hidden="true" />
          ))}
        {cards?.map(({ plan, price, deposit, saving, bookingLabel, bookingHref }) => (
          <li key={plan.id} className={`price-card${plan.badge ? ' price-card--featured' : ''}`}>
            {plan.badge && <p className="pill-badge price-card__badge">{plan.badge}</p>}
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
