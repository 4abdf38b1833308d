/**
 * Answers repeated public blog reads (the list, a post by slug, categories, tags) with the
 * bytes of an earlier answer, inside Fastify's own request lifecycle: the busiest URLs of the
 * site skip Nest's handler, its pipes and the database, but every Fastify hook still runs
 * (request logging, security headers, rate limits, tracing: anything added later included).
 *
 * How it stays correct:
 * - the first GET of a URL goes the whole way; its status-200 answer (every header the
 *   pipeline set, ETag and Cache-Control included, and the body) is kept in BlogCache, and later
 *   GETs of exactly that URL get exactly those bytes back, or a 304 when their If-None-Match
 *   names its ETag;
 * - the entries follow BlogCache's rules: cleared by every write in every process, bounded by a
 *   TTL and by the next scheduled post, and not kept at all if a write happened while the
 *   original request was in flight;
 * - only these public routes are kept: their answers depend on nothing in the request but the
 *   URL (no cookies, no auth), so a replay is the answer the pipeline would give.
 *
 * A request without cookies is replayed from the first `onRequest` hook (common/early-answer.ts):
 * the hooks it skips have nothing to do for it (the stored headers already carry the security
 * and cache headers the `onRequest` and `onSend` hooks set, a GET passes the same-origin check, no
 * cookie means no session to renew, and the URL's query and path passed the input rules when the
 * stored answer was made). Its stored status line, headers and body go straight to Node's
 * response, and the `onResponse` hooks (access log, metrics) still run. A request with cookies is
 * replayed as a `preHandler` hook instead, after every onRequest, preParsing and preValidation
 * hook (a session may be renewed on the way), just before the route's handler would run. Nest
 * guards and interceptors live inside that handler; these public routes have none, and no rate
 * limit applies to them.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addEarlyAnswer } from '../common/early-answer';
import { notModified } from '../common/http-cache';
import { BlogCache, CachedResponse } from './blog-cache';

const CACHEABLE = /^\/api\/blog\/(?:posts(?:\/[^/?]+)?|categories|tags)(?:\?|$)/;
/** Per connection or per response (Node's own, and the request's id); never replayed. */
const NOT_REPLAYED = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'x-request-id',
]);
/** What a 304 leaves out of the stored answer's headers: it has no body. */
const BODY_HEADERS = ['content-length', 'content-type'];
const STARTED = Symbol('blogCacheGeneration');
const REPLAYED = Symbol('blogCacheReplayed');

type TrackedRequest = FastifyRequest & { [STARTED]?: number; [REPLAYED]?: boolean };

/** The stored answer, or a 304 when the request's If-None-Match names its ETag. */
function replay(req: TrackedRequest, reply: FastifyReply, hit: CachedResponse): void {
  req[REPLAYED] = true;
  reply.headers(hit.headers);
  if (notModified(req.headers['if-none-match'], String(hit.headers.etag ?? ''))) {
    for (const name of BODY_HEADERS) reply.removeHeader(name);
    void reply.code(304).send();
  } else {
    void reply.code(200).send(hit.body);
  }
}

/**
 * The early replay: the stored bytes straight to Node's response, past Fastify's reply (its
 * per-header checks, serialization and onSend hooks, whose work the stored headers already
 * carry). The onResponse hooks still run: Fastify listens for the response's end either way.
 */
function replayRaw(req: TrackedRequest, reply: FastifyReply, hit: CachedResponse): void {
  req[REPLAYED] = true;
  reply.hijack();
  const wire = hit.wire.slice();
  wire.push('x-request-id', req.id);
  const res = reply.raw;
  if (notModified(req.headers['if-none-match'], String(hit.headers.etag ?? ''))) {
    const kept: string[] = [];
    for (let i = 0; i < wire.length; i += 2) {
      if (!BODY_HEADERS.includes(wire[i])) kept.push(wire[i], wire[i + 1]);
    }
    res.writeHead(304, kept);
    res.end();
  } else {
    res.writeHead(200, wire);
    res.end(hit.body);
  }
}

@Injectable()
export class BlogResponseCache implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    private readonly cache: BlogCache,
  ) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify || typeof fastify.addHook !== 'function') return;
    addEarlyAnswer(fastify, (req: TrackedRequest, reply: FastifyReply) => {
      if (req.method !== 'GET' || req.headers.cookie !== undefined || !CACHEABLE.test(req.url)) return false;
      const hit = this.cache.response(req.url);
      if (!hit) return false;
      replayRaw(req, reply, hit);
      return true;
    });
    fastify.addHook('preHandler', (req: TrackedRequest, reply: FastifyReply, done: () => void) => {
      if (req.method !== 'GET' || !CACHEABLE.test(req.url)) return done();
      const hit = this.cache.response(req.url);
      if (!hit) {
        req[STARTED] = this.cache.generation;
        return done();
      }
      replay(req, reply, hit);
      // A hook that sends does not call done(): the handler is skipped.
    });
    fastify.addHook('onSend', (req: TrackedRequest, reply: FastifyReply, payload: unknown, done) => {
      const started = req[STARTED];
      if (
        started !== undefined &&
        !req[REPLAYED] &&
        reply.statusCode === 200 &&
        typeof payload === 'string'
      ) {
        const body = Buffer.from(payload);
        const headers: Record<string, string | number | string[]> = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined && value !== null && !NOT_REPLAYED.has(name.toLowerCase()))
            headers[name.toLowerCase()] = value as string | number | string[];
        }
        headers['content-length'] = body.length;
        this.cache.storeResponse(req.url, started, headers, body);
      }
      done(null, payload);
    });
  }
}
