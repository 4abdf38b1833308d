import {
  depositPence,
  formatPence,
  HOME_PRICING_PLAN_IDS,
  PRICING_PLANS,
  type PricingPlan,
} from '@studio/shared';

/** The booking button of each home pricing card (spec §2's calls to action). */
const BOOKING_LABELS: Record<(typeof HOME_PRICING_PLAN_IDS)[number], string> = {
  mix: 'Book Mix Session',
  'mix-master': 'Book Mix & Master',
  master: 'Book Master Session',
};

export interface HomePricingCard {
  plan: PricingPlan;
  price: string;
  deposit: string;
  saving: string | null;
  bookingLabel: string;
  /** /contact with the plan preselected and locked. */
  bookingHref: string;
}

/** The three cards of the home page's pricing section, priced from the shared catalogue. */
export function homePricingCards(): HomePricingCard[] {
  return HOME_PRICING_PLAN_IDS.map((id) => {
    const plan = PRICING_PLANS.find((p) => p.id === id);
    if (!plan) throw new Error(`Pricing plan "${id}" is missing from the catalogue`);
    return {
      plan,
      price: formatPence(plan.pricePence),
      deposit: formatPence(depositPence(plan.pricePence)),
      saving: plan.savePence ? `Save ${formatPence(plan.savePence)}` : null,
      bookingLabel: BOOKING_LABELS[id],
      bookingHref: `/contact?service=${encodeURIComponent(plan.name)}`,
    };
  });
}
