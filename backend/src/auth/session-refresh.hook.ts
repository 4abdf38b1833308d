/**
 * Renews the browser's staff session before anything reads it. On every API and queue-dashboard
 * request that has the refresh cookie but no current access token (expired, or dropped by the
 * browser with its cookie), the refresh token is exchanged for a new access token and a new
 * refresh token (SessionsService.refresh); the request then goes on with the new access token,
 * and the answer sets both cookies. A refresh token that opens nothing clears both cookies, so
 * the request goes on signed out. Requests with `Authorization: Bearer` are left alone: API
 * clients keep their own token.
 *
 * An onRequest hook on the root instance, registered by create-app before any route or plugin
 * (so it runs ahead of Nest's guards and the queue board's own check alike), after the
 * same-origin check.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_REFRESH_COOKIE, AUTH_TOKEN_KEY } from '@studio/shared';
import { SessionsService } from '../sessions/sessions.service';
import { clearSessionCookies, setSessionCookies } from './session-cookies';

/** Where a staff session is read: the API and the server-rendered queue dashboard. */
const SESSION_PATHS = /^\/(api\/|admin\/queues(\/|$|\?))/;

export function registerSessionRefresh(
  fastify: FastifyInstance,
  sessions: SessionsService,
  secure: boolean,
): void {
  const renew = async (req: FastifyRequest, reply: FastifyReply, refresh: string): Promise<void> => {
    if (await sessions.isCurrent(req.cookies[AUTH_TOKEN_KEY])) return;
    const creds = await sessions.refresh(refresh).catch(() => null);
    if (!creds) {
      clearSessionCookies(reply);
      delete req.cookies[AUTH_TOKEN_KEY];
      delete req.cookies[AUTH_REFRESH_COOKIE];
      return;
    }
    setSessionCookies(reply, creds, secure);
    req.cookies[AUTH_TOKEN_KEY] = creds.accessToken;
  };
  // A callback hook: a request without a refresh cookie (every public read) costs no promise.
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const refresh = req.cookies?.[AUTH_REFRESH_COOKIE];
    if (!refresh || !SESSION_PATHS.test(req.url) || req.headers.authorization?.startsWith('Bearer '))
      return done();
    renew(req, reply, refresh).then(() => done(), done);
  });
}
