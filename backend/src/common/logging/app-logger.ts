/**
 * The application's one structured logger (pino, JSON lines on standard output) and the Nest
 * LoggerService over it, so what Nest and every `new Logger(context)` writes lands in the same
 * stream with the same levels.
 *
 * Guarantees:
 * - a call below the configured level costs one comparison: nothing is formatted or allocated;
 * - no request data is bound to log lines (no per-request child logger): what a line says about
 *   a request is written by its author, through `loggedUrl` (see request-log.hook.ts); with traces
 *   on, a line written inside a traced request or job carries its `trace_id` and `span_id`.
 */
import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';

export type { DestinationStream, Logger };

/**
 * Standard output is written in chunks of at least 4 KiB (one write per few dozen access lines
 * instead of one per request), synchronously: an asynchronous write hands each chunk to a thread
 * of libuv's pool, which costs more than the write itself (a tenth of the CPU of a cached blog
 * read, measured pinned to one core). The app flushes what is left when it closes (flushLogs).
 */
export function createRootLogger(
  level: string,
  destination?: DestinationStream,
  /** Fields added to every line written (with traces on: the trace and span ids). */
  mixin?: () => object,
): Logger {
  return pino(
    { level, mixin },
    destination ?? new ChunkedOutput(pino.destination({ fd: 1, sync: true }), 4096),
  );
}

type SyncOutput = DestinationStream & { flushSync(): void };

/**
 * Keeps lines, in order, until about `minLength` characters wait, then hands them to `out` as one
 * write. sonic-boom's own `minLength` does the same but measures the whole waiting buffer in bytes
 * again on every line, which at a line per request cost more than the write itself.
 */
export class ChunkedOutput {
  private lines: string[] = [];
  private waiting = 0;

  constructor(
    private readonly out: SyncOutput,
    private readonly minLength: number,
  ) {}

  write(line: string): void {
    this.lines.push(line);
    this.waiting += line.length;
    if (this.waiting >= this.minLength) this.handOver();
  }

  /** Everything kept is written before this returns. */
  flushSync(): void {
    this.handOver();
    this.out.flushSync();
  }

  flush(cb?: (err?: Error) => void): void {
    this.flushSync();
    cb?.();
  }

  private handOver(): void {
    if (this.waiting === 0) return;
    const chunk = this.lines.join('');
    this.lines = [];
    this.waiting = 0;
    this.out.write(chunk);
  }
}

/**
 * Writes out what the logger still holds. Nest ends the process on SIGTERM by re-raising the
 * signal, which skips the exit handler pino flushes in, so the app calls this when it closes.
 */
export function flushLogs(logger: Logger): void {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    { flushSync?: () => void } | undefined;
  try {
    stream?.flushSync?.();
  } catch {
    // Nothing written yet, or standard output already closed: nothing more can be done.
  }
}

/** Writes one line at a fixed level and message; `fields` is the JSON of its fields, braces left out. */
export type LineWriter = (fields: string) => void;

/**
 * The line pino writes for `logger[level](fields, msg)`, put together from the logger's own
 * pieces (level, time, bindings, end) without pino's per-call work (a merged object walked key
 * by key, every value escaped): the access log writes one per request. Checked once against
 * pino's own output for a sample; undefined, and the caller logs through pino, when the logger
 * does anything per line a template cannot (a mixin, hooks, a stream that wants the line's
 * metadata) or the check fails.
 */
export function lineWriter(logger: Logger, level: Level, msg: string): LineWriter | undefined {
  const sym = pino.symbols;
  const self = logger as unknown as Record<symbol, unknown>;
  const hooks = self[sym.hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const stream = self[sym.streamSym] as (DestinationStream & Record<symbol, unknown>) | undefined;
  if (self[sym.mixinSym] || hooks?.logMethod || hooks?.streamWrite || !stream) return undefined;
  if (stream[sym.needsMetadataGsym] === true) return undefined;
  const num = logger.levels.values[level];
  const time = self[sym.timeSym] as () => string;
  const levelPart = (self[sym.lsCacheSym] as Record<number, string>)[num];
  const tail = `,${JSON.stringify(self[sym.messageKeySym] ?? 'msg')}:${JSON.stringify(msg)}${String(self[sym.endSym])}`;
  const build = (t: string, fields: string) =>
    levelPart + t + String(self[sym.chindingsSym]) + (fields ? ',' + fields : '') + tail;

  const sample = {
    reqId: 'req-1',
    req: { method: 'GET', url: '/a"b', remoteAddress: '::1' },
    res: { statusCode: 200 },
    n: 1,
  };
  const t = time.call(logger);
  const asJson = self[sym.asJsonSym] as (obj: object, msg: string, num: number, time: string) => string;
  if (asJson.call(logger, sample, msg, num, t) !== build(t, JSON.stringify(sample).slice(1, -1)))
    return undefined;
  return (fields) => {
    stream.write(build(time.call(logger), fields));
  };
}

/** Nest's LoggerService: `(message, ...params)`, the last string param being the context. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.root.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = rest.length && typeof rest[rest.length - 1] === 'string' ? rest.pop() : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    // Nest passes an error's stack as the string before the context.
    if (level === 'error' && typeof rest[0] === 'string') fields.stack = rest.shift();
    if (message instanceof Error) {
      this.root[level]({ ...fields, err: message }, message.message);
    } else if (message && typeof message === 'object') {
      this.root[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.root[level](fields, String(message));
    }
  }
}
