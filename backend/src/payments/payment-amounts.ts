/**
 * The money rules of a payment, as pure functions. Every amount is integer pence.
 */
import {
  CUSTOM_PAYMENT_MAX_PENCE,
  CUSTOM_PAYMENT_MIN_PENCE,
  formatPence,
  poundsToPence,
} from '@studio/shared';
import { badRequest } from '../common/errors/app.exception';
import type { PaymentStatus } from './entities/payment.entity';

export const CUSTOM_AMOUNT_RANGE_MESSAGE = `The amount must be between ${formatPence(CUSTOM_PAYMENT_MIN_PENCE)} and ${formatPence(CUSTOM_PAYMENT_MAX_PENCE)}.`;
export const CUSTOM_AMOUNT_DECIMALS_MESSAGE = 'The amount can have at most two decimal places.';

/**
 * A custom payment: pounds with at most two decimals, £1 to £5,000 inclusive. 19.99 is 1999
 * pence (rounded, because 19.99 * 100 is 1998.9999… in floating point); 10.123 is refused.
 */
export function customAmountPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw badRequest('The amount must be a number in pounds.', 'INVALID_AMOUNT');
  const pence = poundsToPence(pounds);
  if (Math.abs(pounds * 100 - pence) > 1e-6)
    throw badRequest(CUSTOM_AMOUNT_DECIMALS_MESSAGE, 'INVALID_AMOUNT');
  if (pence < CUSTOM_PAYMENT_MIN_PENCE || pence > CUSTOM_PAYMENT_MAX_PENCE) {
    throw badRequest(CUSTOM_AMOUNT_RANGE_MESSAGE, 'INVALID_AMOUNT');
  }
  return pence;
}

/** The referral discount rule lives in @studio/shared: the booking page shows what this charges. */
export { discountedPence } from '@studio/shared';

/**
 * Which status changes an event may make. Events can arrive late or out of order, so a payment
 * never goes back: a succeeded payment cannot fail, a refund is final. A failed attempt may still
 * succeed, because the customer can retry the same PaymentIntent with another card.
 */
const ALLOWED_FROM: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: [],
  processing: ['pending'],
  succeeded: ['pending', 'processing', 'failed'],
  failed: ['pending', 'processing'],
  partially_refunded: ['succeeded', 'partially_refunded'],
  refunded: ['succeeded', 'partially_refunded'],
};

export function canMoveTo(current: PaymentStatus, next: PaymentStatus): boolean {
  return ALLOWED_FROM[next].includes(current);
}
