/**
 * A place at the front of Fastify's `onRequest` hooks where a feature may answer a request from
 * memory before the hooks that have nothing to do for it (security headers, cookie parsing, the
 * same-origin check, session renewal, input rules, the route's handler) run.
 *
 * Guarantees:
 * - an answer sent here still goes through every `onResponse` hook: the access log and the
 *   metrics see it as any other answer. An answerer that sends through `reply.send` also gets the
 *   `onSend` hooks; one that writes stored bytes to `reply.raw` after `reply.hijack()` skips them,
 *   so what those hooks would add must already be in what it stored (Fastify still ends the
 *   hijacked answer's lifecycle with `onResponse` when the response finishes);
 * - an answerer only answers what it has seen answered by the whole pipeline before (it keeps
 *   the headers that pipeline set, the security headers included) and declines everything else;
 * - without an answerer registered, the hook costs one empty loop per request.
 *
 * The hook is registered by createApp before any hook of its own; features add their answerer
 * when their module starts (`addEarlyAnswer`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers the request (reply.send, or reply.hijack and reply.raw) and returns true, or returns
 * false and touches nothing.
 */
export type EarlyAnswer = (req: FastifyRequest, reply: FastifyReply) => boolean;

const answerers = new WeakMap<FastifyInstance, EarlyAnswer[]>();

export function registerEarlyAnswers(fastify: FastifyInstance): void {
  const list: EarlyAnswer[] = [];
  answerers.set(fastify, list);
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    for (let i = 0; i < list.length; i++) {
      // A hook that sends does not call done(): the hooks after it and the handler are skipped.
      if (list[i](req, reply)) return;
    }
    done();
  });
}

/** False when the app has no early hook (a worker, a test module): the caller answers later. */
export function addEarlyAnswer(fastify: FastifyInstance, answer: EarlyAnswer): boolean {
  const list = answerers.get(fastify);
  if (!list) return false;
  list.push(answer);
  return true;
}
