import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_TOKEN_KEY } from '@studio/shared';
import type { SessionMeta } from '../sessions/sessions.service';
import { randomBytes } from 'node:crypto';

/** A long-lived random id per browser, so a sign-in from a new device can be told apart. */
export const DEVICE_COOKIE = 'studioDevice';
const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** Who is asking: address, browser and device cookie (issued here when missing). */
export function requestMeta(req: FastifyRequest, reply: FastifyReply, secure: boolean): SessionMeta {
  let deviceId = req.cookies?.[DEVICE_COOKIE];
  if (!deviceId || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) {
    deviceId = randomBytes(18).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, deviceId, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: DEVICE_MAX_AGE_SECONDS,
    });
  }
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua : null, deviceId };
}

/** The token the request carries: bearer header first, else the cookie. */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return req.cookies?.[AUTH_TOKEN_KEY] ?? null;
}
