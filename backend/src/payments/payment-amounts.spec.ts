import {
  canMoveTo,
  CUSTOM_AMOUNT_DECIMALS_MESSAGE,
  CUSTOM_AMOUNT_RANGE_MESSAGE,
  customAmountPence,
} from './payment-amounts';

describe('customAmountPence', () => {
  it('converts pounds with up to two decimals to pence without float drift', () => {
    expect(customAmountPence(1)).toBe(100);
    expect(customAmountPence(19.99)).toBe(1999);
    expect(customAmountPence(0.1 + 0.2 + 9.7)).toBe(1000);
    expect(customAmountPence(5000)).toBe(500_000);
  });

  it('refuses amounts outside £1 to £5,000', () => {
    expect(() => customAmountPence(0.99)).toThrow(CUSTOM_AMOUNT_RANGE_MESSAGE);
    expect(() => customAmountPence(5000.01)).toThrow(CUSTOM_AMOUNT_RANGE_MESSAGE);
    expect(() => customAmountPence(-20)).toThrow(CUSTOM_AMOUNT_RANGE_MESSAGE);
    // What the customer reads names the bounds the rule enforces.
    expect(() => customAmountPence(0)).toThrow('The amount must be between £1 and £5,000.');
  });

  it('refuses more than two decimals and non-numbers', () => {
    expect(() => customAmountPence(10.123)).toThrow(CUSTOM_AMOUNT_DECIMALS_MESSAGE);
    expect(() => customAmountPence(Number.NaN)).toThrow('The amount must be a number in pounds.');
    expect(() => customAmountPence(Number.POSITIVE_INFINITY)).toThrow(
      'The amount must be a number in pounds.',
    );
  });
});

describe('canMoveTo', () => {
  it('lets a payment settle but never go back', () => {
    expect(canMoveTo('pending', 'succeeded')).toBe(true);
    expect(canMoveTo('failed', 'succeeded')).toBe(true);
    expect(canMoveTo('pending', 'failed')).toBe(true);
    expect(canMoveTo('succeeded', 'failed')).toBe(false);
    expect(canMoveTo('succeeded', 'succeeded')).toBe(false);
    expect(canMoveTo('succeeded', 'refunded')).toBe(true);
    expect(canMoveTo('refunded', 'succeeded')).toBe(false);
    expect(canMoveTo('pending', 'refunded')).toBe(false);
  });
});
