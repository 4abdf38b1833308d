/**
 * Answers repeated public blog reads (the list, a post by slug, categories, tags) from memory,
 * in front of the framework: the busiest URLs of the site cost about what a bare Node server
 * costs, instead of a full pass through Fastify, the security and logging plugins and Nest.
 *
 * How it stays correct:
 * - the first GET of a URL goes the whole way; its status-200 answer (every header the
 *   pipeline set, security headers included, and the body) is kept in BlogCache, and later GETs
 *   of exactly that URL get exactly those bytes back;
 * - the entries follow BlogCache's rules: cleared by every write in every process, bounded by a
 *   TTL and by the next scheduled post, and not kept at all if a write happened while the
 *   original request was in flight;
 * - only these public routes are kept: their answers depend on nothing in the request but the
 *   URL (no cookies, no auth), so a replay is the answer the pipeline would give.
 *
 * What a replay skips: Fastify's request hooks (nothing on these routes depends on them) and
 * the request log line (allowed for these GETs: they would be most of the log's volume).
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BlogCache } from './blog-cache';

const CACHEABLE = /^\/api\/blog\/(?:posts(?:\/[^/?]+)?|categories|tags)(?:\?|$)/;
/** Per connection or per response, set by Node itself; never replayed. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);
const STARTED = Symbol('blogCacheGeneration');

type TrackedRequest = FastifyRequest & { [STARTED]?: number };
type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

@Injectable()
export class BlogFastPath implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    private readonly cache: BlogCache,
  ) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify?.server || typeof fastify.addHook !== 'function') return;
    this.capture(fastify);
    this.serveFromMemory(fastify.server);
  }

  /** Remembers which cache generation a cacheable GET started in, and keeps its 200 answer. */
  private capture(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (req: TrackedRequest, _reply: FastifyReply, done: () => void) => {
      if (req.method === 'GET' && CACHEABLE.test(req.url)) req[STARTED] = this.cache.generation;
      done();
    });
    fastify.addHook(
      'onSend',
      (
        req: TrackedRequest,
        reply: FastifyReply,
        payload: unknown,
        done: (err: null, payload: unknown) => void,
      ) => {
        const started = req[STARTED];
        if (started !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
          const body = Buffer.from(payload);
          const headers: Record<string, string | number | string[]> = {};
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (value !== undefined && !NOT_REPLAYED.has(name.toLowerCase()))
              headers[name.toLowerCase()] = value;
          }
          headers['content-length'] = body.length;
          this.cache.storeResponse(req.url, started, headers, body);
        }
        done(null, payload);
      },
    );
  }

  /** Puts the replay in front of Fastify's own request listener. */
  private serveFromMemory(server: Server): void {
    const listeners = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const hit = req.method === 'GET' && req.url ? this.cache.response(req.url) : undefined;
      if (hit) {
        res.writeHead(200, hit.headers);
        res.end(hit.body);
        return;
      }
      for (const listener of listeners) listener.call(server, req, res);
    });
  }
}
