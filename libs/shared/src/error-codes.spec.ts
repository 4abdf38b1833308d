import { ERROR_CODES, isErrorCode } from './error-codes';

describe('error codes', () => {
  it('are unique, upper snake case, and recognised', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('NOT_A_CODE')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
