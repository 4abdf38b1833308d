/**
 * The process's Prometheus metrics (prom-client), in one registry that any feature writes to
 * through the small helpers below, without injecting anything.
 *
 * Guarantees:
 * - each process (API replica or worker) exposes its own counters and histograms; the queue
 *   gauges are read from Redis at scrape time, so any one process reports every queue;
 * - labels never carry raw URLs, ids or addresses: HTTP requests are labelled by the route
 *   template Fastify matched (`/api/blog/posts/:slug`), unmatched ones by `unmatched`;
 * - recording a request is one histogram observe in an onResponse hook, nothing on the way in.
 */
import type { Queue } from 'bull';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request arriving to the answer sent, by method, route template and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const mailSent = new Counter({
  name: 'studio_mail_sent_total',
  help: 'Mails the SMTP server accepted.',
  registers: [registry],
});

const mailFailed = new Counter({
  name: 'studio_mail_failed_total',
  help: 'Failed mail attempts; final="true" when the job gave up (no more retries).',
  labelNames: ['final'] as const,
  registers: [registry],
});

const mailDelivery = new Histogram({
  name: 'studio_mail_delivery_seconds',
  help: 'From a mail being stored and queued to the SMTP server accepting it.',
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
  registers: [registry],
});

const webhookEvents = new Counter({
  name: 'studio_stripe_webhook_events_total',
  help: 'Stripe webhook deliveries by event type and outcome (handled, ignored, duplicate, refused, error).',
  labelNames: ['type', 'outcome'] as const,
  registers: [registry],
});

const uploadBytes = new Counter({
  name: 'studio_uploads_bytes_total',
  help: 'Bytes of client uploads (tus) stored.',
  registers: [registry],
});

const previewJob = new Histogram({
  name: 'studio_preview_job_seconds',
  help: 'Duration of preview jobs (ffmpeg run and storing the preview), by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
  registers: [registry],
});

const reconciliationDifferences = new Gauge({
  name: 'studio_reconciliation_differences',
  help: 'Differences the last reconciliation against Stripe found (0 when the books agree).',
  registers: [registry],
});

/** The queues this process knows (each feature module registers its own). */
const queues = new Map<string, Queue>();
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

new Gauge({
  name: 'studio_queue_jobs',
  help: 'Jobs in each Bull queue by state, read from Redis at scrape time.',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    await Promise.all(
      [...queues.values()].map(async (queue) => {
        const counts = await queue.getJobCounts();
        for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  },
});

new Gauge({
  name: 'studio_queue_oldest_waiting_seconds',
  help: 'Age of the oldest job waiting in each queue (0 when none waits).',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const now = Date.now();
    await Promise.all(
      [...queues.values()].map(async (queue) => {
        // Bull pushes new jobs on the left of the wait list: ascending, the first is the oldest.
        const [oldest] = await queue.getJobs(['waiting'], 0, 0, true);
        this.set({ queue: queue.name }, oldest ? Math.max(0, (now - oldest.timestamp) / 1000) : 0);
      }),
    );
  },
});

export function watchQueue(queue: Queue): void {
  queues.set(queue.name, queue);
}

/** Every queue of this process, for the readiness check. */
export function knownQueues(): Queue[] {
  return [...queues.values()];
}

export function unwatchQueue(queue: Queue): void {
  if (queues.get(queue.name) === queue) queues.delete(queue.name);
}

const STATUS_CLASS = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

type Timer = { observe(value: number): void };

/** Times every answer by the route Fastify matched; ids in paths never become label values. */
export function registerHttpMetrics(fastify: FastifyInstance): void {
  // The labelled series by route, method and status class, looked up once each (prom-client
  // checks and builds the labels on every `labels()` call): as many as the histogram has. Maps of
  // the strings as they come, so no key is built per request.
  const series = new Map<string, Map<string, Timer[]>>();
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const klass = Math.min(Math.floor(reply.statusCode / 100), 5);
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let byClass = byMethod.get(req.method);
    if (!byClass) byMethod.set(req.method, (byClass = []));
    let timer = byClass[klass];
    if (!timer) timer = byClass[klass] = httpDuration.labels(req.method, route, STATUS_CLASS[klass] ?? '5xx');
    timer.observe(reply.elapsedTime / 1000);
    done();
  });
}

export const metrics = {
  mailSent(queuedAt: number): void {
    mailSent.inc();
    mailDelivery.observe(Math.max(0, (Date.now() - queuedAt) / 1000));
  },
  mailFailed(final: boolean): void {
    mailFailed.labels(final ? 'true' : 'false').inc();
  },
  webhookEvent(type: string, outcome: 'handled' | 'ignored' | 'duplicate' | 'refused' | 'error'): void {
    webhookEvents.labels(type, outcome).inc();
  },
  uploadBytes(bytes: number): void {
    if (bytes > 0) uploadBytes.inc(bytes);
  },
  previewJob(seconds: number, outcome: 'ready' | 'failed'): void {
    previewJob.labels(outcome).observe(seconds);
  },
  /** For the reconciliation job: how many differences its last run found. */
  setReconciliationDifferences(count: number): void {
    reconciliationDifferences.set(count);
  },
};
