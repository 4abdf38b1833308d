/** Money rules. Every amount is integer pence; pounds exist only for display and for the spec's API fields. */

/** The deposit is half the price, rounded down to the penny (spec §9). */
export function depositPence(pricePence: number): number {
  return Math.floor(pricePence / 2);
}

/**
 * A price after a referral discount, rounded down in the customer's favour like the deposit:
 * £79.99 at 10% off is £71.99 (7199.1 pence -> 7199). The booking page shows it and the server
 * charges from it, so both use this one rule.
 */
export function discountedPence(pricePence: number, discountPercent: number): number {
  return Math.floor((pricePence * (100 - discountPercent)) / 100);
}

/** What booking a plan charges now: the deposit of its price after any referral discount. */
export function planDepositPence(pricePence: number, discountPercent?: number | null): number {
  return depositPence(discountPercent ? discountedPence(pricePence, discountPercent) : pricePence);
}

/** `depositAmount` as the checkout reads it: pounds, from the rounded-down pence. */
export function penceToPounds(pence: number): number {
  return pence / 100;
}

/** Pounds (at most two decimals) to pence, without floating-point drift (19.99 -> 1999). */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** 5000 -> '5,000': thousands separated by commas, the British way. */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * British formatting: '£60' for whole pounds, '£30.50' otherwise, '£5,000' with grouping.
 * Plain string work rather than Intl.NumberFormat: a browser's first number formatter loads
 * locale data, tens of milliseconds on a phone, on the home page's critical path.
 */
export function formatPence(pence: number): string {
  const whole = Math.round(pence);
  const abs = Math.abs(whole);
  const rest = abs % 100;
  const pounds = groupThousands(Math.floor(abs / 100));
  return `${whole < 0 ? '-' : ''}£${pounds}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** Bounds for a custom (non-catalogue) payment, in pence: £1 to £5,000. */
export const CUSTOM_PAYMENT_MIN_PENCE = 100;
export const CUSTOM_PAYMENT_MAX_PENCE = 500_000;
/** Default checkout amount until a service or amount overrides it (spec §9). */
export const DEFAULT_CHECKOUT_AMOUNT_PENCE = 5000;
export const CURRENCY = 'gbp';

/**
 * UK VAT. Prices are what the client pays, VAT included; a receipt from a VAT-registered studio
 * shows the part of each amount that is VAT: gross × rate / (100 + rate), to the nearest penny.
 */
export const VAT_RATE_PERCENT = 20;

export function vatIncludedPence(grossPence: number, ratePercent = VAT_RATE_PERCENT): number {
  return Math.round((grossPence * ratePercent) / (100 + ratePercent));
}

/** Amounts as a receipt prints them: always with pence ('£30.00', '-£5.50', '£1,250.00'). */
export function formatPenceExact(pence: number): string {
  const whole = Math.round(pence);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}£${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}
