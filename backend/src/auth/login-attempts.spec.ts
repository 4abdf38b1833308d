import { ACCOUNT_RULES } from '@studio/shared';
import { LoginAttemptsService, lockSecondsFor } from './login-attempts.service';

describe('login delays', () => {
  it('waits only after the allowed failures, then doubles up to the ceiling', () => {
    const first = ACCOUNT_RULES.loginFailuresBeforeLock;
    expect(lockSecondsFor(first - 1)).toBe(0);
    expect(lockSecondsFor(first)).toBe(ACCOUNT_RULES.loginLockBaseSeconds);
    expect(lockSecondsFor(first + 1)).toBe(ACCOUNT_RULES.loginLockBaseSeconds * 2);
    expect(lockSecondsFor(first + 30)).toBe(ACCOUNT_RULES.loginLockMaxSeconds);
  });

  it('keys an unknown login by its text, case-insensitively, and a known one by account', () => {
    expect(LoginAttemptsService.keyFor(null, ' Bob ')).toBe(LoginAttemptsService.keyFor(null, 'bob'));
    expect(LoginAttemptsService.keyFor(7, 'bob')).toBe('login:user:7');
  });
});
