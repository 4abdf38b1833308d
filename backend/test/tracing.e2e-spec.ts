/**
 * Traces (issue 28, item 2): with OTEL_EXPORTER_OTLP_ENDPOINT set, a ROLE=api and a ROLE=worker
 * process send their spans to an OTLP/HTTP collector (here a server that keeps what it is sent).
 * A contact message is one trace: the API's HTTP span with its queries and the queueing of its
 * mails, then, in the worker, the sending of each mail; the request id in the access log and in
 * `x-request-id` is that trace's id. The spans reach the collector when the processes drain on
 * SIGTERM, and no secret of a URL reaches it.
 *
 * The processes are real: `node` running src/main.ts. The SDK instruments modules as Node's own
 * loader loads them, which jest's loader bypasses, so the app cannot be traced in-process.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dbUrl, dropDatabase, uniqueName, withAdmin } from './support/db';
import { SmtpSink } from './support/smtp-sink';
import { REDIS_URL } from './support/test-app';

const BACKEND = join(__dirname, '..');

interface OtlpSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
}
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 };

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: {
      scope: { name: string };
      spans: (Omit<OtlpSpan, 'service' | 'scope' | 'attributes'> & {
        attributes?: { key: string; value: OtlpValue }[];
      })[];
    }[];
  }[];
}

const value = (v: OtlpValue) => v.stringValue ?? v.intValue ?? v.boolValue;
const attrs = (list: { key: string; value: OtlpValue }[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, value(a.value)]));

/** An OTLP/HTTP trace receiver (JSON, as @opentelemetry/exporter-trace-otlp-http sends it). */
class Collector {
  readonly bodies: string[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<Collector> {
    const server = createServer();
    const collector = new Collector(server);
    server.on('request', (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        if (req.url === '/v1/traces') collector.bodies.push(body);
        res.writeHead(req.url === '/v1/traces' ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return collector;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  spans(): OtlpSpan[] {
    return this.bodies.flatMap((body) =>
      (JSON.parse(body) as OtlpExport).resourceSpans.flatMap((rs) => {
        const service = String(attrs(rs.resource.attributes)['service.name']);
        return rs.scopeSpans.flatMap((ss) =>
          ss.spans.map((s) => ({ ...s, service, scope: ss.scope.name, attributes: attrs(s.attributes) })),
        );
      }),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** src/main.ts in a process of its own; what it writes to standard output is kept. */
class AppProcess {
  output = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;

  constructor(
    readonly port: number,
    env: Record<string, string>,
  ) {
    const child = spawn(
      process.execPath,
      ['--require', join(__dirname, 'support', 'swc-register.cjs'), join(BACKEND, 'src', 'main.ts')],
      { cwd: BACKEND, env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) }, stdio: 'pipe' },
    );
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (this.output += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.output += chunk));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    this.child = child;
  }

  async listening(): Promise<void> {
    await until(
      () => this.output.includes('API listening on'),
      () => `no start:\n${this.output}`,
      90_000,
    );
  }

  /** SIGTERM: the drain, which flushes the logs and the spans, then the exit code. */
  stop(): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }

  /** The JSON log lines written so far. */
  logLines(): Record<string, unknown>[] {
    return this.output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

async function until(done: () => boolean, why: () => string, ms = 30_000): Promise<void> {
  for (const start = Date.now(); !done(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() - start > ms) throw new Error(why());
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('traces (OpenTelemetry, two processes)', () => {
  let collector: Collector;
  let sink: SmtpSink;
  let api: AppProcess;
  let worker: AppProcess;
  const database = uniqueName('studio_test');
  const prefix = uniqueName('test');
  const dirs = [
    mkdtempSync(join(tmpdir(), 'studio-uploads-')),
    mkdtempSync(join(tmpdir(), 'studio-projects-')),
  ];

  beforeAll(async () => {
    await withAdmin((c) =>
      c.query(`CREATE DATABASE "${database}" TEMPLATE "${process.env.TEST_TEMPLATE_DB}"`),
    );
    [collector, sink] = await Promise.all([Collector.start(), SmtpSink.start()]);
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: dbUrl(database),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      SMTP_URL: sink.url,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'info',
      UPLOAD_DIR: dirs[0],
      STORAGE_URL: pathToFileURL(dirs[1]).href,
      WEB_DIST_DIR: join(tmpdir(), 'studio-no-web'),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // No batch leaves on the timer: every span the collector gets was sent by the SIGTERM drain.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    };
    api = new AppProcess(await freePort(), { ...env, ROLE: 'api' });
    worker = new AppProcess(await freePort(), { ...env, ROLE: 'worker' });
    await Promise.all([api.listening(), worker.listening()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await Promise.all([collector?.close(), sink?.stop()]);
    await dropDatabase(database);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('follows a contact message from the HTTP request through its queries to the worker that mails it', async () => {
    const secret = `tok${Date.now().toString(36)}`;
    const base = `http://127.0.0.1:${api.port}`;
    const res = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        service: 'mix-master',
        message: 'Hi! I have a six-track EP that needs mixing and mastering.',
      }),
    });
    expect(res.status).toBe(201);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // A URL with a secret in its query: the collector must not see it, as the log does not.
    expect((await fetch(`${base}/api/newsletter/unsubscribe?token=${secret}`)).status).toBeLessThan(500);
    expect((await fetch(`${base}/api/pay/${secret}`)).status).toBe(404);
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    await until(
      () => sink.mails.length >= 2,
      () => `mails: ${sink.mails.length}`,
    );

    expect(collector.bodies).toEqual([]);
    expect(await Promise.all([api.stop(), worker.stop()])).toEqual([0, 0]);
    const spans = collector.spans();
    const ofTrace = spans.filter((s) => s.traceId === requestId);
    const server = ofTrace.find((s) => s.kind === KIND.server && s.service === 'studio-api');
    expect(server).toMatchObject({
      attributes: { 'http.request.method': 'POST', 'url.path': '/api/contact' },
    });
    expect(server!.parentSpanId || undefined).toBeUndefined();
    // Fastify's own spans (the route's handler) and the contact's INSERT sit in the same trace.
    expect(
      ofTrace.some((s) => s.scope === '@fastify/otel' && s.attributes['http.route'] === '/api/contact'),
    ).toBe(true);
    const queries = ofTrace.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(queries.map((s) => String(s.attributes['db.query.text']))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^INSERT INTO "contacts"/)]),
    );
    expect(ofTrace.some((s) => s.attributes['db.system.name'] === 'redis')).toBe(true);

    // Two mails queued by the request, each sent by the worker under the span that queued it.
    const sends = ofTrace.filter((s) => s.kind === KIND.producer && s.name === 'send mail');
    const processed = ofTrace.filter((s) => s.kind === KIND.consumer && s.name === 'process mail');
    expect(sends).toHaveLength(2);
    expect(processed.map((s) => s.service)).toEqual(['studio-worker', 'studio-worker']);
    expect(processed.map((s) => s.parentSpanId).sort()).toEqual(sends.map((s) => s.spanId).sort());
    // What the worker did for the job (loading the stored mail) is traced under its span.
    const jobSpans = new Set(processed.map((s) => s.spanId));
    expect(ofTrace.some((s) => s.service === 'studio-worker' && jobSpans.has(s.parentSpanId ?? ''))).toBe(
      true,
    );

    // The access log names the request by the same id, and every line written in a trace its trace.
    const access = api
      .logLines()
      .find((l) => l.msg === 'request completed' && l.res && l.reqId === requestId);
    expect(access).toMatchObject({
      trace_id: requestId,
      req: { method: 'POST', url: '/api/contact' },
      res: { statusCode: 201 },
    });

    // Secrets in URLs stay out of the traces as they stay out of the log.
    const paths = spans
      .filter((s) => s.kind === KIND.server)
      .map((s) => [s.attributes['url.path'], s.attributes['url.query']]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['/api/newsletter/unsubscribe', 'token=REDACTED'],
        ['/api/pay/[redacted]', undefined],
      ]),
    );
    expect(collector.bodies.join('')).not.toContain(secret);
    // Health checks are not traced.
    expect(paths.filter(([path]) => String(path).startsWith('/api/health'))).toEqual([]);
  }, 90_000);
});
