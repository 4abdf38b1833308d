/**
 * Reads the body of a staff form that may come as JSON or as multipart (spec §7: posts send a
 * `data` JSON field plus an optional `featuredImage` file; media sends a `file`). Whatever the
 * encoding, the fields go through the same validation pipe as any JSON body, so the rules and
 * messages are the same both ways. Controllers use this; services get plain data and a buffer.
 */
import { HttpException, type Type } from '@nestjs/common';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../common/errors/app.exception';
import { createValidationPipe } from '../common/validation';

export interface UploadedFile {
  buffer: Buffer;
  /** The name on the sender's disk: informative only, never used to store the file. */
  originalName: string;
}

export interface MultipartInput {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

const pipe = createValidationPipe();

/**
 * What @fastify/multipart (registered in create-app.ts) adds to every request. Its own type
 * augmentation targets the `fastify` package at the workspace root, which the backend does not
 * resolve to, so the two methods used here are named explicitly.
 */
interface MultipartRequest {
  isMultipart(): boolean;
  parts(): AsyncIterableIterator<Multipart>;
}

export function isMultipart(req: FastifyRequest): boolean {
  return (req as unknown as MultipartRequest).isMultipart();
}

/**
 * Reads every part; at most one file, and only in `fileField`. An oversized file ends in 413, a
 * body that is not readable multipart (no boundary, cut short) in a 400.
 */
export async function readMultipart(
  req: FastifyRequest,
  fileField: string,
  allowedFields: string[],
): Promise<MultipartInput> {
  try {
    return await readParts(req, fileField, allowedFields);
  } catch (err) {
    // Our own 400s and the plugin's errors with a status (413 too large, 406 not multipart) pass;
    // the parser's bare errors mean the sender's form data is broken.
    if (err instanceof HttpException || typeof (err as { statusCode?: unknown }).statusCode === 'number')
      throw err;
    throw badRequest('The form data could not be read.', 'INVALID_MULTIPART');
  }
}

async function readParts(
  req: FastifyRequest,
  fileField: string,
  allowedFields: string[],
): Promise<MultipartInput> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of (req as unknown as MultipartRequest).parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        throw badRequest(`Unexpected file in field "${part.fieldname}"`, 'UNEXPECTED_FILE');
      }
      file = { buffer: await part.toBuffer(), originalName: part.filename };
    } else {
      if (!allowedFields.includes(part.fieldname)) {
        throw badRequest(`Unknown field: ${part.fieldname}`, 'VALIDATION_FAILED', [
          { field: part.fieldname, message: `Unknown field: ${part.fieldname}` },
        ]);
      }
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, file };
}

/** Validates a plain object against a DTO exactly as the global pipe validates a JSON body. */
export async function validateInput<T extends object>(dto: Type<T>, value: unknown): Promise<T> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The request body must be a JSON object.', 'BAD_REQUEST');
  }
  return (await pipe.transform(value, { type: 'body', metatype: dto })) as T;
}

/**
 * A post form: a JSON body, or multipart with the fields as JSON in `data` and an optional
 * image in `featuredImage`.
 */
export async function readPostForm<T extends object>(
  req: FastifyRequest,
  dto: Type<T>,
): Promise<{ data: T; image: UploadedFile | null }> {
  if (!isMultipart(req)) return { data: await validateInput(dto, req.body ?? {}), image: null };
  const { fields, file } = await readMultipart(req, 'featuredImage', ['data']);
  let parsed: unknown = {};
  if (fields.data !== undefined) {
    try {
      parsed = JSON.parse(fields.data);
    } catch {
      throw badRequest('The data field is not valid JSON.', 'BAD_REQUEST');
    }
  }
  return { data: await validateInput(dto, parsed), image: file };
}
