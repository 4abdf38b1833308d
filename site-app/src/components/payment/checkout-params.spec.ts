import { DEFAULT_CHECKOUT_AMOUNT_PENCE } from '@studio/shared';
import { checkoutPath, parseCheckoutParams } from './checkout-params';

const parse = (query: string) => parseCheckoutParams(new URLSearchParams(query));

describe('the /checkout query', () => {
  it('reads serviceId as a positive whole number', () => {
    expect(parse('serviceId=3').serviceId).toBe(3);
    for (const bad of ['', 'serviceId=', 'serviceId=abc', 'serviceId=0', 'serviceId=-2', 'serviceId=1.5']) {
      expect(parse(bad).serviceId).toBeNull();
    }
  });

  it('reads amount as decimal pounds and falls back to the default amount', () => {
    expect(parse('amount=30').amountPence).toBe(3000);
    expect(parse('amount=19.99').amountPence).toBe(1999);
    expect(parse('amount=0.29').amountPence).toBe(29);
    for (const bad of ['', 'amount=', 'amount=abc', 'amount=0', 'amount=-5', 'amount=1e3', 'amount=£30']) {
      expect(parse(bad).amountPence).toBe(DEFAULT_CHECKOUT_AMOUNT_PENCE);
    }
    // A link without an amount asks for £50.
    expect(parse('').amountPence).toBe(5000);
  });

  it('writes links the page reads back the same way (amounts in pounds)', () => {
    expect(checkoutPath({ serviceId: 4 })).toBe('/checkout?serviceId=4');
    expect(checkoutPath({ amountPence: 3050 })).toBe('/checkout?amount=30.5');
    expect(checkoutPath({})).toBe('/checkout');
    for (const params of [{ serviceId: 7 }, { amountPence: 1999 }, { amountPence: 500000 }]) {
      const back = parse(checkoutPath(params).split('?')[1]);
      if ('serviceId' in params) expect(back.serviceId).toBe(params.serviceId);
      else expect(back.amountPence).toBe(params.amountPence);
    }
  });
});
