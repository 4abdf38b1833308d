import { ArgumentMetadata, HttpException, ValidationPipe } from '@nestjs/common';
import { MESSAGES } from '@studio/shared';
import { badRequest } from '../errors/app.exception';
import { findInputProblem } from './unsafe-text';
import { inputProblemError } from './unsafe-text.error';

const PLAIN_TYPES: unknown[] = [String, Boolean, Number, Array, Object];

/**
 * The global validation pipe plus the rules of input-guard.hook.ts. The hook already covers JSON
 * bodies, queries and path parameters; this catches what it cannot see: multipart fields, which
 * handlers read themselves and validate through this same pipe (form-input.ts). A DTO body that
 * is not an object (an array, a number) is refused here too, instead of "Unknown field: 0".
 */
export class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const problem = findInputProblem(value, metadata.type === 'body' ? '' : metadata.type);
    if (problem !== null) throw inputProblemError(problem);
    const isDto = typeof metadata.metatype === 'function' && !PLAIN_TYPES.includes(metadata.metatype);
    if (
      metadata.type === 'body' &&
      isDto &&
      (value === null || typeof value !== 'object' || Array.isArray(value))
    )
      throw badRequest(MESSAGES.bodyNotObject, 'BAD_REQUEST');
    try {
      return await super.transform(value, metadata);
    } catch (err) {
      if (err instanceof HttpException) throw err;
      // class-transformer coercing hostile input (`{"toString": 1}` as a number) throws a
      // TypeError: that is the sender's fault, not ours.
      throw badRequest(MESSAGES.invalidRequest, 'BAD_REQUEST');
    }
  }
}
