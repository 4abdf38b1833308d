/** The small page a subscriber sees after following an unsubscribe link. */
const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function unsubscribePage(
  siteName: string,
  publicUrl: string,
  outcome: { email: string } | null,
): string {
  const title = outcome ? 'You have been unsubscribed' : 'This unsubscribe link is not valid';
  const body = outcome
    ? `<p><strong>${escape(outcome.email)}</strong> will not receive any more newsletter mails from ${escape(siteName)}, and is no longer entered in the monthly free-mix lottery.</p>
       <p>Changed your mind? You can subscribe again at any time from the newsletter section of our home page.</p>`
    : `<p>The link may have been cut short by your mail program. Try copying the whole link from the mail into your browser, or reply to any of our mails and we will unsubscribe you by hand.</p>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} | ${escape(siteName)}</title></head>
<body style="margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1117;color:#f4f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.6">
<main style="max-width:480px;margin:24px;padding:28px;background:#171a22;border:1px solid #2e3340;border-radius:12px">
<p style="margin:0 0 8px;color:#f5b942;font-weight:700">${escape(siteName)}</p>
<h1 style="margin:0 0 16px;font-size:24px">${escape(title)}</h1>
${body}
<p style="margin:20px 0 0"><a href="${escape(publicUrl)}/" style="color:#f5b942">Back to the home page</a></p>
</main></body></html>`;
}
