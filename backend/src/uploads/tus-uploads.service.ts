/**
 * The tus 1.0 endpoint at /api/uploads (@tus/server), mounted straight on Fastify so request
 * bodies stream to storage untouched (no body parser reads `application/offset+octet-stream`).
 *
 * Guarantees:
 * - Every request needs a portal session; a client only reaches uploads of their own projects
 *   (anything else is 404, the same for a guessed id).
 * - Staff upload versions and final files through the same endpoint (staff-uploads.ts): an upload
 *   created with a `target` in its metadata is a staff upload, and every request for it needs an
 *   admin (bearer token or staff session cookie, the checks of the admin API: 401, 403, and
 *   403 TWO_FACTOR_SETUP_REQUIRED). A client never reaches a staff upload, nor staff a client's.
 *   Staff uploads count against no project limit, only UPLOAD_MAX_FILE_MB; once whole they are
 *   judged by their first bytes and become a version (its preview job runs) or a final file.
 * - An upload declares its length up front; a file over UPLOAD_MAX_FILE_MB, or one that could
 *   not fit beside what the project holds, is refused with 413 before a byte is stored.
 * - The project's limit (UPLOAD_MAX_PROJECT_MB) counts bytes received, not sizes declared: each
 *   write first claims room for what it may add (413, nothing written, when the project would
 *   pass its limit) and afterwards records what really arrived. An upload started and never sent
 *   holds nothing; one the client deletes (tus DELETE) stops counting at once.
 * - A project holds at most UPLOAD_RULES.maxFilesPerProject files (409 TOO_MANY_FILES), and a
 *   portal session starts at most UPLOAD_RULES.createPerSession uploads per window (429).
 * - The client's file name is only shown: it is sanitised and the bytes are stored by our id.
 * - A finished upload is judged by its first bytes (magic numbers); anything but audio, a ZIP,
 *   a PDF or text is deleted and refused with 415 naming what was detected.
 * - One writer per upload at a time, across instances (RedisLocker); a killed server or dropped
 *   connection resumes from the offset the store reports (HEAD).
 * - An upload still unfinished 7 days after it started is removed and stops counting against
 *   the project's limit (abandoned-uploads.sweeper.ts).
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ACCOUNT_MESSAGES, PORTAL, PROJECT_MESSAGES } from '@studio/shared';
import { Server } from '@tus/server';
import { validateHeader } from '@tus/server/dist/validators/HeaderValidator';
import type { Upload } from '@tus/utils';
import type { Queue } from 'bull';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toErrorBody } from '../common/errors/error-body';
import {
  AppException,
  badRequest,
  forbidden,
  unauthorized,
  unavailable,
  unsupportedType,
} from '../common/errors/app.exception';
import { tokenOf } from '../auth/request-meta';
import { SecuritySettingsService } from '../auth/security-settings.service';
import { SessionsService } from '../sessions/sessions.service';
import { STAFF_UPLOAD_TARGETS, StaffUpload, StaffUploadTarget, StaffUploads } from './staff-uploads';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { metrics } from '../metrics/metrics';
import { PortalAuthService } from '../projects/portal-auth.service';
import { ProjectFilesService } from '../projects/project-files.service';
import { PROJECT_STORAGE, ProjectStorage } from '../storage/project-storage';
import { RedisLocker } from './redis-locker';
import { UPLOAD_WINDOW_SECONDS, UploadRateLimiter } from './upload-rate-limiter';
import { detectUploadKind, SNIFF_BYTES } from '../storage/upload-kind';
import { PROBE_QUEUE, ProbeJob, UPLOADS_PATH } from './uploads.constants';

type ClientRequest = IncomingMessage & { portalEmail?: string; portalSession?: string; staffName?: string };

/** The tus Upload-Metadata header as key → value (values are base64). */
function parseMetadata(header: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof header !== 'string') return out;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

const isStaffTarget = (target: unknown): target is StaffUploadTarget =>
  (STAFF_UPLOAD_TARGETS as readonly unknown[]).includes(target);

/** A staff upload as its handler sees it, from the upload's stored metadata. */
function staffUploadOf(upload: Upload): StaffUpload {
  const m = upload.metadata ?? {};
  return {
    id: upload.id,
    projectId: m.projectId ?? '',
    target: m.target as StaffUploadTarget,
    name: sanitizeFileName(m.filename ?? m.name),
    size: upload.size ?? 0,
    kind: m.kind ?? undefined,
    note: m.note ?? undefined,
  };
}

/** Keeps a file name readable and harmless: no paths, control characters or odd punctuation. */
export function sanitizeFileName(raw: string | null | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return clean || 'untitled';
}

/** A thrown error tus understands, carrying our one error shape as JSON. */
function tusError(res: ServerResponse, err: unknown): { status_code: number; body: string } {
  const { status, body } = toErrorBody(err);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  return { status_code: status, body: JSON.stringify(body) };
}

/** The checks @tus/server makes before any hook runs (Tus-Resumable present, headers valid). */
function tusProtocolError(request: FastifyRequest): { status: number; message: string } | null {
  const method = request.raw.method ?? request.method;
  if (method === 'OPTIONS' || method === 'GET') return null;
  if (request.headers['tus-resumable'] === undefined)
    return { status: 412, message: 'Send the Tus-Resumable header (tus 1.0.0).' };
  const invalid = Object.keys(request.headers).filter(
    (name) =>
      !(name === 'content-type' && method !== 'PATCH') &&
      !validateHeader(name, request.headers[name] as string | undefined),
  );
  return invalid.length ? { status: 400, message: `Invalid upload header: ${invalid.join(', ')}.` } : null;
}

@Injectable()
export class TusUploadsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(TusUploadsService.name);
  private server?: Server;
  private lockRedis?: Redis;
  private lockSubscriber?: Redis;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(PROJECT_STORAGE) private readonly storage: ProjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(PROBE_QUEUE) private readonly probeQueue: Queue<ProbeJob>,
    private readonly projectFiles: ProjectFilesService,
    private readonly portalAuth: PortalAuthService,
    private readonly rate: UploadRateLimiter,
    private readonly sessions: SessionsService,
    private readonly security: SecuritySettingsService,
    private readonly staffUploads: StaffUploads,
  ) {}

  onModuleInit(): void {
    if (this.config.role === 'worker') return;
    const { prefix, url } = this.config.redis;
    this.lockRedis = new Redis(url, { keyPrefix: `${prefix}:`, maxRetriesPerRequest: 2 });
    this.lockSubscriber = new Redis(url, { maxRetriesPerRequest: null });
    const locker = new RedisLocker(this.lockRedis, this.lockSubscriber, `${prefix}:tus-release`);

    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.withCancelOnRemove(this.storage.tusStore),
      locker,
      relativeLocation: true,
      disableTerminationForFinishedUploads: true,
      onUploadCreate: (req, res, upload) => this.onCreate(req as ClientRequest, res, upload),
      onIncomingRequest: (req, res, id) => this.onIncoming(req as ClientRequest, res, id),
      onUploadFinish: (req, res, upload) => this.onFinish(req as ClientRequest, res, upload),
      onResponseError: (_req, res, err) => {
        if ('status_code' in err) {
          // tus's own errors (size exceeded, offset mismatch, lock timeout) in our shape.
          const message = err.body.trim();
          if (err.body.startsWith('{')) return undefined;
          res.setHeader('content-type', 'application/json; charset=utf-8');
          const code = err.status_code === 413 ? 'PAYLOAD_TOO_LARGE' : 'UPLOAD_REJECTED';
          return { status_code: err.status_code, body: JSON.stringify({ success: false, message, code }) };
        }
        this.logger.error(`Upload failed: ${err.message}`);
        return tusError(res, err);
      },
    });

    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // Leave PATCH bodies unread: tus streams them into storage.
    fastify.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => this.handle(request, reply);
    for (const url of [UPLOADS_PATH, `${UPLOADS_PATH}/*`]) {
      fastify.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url, handler, bodyLimit: 1 });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.lockSubscriber?.disconnect();
    await this.lockRedis?.quit().catch(() => this.lockRedis?.disconnect());
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (await this.forStaff(request)) {
      const refused = await this.staffRefusal(request);
      if (refused) {
        const { status, body } = toErrorBody(refused);
        await reply.code(status).send(body);
        return;
      }
    } else {
      const session = request.cookies?.[PORTAL.cookieName];
      const email = await this.portalAuth.emailForSession(session);
      if (!email || !session) {
        await reply
          .code(401)
          .send({ success: false, message: PROJECT_MESSAGES.notSignedIn, code: 'PORTAL_SIGN_IN_REQUIRED' });
        return;
      }
      (request.raw as ClientRequest).portalEmail = email;
      (request.raw as ClientRequest).portalSession = session;
    }
    // tus answers its own protocol checks in plain text; these are answered here, in the one
    // error shape, before the request reaches it (found by the fuzz suite).
    const protocolError = tusProtocolError(request);
    if (protocolError) {
      await reply
        .code(protocolError.status)
        .send({ success: false, message: protocolError.message, code: 'UPLOAD_REJECTED' });
      return;
    }
    const startOffset = Number(request.headers['upload-offset'] ?? 0);
    reply.hijack();
    await this.server!.handle(request.raw, reply.raw);
    await this.afterWrite(
      request.raw.method ?? request.method,
      request.raw.url ?? '',
      reply.raw.statusCode,
      startOffset,
    );
  }

  /**
   * Whether a request is for a staff upload: a creation naming a staff `target`, or a request for
   * an upload that is no client's file and was created as one.
   */
  private async forStaff(request: FastifyRequest): Promise<boolean> {
    const method = request.raw.method ?? request.method;
    if (method === 'POST') return isStaffTarget(parseMetadata(request.headers['upload-metadata']).target);
    const id = uploadIdOf(request.raw.url ?? '');
    if (!id || (await this.projectFiles.findFile(id))) return false;
    const upload = await this.storage.tusStore.getUpload(id).catch(() => null);
    return isStaffTarget(upload?.metadata?.target);
  }

  /** The admin API's checks for a staff upload (null: go on, the staff name set on the request). */
  private async staffRefusal(request: FastifyRequest): Promise<AppException | null> {
    const token = tokenOf(request);
    const user = token ? await this.sessions.userFromToken(token) : null;
    if (!user) return unauthorized();
    if (user.role !== 'admin') return forbidden();
    if (await this.security.mustEnrol(user))
      return forbidden(ACCOUNT_MESSAGES.twoFactorRequiredSetup, 'TWO_FACTOR_SETUP_REQUIRED');
    (request.raw as ClientRequest).staffName = user.displayName || user.username || 'Staff';
    return null;
  }

  /**
   * The upload store tus uses, whose `remove` (a client's DELETE) also marks the file cancelled
   * and frees what it held, all before tus writes its 204: the client that reads its project
   * after the answer sees the room free (the recount after the response raced that read).
   */
  private withCancelOnRemove<T extends { remove(id: string): Promise<void> }>(store: T): T {
    const remove = async (id: string) => {
      await store.remove(id);
      await this.projectFiles.cancelUpload(id);
    };
    // Every other property is the store's own, its methods bound to it.
    return new Proxy(store, {
      get: (target, prop) => {
        if (prop === 'remove') return remove;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** What a finished PATCH changes in the project's count of bytes. */
  private async afterWrite(method: string, url: string, status: number, startOffset: number): Promise<void> {
    if (method !== 'PATCH' && method !== 'DELETE') return;
    const id = uploadIdOf(url);
    if (!id) return;
    try {
      // A DELETE freed its room before tus answered (withCancelOnRemove).
      if (method === 'DELETE') return;
      // Whatever the write did (finished, stopped half way, refused), count what is stored.
      const upload = await this.storage.tusStore.getUpload(id).catch(() => null);
      if (!upload) return;
      if (Number.isSafeInteger(startOffset) && startOffset >= 0)
        metrics.uploadBytes(upload.offset - startOffset);
      await this.projectFiles.settleWrite(id, upload.offset);
    } catch (err) {
      this.logger.warn(`Upload ${id}: bytes not recounted: ${(err as Error).message}`);
    }
  }

  private async onCreate(req: ClientRequest, res: ServerResponse, upload: Upload) {
    try {
      if (upload.sizeIsDeferred || upload.size === undefined)
        throw badRequest('Send the file size when the upload starts (Upload-Length).', 'LENGTH_REQUIRED');
      if (req.staffName) {
        const handler = this.staffUploads.get();
        if (!handler) throw unavailable('Staff uploads are not available here.', 'SERVICE_UNAVAILABLE');
        await handler.start(staffUploadOf(upload));
        return res;
      }
      if (!(await this.rate.allow(req.portalSession!))) {
        res.setHeader('retry-after', String(UPLOAD_WINDOW_SECONDS));
        throw new AppException(429, PROJECT_MESSAGES.uploadsTooFast, 'UPLOADS_TOO_FAST');
      }
      const projectId = upload.metadata?.projectId ?? '';
      const name = sanitizeFileName(upload.metadata?.filename ?? upload.metadata?.name);
      await this.projectFiles.startUpload(
        { id: upload.id, projectId, name, size: upload.size },
        req.portalEmail!,
      );
      return res;
    } catch (err) {
      throw tusError(res, err);
    }
  }

  private async onIncoming(req: ClientRequest, res: ServerResponse, id: string): Promise<void> {
    if (req.method === 'POST') return; // checked in onCreate, once the metadata is parsed
    if (req.staffName) return; // an admin, on a staff upload (forStaff, staffRefusal)
    try {
      const file = await this.projectFiles.requireOwnedFile(id, req.portalEmail!);
      if (req.method === 'PATCH')
        await this.projectFiles.claimWrite(id, req.portalEmail!, writeEnd(req, file.size));
    } catch (err) {
      throw tusError(res, err);
    }
  }

  private async onFinish(req: ClientRequest, res: ServerResponse, upload: Upload) {
    if (req.staffName) {
      try {
        const handler = this.staffUploads.get();
        if (!handler) throw unavailable('Staff uploads are not available here.', 'SERVICE_UNAVAILABLE');
        await handler.finish(staffUploadOf(upload), req.staffName);
        return res;
      } catch (err) {
        throw tusError(res, err);
      }
    }
    const file = await this.projectFiles.findFile(upload.id);
    if (!file || file.status !== 'uploading') return res;
    const head = await readHead(this.storage, upload.id);
    const detected = await detectUploadKind(head);
    if (!detected.ok) {
      await this.projectFiles.markFile(upload.id, {
        status: 'failed',
        warnings: [PROJECT_MESSAGES.badType(detected.detected)],
      });
      await this.storage.remove(upload.id).catch(() => undefined);
      throw tusError(
        res,
        unsupportedType(PROJECT_MESSAGES.badType(detected.detected), 'UNSUPPORTED_FILE_TYPE'),
      );
    }
    await this.projectFiles.markFile(upload.id, {
      status: 'stored',
      kind: detected.kind,
      received: file.size,
    });
    await this.projectFiles.recordUpload(file.projectId, file.name);
    await this.probeQueue
      .add(
        { fileId: upload.id },
        { jobId: `probe-${upload.id}`, attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
      )
      .catch((err: Error) => this.logger.error(`Could not queue the probe of ${upload.id}: ${err.message}`));
    return res;
  }
}

/** The upload id at the end of a tus URL (`/api/uploads/<id>`), or null. */
function uploadIdOf(url: string): string | null {
  const last = url.split('?')[0].split('/').pop() ?? '';
  try {
    const id = decodeURIComponent(last);
    return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * Where the upload may end after this PATCH: its offset plus the body's declared length (the
 * rest of the file when the body's length is not given), never past the upload's size. tus then
 * checks the offset is the stored one.
 */
function writeEnd(req: IncomingMessage, size: string): number {
  const total = Number(size);
  const offset = Number.parseInt(String(req.headers['upload-offset'] ?? ''), 10);
  const start = Number.isSafeInteger(offset) && offset >= 0 ? Math.min(offset, total) : 0;
  const length = Number.parseInt(String(req.headers['content-length'] ?? ''), 10);
  const body = Number.isSafeInteger(length) && length >= 0 ? length : total - start;
  return Math.min(total, start + body);
}

async function readHead(storage: ProjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key, { start: 0, end: SNIFF_BYTES - 1 }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
