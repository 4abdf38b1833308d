/**
 * What the review controllers share: reading a raw upload body, answering a byte range, and the
 * headers of private media.
 */
import { PORTAL, PROJECT_MESSAGES, REVIEW_MESSAGES } from '@studio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppException, badRequest, notFound } from '../common/errors/app.exception';

/** Media a client reaches through a signed URL is never stored by caches or proxies. */
export const PRIVATE_MEDIA = 'private, no-store';

export const RAW_UPLOAD_TYPES = ['application/octet-stream', 'audio/*'];

/** The request body of a raw upload (application/octet-stream or audio/*), unread, and its declared size. */
export function rawBody(req: FastifyRequest): { body: Readable; declaredSize: number } {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/octet-stream' && !type.startsWith('audio/'))
    throw badRequest(REVIEW_MESSAGES.badUpload, 'FILE_REQUIRED');
  const declared = Number(req.headers['content-length'] ?? NaN);
  return { body: req.raw, declaredSize: Number.isFinite(declared) ? declared : 0 };
}

export function commentId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || id < 1 || id > 2_147_483_647)
    throw notFound('Comment not found.', 'COMMENT_NOT_FOUND');
  return id;
}

export function sessionOf(req: FastifyRequest): string {
  return req.cookies?.[PORTAL.cookieName] ?? '';
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of `size`; null for the whole file; 416 when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) throw rangeError(size);
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) throw rangeError(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || end < start) throw rangeError(size);
  return { start, end };
}

function rangeError(size: number): AppException {
  const err = new AppException(416, 'The requested range is not in this file.', 'RANGE_NOT_SATISFIABLE');
  (err as AppException & { contentRange?: string }).contentRange = `bytes */${size}`;
  return err;
}

/** Sends `size` bytes of a stored file with Range support (206 for a range, 200 for the whole). */
export function sendRanged(
  req: FastifyRequest,
  reply: FastifyReply,
  size: number,
  contentType: string,
  open: (range?: { start: number; end: number }) => Readable,
  headers: Record<string, string> = {},
): FastifyReply {
  let range: { start: number; end: number } | null;
  try {
    range = parseRange(req.headers.range, size);
  } catch (err) {
    const contentRange = (err as { contentRange?: string }).contentRange;
    if (contentRange) void reply.header('content-range', contentRange);
    throw err;
  }
  void reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', PRIVATE_MEDIA)
    .header('content-type', contentType)
    .header('x-content-type-options', 'nosniff')
    .headers(headers);
  if (!range) {
    return reply
      .code(200)
      .header('content-length', String(size))
      .send(open(size ? { start: 0, end: size - 1 } : undefined));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(open(range));
}

/** A request for a later part of a file (a Range not starting at byte 0): a download resumed or seeking. */
export function continuesDownload(req: FastifyRequest): boolean {
  const range = req.headers.range;
  return typeof range === 'string' && !/^\s*bytes=0-/.test(range);
}

/** `attachment` with an ASCII fallback name and the UTF-8 one. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const notFoundProject = () => notFound(PROJECT_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
