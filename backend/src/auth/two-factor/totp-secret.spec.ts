import { openSecret, sealSecret } from './totp-secret';

describe('sealed TOTP secrets', () => {
  const key = 'k'.repeat(40);

  it('opens what it sealed, and each seal differs', () => {
    const a = sealSecret('JBSWY3DPEHPK3PXP', key);
    expect(openSecret(a, key)).toBe('JBSWY3DPEHPK3PXP');
    expect(sealSecret('JBSWY3DPEHPK3PXP', key)).not.toBe(a);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key and a tampered value', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', key);
    expect(openSecret(sealed, 'x'.repeat(40))).toBeNull();
    expect(openSecret(`${sealed.slice(0, -2)}AA`, key)).toBeNull();
    expect(openSecret('garbage', key)).toBeNull();
  });
});
