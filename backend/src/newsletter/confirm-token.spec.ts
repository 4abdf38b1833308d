import { VISITOR_MAIL } from '@studio/shared';
import { signConfirmToken, verifyConfirmToken } from './confirm-token';

const SECRET = 'a-secret-of-reasonable-length-0123456789';

describe('newsletter confirmation token', () => {
  it('gives back the address it was made for, within its lifetime', () => {
    const now = Date.UTC(2031, 2, 1);
    const token = signConfirmToken(SECRET, 'Ann@Example.com', now);
    expect(verifyConfirmToken(SECRET, token, now + 60_000)).toBe('ann@example.com');
    const tooLate = now + (VISITOR_MAIL.confirmLinkDays * 86_400 + 1) * 1000;
    expect(verifyConfirmToken(SECRET, token, tooLate)).toBeNull();
  });

  it('refuses altered, foreign and malformed tokens', () => {
    const token = signConfirmToken(SECRET, 'ann@example.com');
    const [, issued, sig] = token.split('.');
    const other = `${Buffer.from('bob@example.com').toString('base64url')}.${issued}.${sig}`;
    expect(verifyConfirmToken(SECRET, other)).toBeNull();
    expect(verifyConfirmToken('another-secret-another-secret-0123456789', token)).toBeNull();
    for (const bad of [undefined, 42, '', 'a.b', 'a.b.c.d', `${token}x`])
      expect(verifyConfirmToken(SECRET, bad)).toBeNull();
  });
});
