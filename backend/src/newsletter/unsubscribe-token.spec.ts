import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-secret-that-is-long-enough-for-tests';

describe('unsubscribe tokens', () => {
  it('round-trips the address, case-insensitively', () => {
    const token = signUnsubscribeToken(SECRET, 'Ann@Example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyUnsubscribeToken(SECRET, token)).toBe('ann@example.com');
    expect(signUnsubscribeToken(SECRET, 'ann@example.com')).toBe(token);
  });

  it('refuses a token for another address, another key, or a malformed one', () => {
    const [, sig] = signUnsubscribeToken(SECRET, 'ann@example.com').split('.');
    const other = Buffer.from('bob@example.com').toString('base64url');
    expect(verifyUnsubscribeToken(SECRET, `${other}.${sig}`)).toBeNull();
    expect(
      verifyUnsubscribeToken(
        'another-secret-another-secret-000',
        signUnsubscribeToken(SECRET, 'ann@example.com'),
      ),
    ).toBeNull();
    for (const bad of [undefined, '', 'abc', 'a.b.c', '.x', 42, ['a'], 'x'.repeat(2000)]) {
      expect(verifyUnsubscribeToken(SECRET, bad)).toBeNull();
    }
  });
});
