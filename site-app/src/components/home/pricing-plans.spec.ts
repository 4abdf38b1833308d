import { homePricingCards } from './pricing-plans';

describe('home pricing cards', () => {
  const cards = homePricingCards();

  it('shows the three plans of the home page, priced from the shared catalogue', () => {
    expect(cards.map((c) => [c.plan.name, c.price])).toEqual([
      ['Mix', '£60'],
      ['Mix & Master', '£80'],
      ['Master', '£40'],
    ]);
  });

  it('shows the 50% deposit, rounded down to the penny', () => {
    expect(cards.map((c) => c.deposit)).toEqual(['£30', '£40', '£20']);
  });

  it('shows the saving and the badge of Mix & Master', () => {
    const mixMaster = cards[1];
    expect(mixMaster.saving).toBe('Save £20');
    expect(mixMaster.plan.badge).toBe('POPULAR');
    expect(cards[0].saving).toBeNull();
  });

  it('books each plan through /contact with the plan locked', () => {
    expect(cards.map((c) => [c.bookingLabel, c.bookingHref])).toEqual([
      ['Book Mix Session', '/contact?service=Mix'],
      ['Book Mix & Master', '/contact?service=Mix%20%26%20Master'],
      ['Book Master Session', '/contact?service=Master'],
    ]);
  });
});
