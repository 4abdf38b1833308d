import { escapeHtml, plainPage } from '../common/html/plain-page';

/** The small page a subscriber sees after following an unsubscribe link. */
export function unsubscribePage(
  siteName: string,
  publicUrl: string,
  outcome: { email: string } | null,
): string {
  const title = outcome ? 'You have been unsubscribed' : 'This unsubscribe link is not valid';
  const bodyHtml = outcome
    ? `<p><strong>${escapeHtml(outcome.email)}</strong> will not receive any more newsletter mails from ${escapeHtml(siteName)}, and is no longer entered in the monthly free-mix lottery.</p>
       <p>Changed your mind? You can subscribe again at any time from the newsletter section of our home page.</p>`
    : `<p>The link may have been cut short by your mail program. Try copying the whole link from the mail into your browser, or reply to any of our mails and we will unsubscribe you by hand.</p>`;
  return plainPage({ siteName, publicUrl, title, bodyHtml });
}

/** The page a subscriber sees after following the confirmation link. */
export function confirmPage(
  siteName: string,
  publicUrl: string,
  outcome: { email: string; status: 'confirmed' | 'already-confirmed' } | null,
): string {
  if (!outcome)
    return plainPage({
      siteName,
      publicUrl,
      title: 'This confirmation link is not valid',
      bodyHtml: `<p>It may be older than a week or cut short by your mail program. Sign up again from the newsletter section of our home page and we will send a fresh one.</p>`,
    });
  const title =
    outcome.status === 'confirmed' ? 'Your subscription is confirmed' : 'You are already confirmed';
  return plainPage({
    siteName,
    publicUrl,
    title,
    bodyHtml: `<p><strong>${escapeHtml(outcome.email)}</strong> is on the ${escapeHtml(siteName)} newsletter and in the monthly free-mix lottery. Your free mixing guide is on its way by mail.</p>`,
  });
}
