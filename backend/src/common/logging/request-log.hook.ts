/**
 * The access log: one line per answered API request (method, path, status, time), written by a
 * Fastify `onResponse` hook once the answer has left, so it adds nothing to the time a client
 * waits and nothing at all when the level would not log it.
 *
 * Guarantees:
 * - the URL is logged through `loggedUrl`: no query string, no token in the path; no header is
 *   logged (Authorization, Cookie, Referer and the like never reach the log);
 * - `/api/*` answers are logged at info, except the health check; any answer with status ≥ 500,
 *   on any path, is logged at error;
 * - a request whose client went away before the answer (no response sent) is logged at warn;
 * - every line carries the request's id (`reqId`), which every answer also sends as
 *   `x-request-id`; with traces on it is the request's trace id (telemetry/tracing.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { lineWriter } from './app-logger';
import { loggedUrl } from './logged-url';

function routine(url: string): boolean {
  return url.startsWith('/api/') && url !== '/api/health' && !url.startsWith('/api/health?');
}

const COMPLETED = 'request completed';

/** Printable ASCII but `"` and `\\`: what JSON.stringify writes back unchanged between quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `JSON.stringify(value)` for a string. The usual id, method, path and address need no escaping,
 * and checking that costs about a third of calling the serializer (four per access-log line).
 */
export function jsonString(value: string): string {
  return PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
}

export function registerRequestLog(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    void reply.header('x-request-id', req.id);
    done();
  });
  // The line put together as text (the same line pino writes, app-logger.ts): one per request.
  const completed = {
    info: lineWriter(logger, 'info', COMPLETED),
    error: lineWriter(logger, 'error', COMPLETED),
  };
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : 'info';
    if (!logger.isLevelEnabled(level) || (level === 'info' && !routine(req.url))) return done();
    const url = loggedUrl(req.url);
    const ip = req.ip;
    const responseTime = Math.round(reply.elapsedTime);
    const write = completed[level];
    if (write) {
      write(
        `"reqId":${jsonString(req.id)},"req":{"method":${jsonString(req.method)},"url":${jsonString(url)}` +
          (ip === undefined ? '' : `,"remoteAddress":${jsonString(ip)}`) +
          `},"res":{"statusCode":${status}},"responseTime":${responseTime}`,
      );
    } else {
      logger[level](
        {
          reqId: req.id,
          req: { method: req.method, url, remoteAddress: ip },
          res: { statusCode: status },
          responseTime,
        },
        COMPLETED,
      );
    }
    done();
  });
  fastify.addHook('onRequestAbort', (req: FastifyRequest, done: () => void) => {
    if (logger.isLevelEnabled('warn'))
      logger.warn(
        { reqId: req.id, req: { method: req.method, url: loggedUrl(req.url), remoteAddress: req.ip } },
        'request aborted',
      );
    done();
  });
}
