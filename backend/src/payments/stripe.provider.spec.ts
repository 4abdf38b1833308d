import { createStripeClient } from './stripe.provider';

/** The SDK keeps its settings on a private field; reading it is the only way to check them. */
const settingsOf = (client: unknown) => (client as { _api: Record<string, unknown> })._api;

describe('createStripeClient', () => {
  it('is null without a secret key, so payment endpoints can answer 503', () => {
    expect(createStripeClient({})).toBeNull();
  });

  it('points the SDK at STRIPE_API_BASE when set', () => {
    const api = settingsOf(createStripeClient({ secretKey: 'sk_test_x', apiBase: 'http://127.0.0.1:12111' }));
    expect(api).toMatchObject({ host: '127.0.0.1', port: '12111', protocol: 'http', maxNetworkRetries: 1 });
  });

  it('talks to Stripe itself otherwise', () => {
    const api = settingsOf(createStripeClient({ secretKey: 'sk_test_x' }));
    expect(api).toMatchObject({ host: 'api.stripe.com', protocol: 'https' });
  });
});
