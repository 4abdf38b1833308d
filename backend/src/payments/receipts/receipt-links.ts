/**
 * The receipt link in a payment mail: the payment's id and an HMAC of it (key: the JWT secret),
 * so it opens that one receipt without signing in, cannot be changed into another payment's,
 * and keeps working as long as a mail is kept (like the unsubscribe links).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'payment-receipt';

function mac(secret: string, paymentId: number): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${paymentId}`).digest();
}

export function receiptLinkToken(secret: string, paymentId: number): string {
  return mac(secret, paymentId).toString('base64url');
}

export function verifyReceiptLinkToken(secret: string, paymentId: number, token: unknown): boolean {
  if (typeof token !== 'string' || token.length > 100) return false;
  const given = Buffer.from(token, 'base64url');
  const expected = mac(secret, paymentId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The absolute link a mail carries. */
export function receiptLink(publicUrl: string, secret: string, paymentId: number): string {
  return `${publicUrl}/api/receipts/${paymentId}?t=${receiptLinkToken(secret, paymentId)}`;
}
