/**
 * Bull jobs continue the trace of the code that queued them: the mail of a contact form, a
 * version's preview, a reminder, a newsletter issue. Installed by tracing.ts, only when tracing
 * is on, on Bull's Queue prototype, so every queue and processor of every feature is covered and
 * none of them knows about tracing.
 *
 * Guarantees:
 * - `add`/`addBulk` called inside a traced request or job get a `send {queue}` producer span, and
 *   the job's options carry its W3C trace context (`traceContext`: `traceparent`, `tracestate`),
 *   stored with the job in Redis; the job's data is left as it is. Repeatable jobs and jobs queued
 *   outside any trace (sweeps, timers) carry nothing;
 * - each attempt at a job runs inside a `process {queue}` consumer span, the child of that
 *   context when the job carries one (whichever process works it), else the root of a trace of
 *   its own; everything the handler does (queries, Redis, HTTP calls) is traced under it;
 * - a failed attempt marks its span as an error with the error's type only: a message (an SMTP
 *   refusal naming a mailbox) may hold personal data, and the queue board shows it to staff.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from '@opentelemetry/api';
import type { Job, JobOptions, Queue } from 'bull';

/** The job option that carries the trace context of the code that queued the job. */
export const TRACE_OPTION = 'traceContext';

type Carrier = Record<string, string>;
type TracedOptions = JobOptions & { [TRACE_OPTION]?: Carrier };
type BulkJob = { name?: string; data: unknown; opts?: TracedOptions };
type Handler = (this: unknown, job: Job, done?: (err?: Error | null, result?: unknown) => void) => unknown;

interface QueuePrototype {
  add(this: Queue, ...args: unknown[]): Promise<Job>;
  addBulk(this: Queue, jobs: BulkJob[]): Promise<Job[]>;
  setHandler(this: Queue, name: string, handler: unknown): void;
  [PATCHED]?: true;
}

const PATCHED = Symbol.for('studio.bull-tracing');

const tracer = () => trace.getTracer('mixdown-studio/bull');

/** Patches Bull (loading it: call after the SDK started, so its ioredis is instrumented). */
export function instrumentBull(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const proto = (require('bull') as { prototype: QueuePrototype }).prototype;
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;

  const add = proto.add;
  proto.add = function (this: Queue, ...args: unknown[]): Promise<Job> {
    const at = typeof args[0] === 'string' ? 2 : 1;
    const opts = (args[at] ?? {}) as TracedOptions;
    if (!inTrace() || opts.repeat) return add.apply(this, args);
    return send(this, async (carrier, span) => {
      const withTrace = [...args];
      withTrace[at] = { ...opts, [TRACE_OPTION]: carrier };
      const job = await add.apply(this, withTrace);
      span.setAttribute('messaging.message.id', String(job.id));
      return job;
    });
  };

  const addBulk = proto.addBulk;
  proto.addBulk = function (this: Queue, jobs: BulkJob[]): Promise<Job[]> {
    if (!inTrace() || !jobs.length) return addBulk.call(this, jobs);
    return send(this, (carrier, span) => {
      span.setAttribute('messaging.batch.message_count', jobs.length);
      const withTrace = jobs.map((job) =>
        job.opts?.repeat ? job : { ...job, opts: { ...job.opts, [TRACE_OPTION]: carrier } },
      );
      return addBulk.call(this, withTrace);
    });
  };

  const setHandler = proto.setHandler;
  proto.setHandler = function (this: Queue, name: string, handler: unknown): void {
    // A file path is a sandboxed processor (none here): it runs in another process, untraced.
    if (typeof handler !== 'function') return setHandler.call(this, name, handler);
    const work = handler as Handler;
    // One argument, a promise: Bull takes it as it takes a promise-returning processor, and
    // binds it to the queue.
    const traced = function (this: Queue, job: Job): Promise<unknown> {
      const run =
        work.length > 1
          ? () =>
              new Promise((resolve, reject) =>
                work.call(this, job, (err, result) => (err ? reject(err) : resolve(result))),
              )
          : () => Promise.resolve(work.call(this, job));
      return processSpan(this, job, run);
    };
    return setHandler.call(this, name, traced);
  };
}

function inTrace(): boolean {
  const ctx = trace.getSpanContext(context.active());
  return ctx !== undefined && trace.isSpanContextValid(ctx);
}

function attributes(queue: Queue, operation: 'send' | 'process'): Record<string, string> {
  return {
    'messaging.system': 'bull',
    'messaging.destination.name': queue.name,
    'messaging.operation.type': operation,
  };
}

/** A producer span around queueing, and the carrier holding its context. */
function send<T>(queue: Queue, fn: (carrier: Carrier, span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(
    `send ${queue.name}`,
    { kind: SpanKind.PRODUCER, attributes: attributes(queue, 'send') },
    async (span) => {
      const carrier: Carrier = {};
      propagation.inject(context.active(), carrier);
      try {
        return await fn(carrier, span);
      } catch (err) {
        failed(span, err);
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** One attempt at a job, as a consumer span under the context the job carries. */
function processSpan(queue: Queue, job: Job, run: () => Promise<unknown>): Promise<unknown> {
  const carrier = (job.opts as TracedOptions)[TRACE_OPTION];
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  return tracer().startActiveSpan(
    `process ${queue.name}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...attributes(queue, 'process'),
        'messaging.message.id': String(job.id),
        'bull.job.name': job.name,
        'bull.job.attempt': job.attemptsMade + 1,
      },
    },
    parent,
    async (span) => {
      try {
        return await run();
      } catch (err) {
        failed(span, err);
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

function failed(span: Span, err: unknown): void {
  span.setAttribute('error.type', err instanceof Error ? err.name : typeof err);
  span.setStatus({ code: SpanStatusCode.ERROR });
}
