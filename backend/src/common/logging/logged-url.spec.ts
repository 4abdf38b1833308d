import { loggedUrl, REDACTED, redactSecrets } from './logged-url';

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

describe('redactSecrets', () => {
  it('takes pay tokens and secret query values out of free text', () => {
    expect(redactSecrets('GET /api/pay/tok-1 answered 404; see /pay/tok-2?paid=1')).toBe(
      `GET /api/pay/${REDACTED} answered 404; see /pay/${REDACTED}?paid=1`,
    );
    expect(redactSecrets('fetch https://x.test/a?token=abc&sig=def&email=a%40b.c&keep=1 failed')).toBe(
      `fetch https://x.test/a?token=${REDACTED}&sig=${REDACTED}&email=${REDACTED}&keep=1 failed`,
    );
    expect(redactSecrets('nothing secret here')).toBe('nothing secret here');
  });
});
