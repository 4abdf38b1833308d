import { HttpException } from '@nestjs/common';
import { assertPasswordAllowed, isCommonPassword } from './password-policy';

const codeOf = (fn: () => void): string | undefined => {
  try {
    fn();
  } catch (e) {
    return ((e as HttpException).getResponse() as { code: string }).code;
  }
  return undefined;
};

describe('password policy', () => {
  it('knows the common passwords whatever their case', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('PassWord123')).toBe(true);
    expect(isCommonPassword('violet-harbour-tuesday')).toBe(false);
  });

  it('refuses short, common and own-name passwords with a clear code', () => {
    expect(codeOf(() => assertPasswordAllowed('short'))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => assertPasswordAllowed('qwertyuiop'))).toBe('PASSWORD_TOO_COMMON');
    expect(codeOf(() => assertPasswordAllowed('lena-writes', { username: 'Lena-Writes' }))).toBe(
      'PASSWORD_TOO_COMMON',
    );
    expect(
      codeOf(() => assertPasswordAllowed('violet-harbour-tuesday', { username: 'lena' })),
    ).toBeUndefined();
  });
});
