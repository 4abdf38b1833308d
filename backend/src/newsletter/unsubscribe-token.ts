/**
 * Unsubscribe links carry the address and an HMAC of it (key: the JWT secret), so they work
 * without login, cannot be forged for someone else's address, and never expire.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'newsletter-unsubscribe';

function mac(secret: string, email: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${email.toLowerCase()}`).digest();
}

export function signUnsubscribeToken(secret: string, email: string): string {
  return `${Buffer.from(email.toLowerCase()).toString('base64url')}.${mac(secret, email).toString('base64url')}`;
}

/** The address the token was made for, or null if it was altered or is malformed. */
export function verifyUnsubscribeToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!email.includes('@')) return null;
  const expected = mac(secret, email);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}
