import { depositPence, formatPence, penceToPounds, poundsToPence } from './money';
import { PRICING_PLANS } from './catalogue';

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
  it('converts pounds to pence without drift', () => {
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.29)).toBe(29);
    expect(penceToPounds(4000)).toBe(40);
  });
  it('prices the four plans as the spec says', () => {
    expect(PRICING_PLANS.map((p) => [p.name, p.pricePence])).toEqual([
      ['Mix', 6000],
      ['Mix & Master', 8000],
      ['Master', 4000],
      ['5 Songs Mix & Master', 30000],
    ]);
  });
});
