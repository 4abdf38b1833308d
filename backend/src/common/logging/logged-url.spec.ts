import { loggedUrl, REDACTED } from './logged-url';

describe('loggedUrl', () => {
  it('drops the query string', () => {
    expect(loggedUrl('/api/newsletter/unsubscribe?token=abc')).toBe('/api/newsletter/unsubscribe');
    expect(loggedUrl('/api/media/previews/7?exp=1&sig=xyz')).toBe('/api/media/previews/7');
  });

  it('replaces the balance token in the page and API paths', () => {
    expect(loggedUrl('/pay/tok123')).toBe(`/pay/${REDACTED}`);
    expect(loggedUrl('/api/pay/tok123')).toBe(`/api/pay/${REDACTED}`);
    expect(loggedUrl('/api/pay/tok123/checkout?x=1')).toBe(`/api/pay/${REDACTED}/checkout`);
    expect(loggedUrl('/API/PAY/tok123')).toBe(`/API/PAY/${REDACTED}`);
  });

  it('keeps every other path as it is', () => {
    expect(loggedUrl('/api/blog/posts/payments-explained')).toBe('/api/blog/posts/payments-explained');
    expect(loggedUrl('/api/payments/config')).toBe('/api/payments/config');
    expect(loggedUrl(undefined)).toBe('');
  });
});
