/**
 * The /checkout URL, read and written in one place so that every link agrees with the page.
 *
 * `amount` is always decimal POUNDS (spec §5: "amount as decimal pounds, ignored if not
 * numeric"), which is also what POST /api/create-payment-intent reads. The spec notes that the
 * old contact page linked with the deposit in pence; this site never does: the contact page
 * shows the payment form itself, and any link made here passes pounds. With a serviceId the
 * amount does not matter anyway, because the server charges that service's deposit.
 */
import { DEFAULT_CHECKOUT_AMOUNT_PENCE, penceToPounds, poundsToPence } from '@studio/shared';

export interface CheckoutParams {
  /** A positive whole number, or null when absent or not a number. */
  serviceId: number | null;
  /** Pence to charge for a custom payment; DEFAULT_CHECKOUT_AMOUNT_PENCE unless overridden. */
  amountPence: number;
}

const DECIMAL_POUNDS = /^\d+(\.\d+)?$/;

export function parseCheckoutParams(search: URLSearchParams): CheckoutParams {
  const rawId = search.get('serviceId')?.trim() ?? '';
  const id = /^\d+$/.test(rawId) ? Number.parseInt(rawId, 10) : Number.NaN;
  const serviceId = Number.isSafeInteger(id) && id > 0 ? id : null;

  const rawAmount = search.get('amount')?.trim() ?? '';
  const pounds = DECIMAL_POUNDS.test(rawAmount) ? Number.parseFloat(rawAmount) : Number.NaN;
  const amountPence =
    Number.isFinite(pounds) && pounds > 0 ? poundsToPence(pounds) : DEFAULT_CHECKOUT_AMOUNT_PENCE;
  return { serviceId, amountPence };
}

/** A link to /checkout: a service's deposit, or a custom amount given in pence (sent as pounds). */
export function checkoutPath({ serviceId, amountPence }: Partial<CheckoutParams>): string {
  const params = new URLSearchParams();
  if (serviceId) params.set('serviceId', String(serviceId));
  else if (amountPence && amountPence > 0) params.set('amount', String(penceToPounds(amountPence)));
  const query = params.toString();
  return query ? `/checkout?${query}` : '/checkout';
}

const RETRY_KEY = 'studio.checkout.retry';

/**
 * Remembers which payment the visitor is making, so that "Try Again" on /payment-success can
 * reopen the same checkout (the return URL itself stays exactly `/payment-success`).
 */
export function rememberCheckoutForRetry(params: Partial<CheckoutParams>): void {
  try {
    window.sessionStorage.setItem(RETRY_KEY, checkoutPath(params));
  } catch {
    // Storage can be blocked; Try Again then opens the plain /checkout.
  }
}

export function retryCheckoutPath(): string {
  try {
    const path = window.sessionStorage.getItem(RETRY_KEY);
    if (path && path.startsWith('/checkout')) return path;
  } catch {
    // As above.
  }
  return '/checkout';
}
