/**
 * The form of a request URL that may be written to a log. Secrets travel in URLs: the balance
 * link's token in the path (`/pay/{token}`, `/api/pay/{token}/…`), and in query strings the
 * newsletter confirm/unsubscribe tokens, reset and invitation tokens, the signatures of media
 * URLs and e-mail addresses of look-ups. A logged URL keeps the path without its query, and
 * every path segment that is a token is replaced by a fixed word.
 */
const TOKEN_SEGMENT = /(^|\/)(pay)\/[^/?#]+/gi;

export const REDACTED = '[redacted]';

export function loggedUrl(url: string | undefined): string {
  if (!url) return '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // Most paths hold no token: skip the replacement for them.
  return /pay\//i.test(path) ? path.replace(TOKEN_SEGMENT, `$1$2/${REDACTED}`) : path;
}

const TOKEN_IN_TEXT = /(\/pay\/)[^/?#\s"'<>]+/gi;
/** Query parameters whose values are secret (or personal) wherever they appear. */
export const SECRET_QUERY_PARAMS = ['token', 'sig', 'signature', 'exp', 'email'];
const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

/**
 * Free text bound for a log (an error message, a stack) with the same secrets taken out: a
 * balance token after `/pay/` and the value of a `token`, `sig`, `signature`, `exp` or `email`
 * query parameter, wherever they appear in it.
 */
export function redactSecrets(text: string): string {
  return text.replace(TOKEN_IN_TEXT, `$1${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}
