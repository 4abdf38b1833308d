import {
  depositPence,
  discountedPence,
  formatPence,
  penceToPounds,
  planDepositPence,
  poundsToPence,
  formatPenceExact,
  vatIncludedPence,
} from './money';

describe('money', () => {
  it('takes half the price, rounded down, as the deposit', () => {
    expect(depositPence(6000)).toBe(3000);
    expect(depositPence(8001)).toBe(4000);
    expect(depositPence(1)).toBe(0);
  });
  it('formats pence the British way', () => {
    expect(formatPence(6000)).toBe('£60');
    expect(formatPence(depositPence(6000))).toBe('£30');
    expect(formatPence(3050)).toBe('£30.50');
    expect(formatPence(500000)).toBe('£5,000');
  });
  it('formats exactly as Intl does for en-GB pounds, without loading Intl', () => {
    const whole = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const exact = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const pence of [
      0, 1, 9, 10, 99, 100, 101, 4000, 8000, 30050, 99999, 100000, 123456789, -6000, -3050,
    ]) {
      const expected = pence % 100 === 0 ? whole.format(pence / 100) : exact.format(pence / 100);
      expect(formatPence(pence)).toBe(expected);
    }
  });
  it('converts pounds to pence without drift', () => {
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.29)).toBe(29);
    expect(penceToPounds(4000)).toBe(40);
  });
  it('books a plan for half of its price after the referral discount, rounded down', () => {
    expect(discountedPence(8000, 10)).toBe(7200);
    expect(discountedPence(7999, 10)).toBe(7199);
    expect(discountedPence(30000, 50)).toBe(15000);
    expect(discountedPence(1, 1)).toBe(0);
    expect(planDepositPence(8000)).toBe(4000);
    expect(planDepositPence(8000, 10)).toBe(3600);
    expect(planDepositPence(6000, null)).toBe(3000);
    expect(planDepositPence(7999, 10)).toBe(3599);
  });
});

describe('receipt amounts', () => {
  it('takes the VAT out of a VAT-inclusive price', () => {
    expect(vatIncludedPence(3000)).toBe(500);
    expect(vatIncludedPence(6000)).toBe(1000);
    expect(vatIncludedPence(2999)).toBe(500);
    expect(vatIncludedPence(0)).toBe(0);
  });

  it('always prints the pence', () => {
    expect(formatPenceExact(3000)).toBe('£30.00');
    expect(formatPenceExact(-550)).toBe('-£5.50');
    expect(formatPenceExact(125000)).toBe('£1,250.00');
  });
});
