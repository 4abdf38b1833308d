/**
 * Login CSRF and CSRF, refused before any handler runs. The session cookies are SameSite (the
 * staff ones Strict, the portal's Lax), so a browser does not send them with another site's
 * request; this adds the second check the browser gives us: where the request says it came from.
 *
 * It applies to writes (any method but GET, HEAD and OPTIONS) that a cookie would authenticate
 * (a staff or portal session cookie and no `Authorization: Bearer`), and to the sign-in routes,
 * whose answer sets such a cookie. Such a request is refused (403 CROSS_SITE_REQUEST) when:
 * - its `Origin` names another site (the allowed ones: PUBLIC_URL's origin, or the host the
 *   request was sent to, so a development proxy on another port still works);
 * - it has no usable `Origin` (absent, or `null` as a form posted under our no-referrer policy
 *   sends) and `Sec-Fetch-Site` says another site sent it;
 * - its `Origin` is `null` and nothing else vouches for it.
 * A request with neither header comes from no browser (curl, an API client, a test), which
 * cannot be tricked into sending someone else's cookie, so it is let through.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, AUTH_REFRESH_COOKIE, AUTH_TOKEN_KEY, PORTAL } from '@studio/shared';
import { forbidden } from '../errors/app.exception';
import { toErrorBody } from '../errors/error-body';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIES = [AUTH_TOKEN_KEY, AUTH_REFRESH_COOKIE, PORTAL.cookieName];
/** Routes whose answer signs the browser in: checked even before it has a cookie. */
const SIGN_IN_PATHS = new Set(['/api/login', '/api/login/2fa', '/api/register', '/api/portal/session']);

export interface OriginFacts {
  origin: string | undefined;
  fetchSite: string | undefined;
  /** The host the request was sent to (Host, or X-Forwarded-Host behind a trusted proxy). */
  host: string;
  /** PUBLIC_URL's origin, e.g. `https://studio.example.com`. */
  publicOrigin: string;
}

/** Whether a browser on another site sent this request (see the header for the rules). */
export function isCrossSite(f: OriginFacts): boolean {
  if (f.origin && f.origin !== 'null') {
    if (f.origin === f.publicOrigin) return false;
    try {
      return new URL(f.origin).host !== f.host;
    } catch {
      return true;
    }
  }
  if (f.fetchSite) return f.fetchSite !== 'same-origin' && f.fetchSite !== 'none';
  return f.origin === 'null';
}

function needsCheck(req: FastifyRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const path = req.url.split('?')[0];
  if (SIGN_IN_PATHS.has(path)) return true;
  if (req.headers.authorization?.startsWith('Bearer ')) return false;
  return SESSION_COOKIES.some((name) => req.cookies?.[name] !== undefined);
}

/** Registers the check as an onRequest hook (after @fastify/cookie, which it reads). */
export function registerSameOriginCheck(fastify: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  // A callback hook, not an async one: the common case (a GET) costs no promise.
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!needsCheck(req)) return done();
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const crossSite = isCrossSite({
      origin: header('origin'),
      fetchSite: header('sec-fetch-site'),
      host: req.host,
      publicOrigin,
    });
    if (!crossSite) return done();
    const { status, body } = toErrorBody(forbidden(ACCOUNT_MESSAGES.crossSite, 'CROSS_SITE_REQUEST'));
    // Answering without calling done() ends the request here.
    void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
  });
}
