/**
 * Helmet's security headers (CSP, HSTS, X-Frame-Options, Referrer-Policy …) on every answer,
 * computed once at start-up instead of once per request.
 *
 * Guarantees:
 * - the same headers, with the same values, helmet itself would set for these options (helmet
 *   writes them; this module only records what it wrote and replays it);
 * - set by an onRequest hook, so every answer carries them: routes, static files, early refusals
 *   of other onRequest hooks, 404s and errors; a handler may still override one;
 * - no per-request option (no CSP nonce, no per-route configuration): the options are fixed, so
 *   the headers are too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Runs helmet once against a recording response and returns the headers it set. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers) as Record<string, string>;
}

export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.headers(headers);
    done();
  });
}
