/**
 * The browser's staff session lives in two httpOnly, SameSite=Strict cookies: the short-lived
 * access token (AUTH_TOKEN_KEY) and the refresh token that renews it (AUTH_REFRESH_COOKIE). No
 * script on the page can read either, and another site's request does not carry them.
 */
import type { FastifyReply } from 'fastify';
import { AUTH_REFRESH_COOKIE, AUTH_TOKEN_KEY } from '@studio/shared';
import { ACCESS_TOKEN_SECONDS, BrowserCredentials, SESSION_SECONDS } from '../sessions/sessions.service';

const base = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path: '/' });

export function setSessionCookies(reply: FastifyReply, creds: BrowserCredentials, secure: boolean): void {
  reply.setCookie(AUTH_TOKEN_KEY, creds.accessToken, { ...base(secure), maxAge: ACCESS_TOKEN_SECONDS });
  reply.setCookie(AUTH_REFRESH_COOKIE, creds.refreshToken, { ...base(secure), maxAge: SESSION_SECONDS });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(AUTH_TOKEN_KEY, { path: '/' });
  reply.clearCookie(AUTH_REFRESH_COOKIE, { path: '/' });
}
