import { ConfigError, isPlaceholderSecret, loadConfig } from './app-config';

const base = {
  DATABASE_URL: 'postgres://u@localhost/db',
  NODE_ENV: 'production',
  JWT_SECRET: 'q8Vd2n5RkT1wXz7pL3mB9cF4hJ6sA0eG',
  SEED_ADMIN_PASSWORD: 'a-long-and-unguessable-passphrase-17',
};

describe('loadConfig in production', () => {
  it('boots with secrets of its own', () => {
    expect(loadConfig(base).isProduction).toBe(true);
  });

  it.each([
    ['JWT_SECRET', 'change-me-to-a-long-random-string-of-48-chars'],
    ['JWT_SECRET', 'x'.repeat(40)],
    ['JWT_SECRET', 'your-jwt-secret-goes-here-please-123456'],
    ['SEED_ADMIN_PASSWORD', 'change-me-please'],
    ['SEED_ADMIN_PASSWORD', 'password123'],
  ])('stops on a placeholder %s (%s) with one line naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} `),
    );
  });

  it('allows the same values in development, where nothing is exposed', () => {
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'development', SEED_ADMIN_PASSWORD: 'change-me-please' }),
    ).not.toThrow();
    expect(isPlaceholderSecret(undefined)).toBe(false);
  });

  it('reads TRUST_PROXY as hops or addresses, and refuses anything else', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'everyone; rm -rf' })).toThrow(
      /^Invalid configuration: TRUST_PROXY /,
    );
  });
});
