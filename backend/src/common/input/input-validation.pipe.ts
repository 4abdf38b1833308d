import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { findUnsafeText } from './unsafe-text';
import { unsafeTextError } from './unsafe-text.error';

/**
 * The global validation pipe plus the unsafe-text rule of input-guard.hook.ts. The hook already
 * covers JSON bodies, queries and path parameters; this catches what it cannot see: multipart
 * fields, which handlers read themselves and validate through this same pipe (form-input.ts).
 */
export class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const field = findUnsafeText(value, metadata.type === 'body' ? '' : metadata.type);
    if (field !== null) throw unsafeTextError(field);
    return super.transform(value, metadata);
  }
}
