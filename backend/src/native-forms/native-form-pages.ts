/**
 * The pages a browser shows after posting a form natively (before the site's scripts ran):
 * a thank-you page per form, and an error page carrying the same messages the JSON API gives.
 */
import type { FieldError } from '../common/errors/app.exception';
import { escapeHtml, plainPage } from '../common/html/plain-page';
import { COMMENT_RECEIVED } from '../blog/comments/comments.service';
import { CONTACT_SUCCESS_MESSAGE } from '../contact/contact.service';

export type NativeForm = 'contact' | 'newsletter' | 'comment';

export interface SiteInfo {
  siteName: string;
  publicUrl: string;
}

const THANKS: Record<NativeForm, { title: string; text: string }> = {
  contact: { title: 'Message Sent Successfully!', text: CONTACT_SUCCESS_MESSAGE },
  newsletter: {
    title: 'Almost there: check your inbox',
    text: 'We have sent you a link to confirm your address. Your free mixing guide follows as soon as you click it.',
  },
  comment: { title: 'Thanks for your comment', text: COMMENT_RECEIVED },
};

export function thankYouPage(
  site: SiteInfo,
  form: NativeForm,
  back?: { href: string; label: string },
): string {
  const { title, text } = THANKS[form];
  return plainPage({ ...site, title, bodyHtml: `<p>${escapeHtml(text)}</p>`, back });
}

export function formErrorPage(
  site: SiteInfo,
  status: number,
  message: string,
  errors: FieldError[] = [],
  back?: { href: string; label: string },
): string {
  const title =
    status === 429
      ? 'Please wait a moment'
      : status >= 500
        ? 'Something went wrong'
        : 'Please check the form';
  const messages = [...new Set([message, ...errors.map((e) => e.message)])];
  const list = messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return plainPage({
    ...site,
    title,
    bodyHtml: `<ul style="padding-left:20px">${list}</ul><p>Nothing was sent. Go back, correct the form and send it again.</p>`,
    back,
  });
}
