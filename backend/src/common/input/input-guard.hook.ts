/**
 * One rule for every request, before any handler, DTO or query runs: no NUL bytes and no unpaired
 * surrogates in the body, the query string or the path parameters. Such text cannot be stored by
 * PostgreSQL (it answered 500 before this rule) and no honest client sends it, so it is refused
 * with a 400 in the one error shape.
 *
 * Multipart fields are read by the handlers themselves (they stream), so this hook cannot see
 * them; InputValidationPipe applies the same rule to them when they are validated.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from '../errors/error-body';
import { findUnsafeText } from './unsafe-text';
import { unsafeTextError } from './unsafe-text.error';

export function unsafeInputField(req: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string | null {
  return (
    findUnsafeText(req.params, 'params') ?? findUnsafeText(req.query, 'query') ?? findUnsafeText(req.body, '')
  );
}

export function registerInputGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    const field = unsafeInputField(req);
    if (field === null) return;
    const { status, body } = toErrorBody(unsafeTextError(field));
    return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
  });
}
