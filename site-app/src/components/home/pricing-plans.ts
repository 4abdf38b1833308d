import { depositPence, formatPence, savingPence, type CatalogueService } from '@studio/shared';

/** The booking button of each home pricing card (spec §2's calls to action), by plan name. */
const BOOKING_LABELS: Record<string, string> = {
  Mix: 'Book Mix Session',
  'Mix & Master': 'Book Mix & Master',
  Master: 'Book Master Session',
};

export interface HomePricingCard {
  plan: CatalogueService;
  price: string;
  deposit: string;
  saving: string | null;
  bookingLabel: string;
  /** /contact with the plan preselected and locked. */
  bookingHref: string;
}

/**
 * The cards of the home page's pricing section: the catalogue rows marked for the home page,
 * in their order, priced from the database through GET /api/services.
 */
export function homePricingCards(services: readonly CatalogueService[]): HomePricingCard[] {
  return services
    .filter((s) => s.onHome)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((plan) => {
      const saving = savingPence(plan);
      return {
        plan,
        price: formatPence(plan.price),
        deposit: formatPence(depositPence(plan.price)),
        saving: saving ? `Save ${formatPence(saving)}` : null,
        bookingLabel: BOOKING_LABELS[plan.name] ?? `Book ${plan.name}`,
        bookingHref: `/contact?service=${encodeURIComponent(plan.name)}`,
      };
    });
}
