/**
 * The mails the studio sends. Each name has `templates/<name>.html.hbs` and
 * `templates/<name>.text.hbs`, rendered inside the shared layout.
 */
export const MAIL_TEMPLATES = [
  'contact-thank-you',
  'contact-notification',
  'newsletter-confirm',
  'newsletter-welcome',
  'newsletter-issue',
  'lottery-winner',
  'lottery-admin',
  'payment-confirmation',
  'payment-admin',
  'admin-test',
  'customer-test',
  'contact-reply',
  'deposit-link',
  'password-reset',
  'staff-invite',
  'sign-in-notice',
  'account-locked',
  'project-created',
  'portal-link',
  'files-received',
  'files-need-attention',
] as const;

export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export function isMailTemplate(name: string): name is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(name);
}
