/**
 * One rule for every request, before any handler, DTO or query runs: no NUL bytes and no unpaired
 * surrogates in the body, the query string or the path parameters, and no absurd nesting. Such
 * text cannot be stored by PostgreSQL (it answered 500 before this rule), deep nesting only costs
 * the validators time (5,000 levels overflowed the stack), and no honest client sends either, so
 * both are refused with a 400 in the one error shape.
 *
 * Multipart fields are read by the handlers themselves (they stream), so this hook cannot see
 * them; InputValidationPipe applies the same rule to them when they are validated.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from '../errors/error-body';
import { findInputProblem, InputProblem } from './unsafe-text';
import { inputProblemError } from './unsafe-text.error';

export function inputProblem(req: Pick<FastifyRequest, 'params' | 'query' | 'body'>): InputProblem | null {
  return (
    findInputProblem(req.params, 'params') ??
    findInputProblem(req.query, 'query') ??
    findInputProblem(req.body, '')
  );
}

export function registerInputGuard(fastify: FastifyInstance): void {
  // A callback hook: the common case (nothing wrong) costs no promise.
  fastify.addHook('preValidation', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const problem = inputProblem(req);
    if (problem === null) return done();
    const { status, body } = toErrorBody(inputProblemError(problem));
    void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
  });
}
