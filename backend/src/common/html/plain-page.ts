/**
 * A small self-contained HTML page (inline styles, no scripts) for answers a browser shows
 * directly: the unsubscribe link, the forms posted before the site's scripts ran. The card keeps
 * inside a phone's width: it never grows past the screen, and a long address breaks instead of
 * pushing it out.
 */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface PlainPage {
  siteName: string;
  publicUrl: string;
  title: string;
  /** Trusted HTML: callers escape what they put in it. */
  bodyHtml: string;
  /** The closing link; the home page when absent. */
  back?: { href: string; label: string };
}

export function plainPage({ siteName, publicUrl, title, bodyHtml, back }: PlainPage): string {
  const link = back ?? { href: `${publicUrl}/`, label: 'Back to the home page' };
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title></head>
<body style="margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1117;color:#f4f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.6">
<main style="box-sizing:border-box;width:calc(100% - 32px);max-width:480px;margin:16px;padding:24px;background:#171a22;border:1px solid #2e3340;border-radius:12px;overflow-wrap:anywhere">
<p style="margin:0 0 8px;color:#f5b942;font-weight:700">${escapeHtml(siteName)}</p>
<h1 style="margin:0 0 16px;font-size:24px">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin:20px 0 0"><a href="${escapeHtml(link.href)}" style="color:#f5b942">${escapeHtml(link.label)}</a></p>
</main></body></html>`;
}
