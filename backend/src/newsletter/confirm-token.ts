/**
 * Newsletter confirmation links: the address, when the link was made, and an HMAC of both (key:
 * the JWT secret). They work without login, cannot be forged for another address, and expire
 * after VISITOR_MAIL.confirmLinkDays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { VISITOR_MAIL } from '@studio/shared';

const PURPOSE = 'newsletter-confirm';
const MAX_AGE_S = VISITOR_MAIL.confirmLinkDays * 86_400;

const mac = (secret: string, email: string, issued: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${email.toLowerCase()}:${issued}`).digest();

export function signConfirmToken(secret: string, email: string, now = Date.now()): string {
  const issued = Math.floor(now / 1000);
  const encoded = Buffer.from(email.toLowerCase()).toString('base64url');
  return `${encoded}.${issued}.${mac(secret, email, issued).toString('base64url')}`;
}

/** The address the token was made for, or null if it was altered, is malformed or too old. */
export function verifyConfirmToken(secret: string, token: unknown, now = Date.now()): string | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const [encoded, issuedText, signature, extra] = token.split('.');
  if (!encoded || !issuedText || !signature || extra !== undefined || !/^\d{1,12}$/.test(issuedText))
    return null;
  const issued = Number(issuedText);
  const age = Math.floor(now / 1000) - issued;
  if (age < 0 || age > MAX_AGE_S) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!email.includes('@')) return null;
  const expected = mac(secret, email, issued);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}
