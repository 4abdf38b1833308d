import { ValidationError, ValidationPipe } from '@nestjs/common';
import { InputValidationPipe } from './input/input-validation.pipe';
import { badRequest, FieldError } from './errors/app.exception';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * Whitelist, forbid unknown fields, refuse unsafe text, transform to DTO instances. Each broken rule becomes
 * `{ field, message }`; the first message is the headline.
 */
export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors).map((e) =>
        e.message.startsWith('property ') && e.message.endsWith(' should not exist')
          ? { field: e.field, message: `Unknown field: ${e.field}` }
          : e,
      );
      return badRequest(
        fieldErrors[0]?.message ?? 'The request is not valid.',
        'VALIDATION_FAILED',
        fieldErrors,
      );
    },
  });
}
