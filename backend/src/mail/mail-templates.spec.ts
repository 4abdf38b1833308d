/**
 * The mail contexts are checked by the compiler: the `@ts-expect-error` lines below fail the
 * type check (npm test -- types) the day a missing or misspelt key stops being an error.
 */
import { MAIL_TEMPLATES } from './mail-templates';
import type { MailRequest } from './mail.types';

const ok: MailRequest = {
  template: 'portal-link',
  to: 'a@example.com',
  subject: 'Sign in',
  context: { signInUrl: 'https://example.com/s', minutes: 15 },
};

const missing: MailRequest = {
  template: 'portal-link',
  to: 'a@example.com',
  subject: 'Sign in',
  // @ts-expect-error `minutes` is missing
  context: { signInUrl: 'https://example.com/s' },
};

const misspelt: MailRequest = {
  template: 'portal-link',
  to: 'a@example.com',
  subject: 'Sign in',
  // @ts-expect-error `signinUrl` is not a key of the portal-link context
  context: { signinUrl: 'https://example.com/s', minutes: 15 },
};

const otherTemplates: MailRequest = {
  template: 'password-reset',
  to: 'a@example.com',
  subject: 'Reset',
  // @ts-expect-error the portal-link context is not the password-reset one
  context: { signInUrl: 'https://example.com/s', minutes: 15 },
};

describe('mail templates', () => {
  it('declares a context for every template (the compiler checks the keys)', () => {
    expect(MAIL_TEMPLATES).toContain(ok.template);
    expect([missing, misspelt, otherTemplates].map((m) => m.template)).toEqual([
      'portal-link',
      'portal-link',
      'password-reset',
    ]);
  });
});
