import { receiptLink, receiptLinkToken, verifyReceiptLinkToken } from './receipt-links';

describe('receipt links', () => {
  const secret = 'test-secret-test-secret-test-secret-0123';

  it('opens the receipt of the payment it was made for, and no other', () => {
    const token = receiptLinkToken(secret, 42);
    expect(verifyReceiptLinkToken(secret, 42, token)).toBe(true);
    expect(verifyReceiptLinkToken(secret, 43, token)).toBe(false);
    expect(verifyReceiptLinkToken('another-secret-another-secret-000000', 42, token)).toBe(false);
    expect(verifyReceiptLinkToken(secret, 42, `${token}x`)).toBe(false);
    expect(verifyReceiptLinkToken(secret, 42, undefined)).toBe(false);
    expect(verifyReceiptLinkToken(secret, 42, ['a'])).toBe(false);
  });

  it('is an absolute link under /api/receipts', () => {
    expect(receiptLink('https://studio.example', secret, 7)).toMatch(
      /^https:\/\/studio\.example\/api\/receipts\/7\?t=[\w-]{43}$/,
    );
  });
});
