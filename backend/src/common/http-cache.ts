/**
 * HTTP caching rules for every answer (README "Putting a CDN in front"):
 *
 * - public blog reads (`/api/blog/*` GETs: list, post, categories, tags, comments) may be kept
 *   by a shared cache for a short time and served stale while it revalidates; browsers always
 *   revalidate (max-age=0) and get a 304 when nothing changed;
 * - every other API answer is personal or a write: `private, no-store`, unless its handler chose
 *   its own Cache-Control;
 * - a 200 answer to a GET whose body is text or bytes carries a weak ETag (the body's hash), and
 *   a request whose If-None-Match names it gets 304 without the body.
 *
 * Pages the site controller sends set their own Cache-Control and ETag (they are compressed into
 * a stream before this hook would see them), with the same helpers.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Public blog reads: a CDN keeps them 30 s and may serve them 5 min stale while refreshing. */
export const PUBLIC_READ_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
/** Server-rendered blog pages: the same, a little longer (every write changes them at the origin at once). */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** Anything that depends on who asks, and every write. */
export const PRIVATE_CACHE = 'private, no-store';

const PUBLIC_READ = /^\/api\/blog\//;

/** A weak validator: the same bytes before compression give the same tag, whatever the encoding. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the request's If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t.replace(/^W\//, '') === opaque);
}

/** The Cache-Control an API answer gets when its handler set none. */
export function defaultCacheControl(method: string, url: string, status: number): string {
  const readable = (method === 'GET' || method === 'HEAD') && status < 400;
  return readable && PUBLIC_READ.test(url) ? PUBLIC_READ_CACHE : PRIVATE_CACHE;
}

/** Adds the rules above to every route (an onSend hook, so it sees the final status and body). */
export function registerHttpCache(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (req.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', defaultCacheControl(req.method, req.url, reply.statusCode));
    }
    const cacheable =
      (req.method === 'GET' || req.method === 'HEAD') &&
      reply.statusCode === 200 &&
      (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
      !String(reply.getHeader('cache-control') ?? '').includes('no-store');
    if (!cacheable) return done(null, payload);
    let etag = reply.getHeader('etag') as string | undefined;
    if (!etag) {
      etag = etagOf(payload as string | Buffer);
      reply.header('etag', etag);
    }
    if (notModified(req.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-type');
      return done(null, '');
    }
    done(null, payload);
  });
}
