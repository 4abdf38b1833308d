import type { CatalogueService } from '@studio/shared';
import { homePricingCards } from './pricing-plans';

const row = (id: number, name: string, price: number, extra: Partial<CatalogueService> = {}) =>
  ({
    id,
    name,
    price,
    description: `${name} description`,
    serviceType: 'mixing',
    type: 'mixing',
    revisions: '',
    badge: null,
    features: [],
    compareAtPrice: null,
    isBulkDeal: false,
    onHome: true,
    sortOrder: id * 10,
    ...extra,
  }) satisfies CatalogueService;

describe('home pricing cards', () => {
  const cards = homePricingCards([
    row(3, 'Master', 4000),
    row(1, 'Mix', 6000),
    row(4, '5 Songs Mix & Master', 30000, { onHome: false }),
    row(2, 'Mix & Master', 8000, { badge: 'POPULAR', compareAtPrice: 10000 }),
    row(5, 'Stem Mastering', 4999, { sortOrder: 35 }),
  ]);

  it('shows the catalogue rows marked for the home page, in their order', () => {
    expect(cards.map((c) => [c.plan.name, c.price])).toEqual([
      ['Mix', '£60'],
      ['Mix & Master', '£80'],
      ['Master', '£40'],
      ['Stem Mastering', '£49.99'],
    ]);
  });

  it('shows the 50% deposit, rounded down to the penny', () => {
    expect(cards.map((c) => c.deposit)).toEqual(['£30', '£40', '£20', '£24.99']);
  });

  it('shows the saving against the "was" price and the badge', () => {
    expect(cards[1].saving).toBe('Save £20');
    expect(cards[1].plan.badge).toBe('POPULAR');
    expect(cards[0].saving).toBeNull();
  });

  it('books each plan through /contact with the plan locked', () => {
    expect(cards.map((c) => [c.bookingLabel, c.bookingHref])).toEqual([
      ['Book Mix Session', '/contact?service=Mix'],
      ['Book Mix & Master', '/contact?service=Mix%20%26%20Master'],
      ['Book Master Session', '/contact?service=Master'],
      ['Book Stem Mastering', '/contact?service=Stem%20Mastering'],
    ]);
  });
});
