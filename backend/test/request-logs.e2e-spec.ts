/**
 * What the request log keeps: one line per API request (method, path, status), and never a
 * secret a URL or header carries: pay tokens in the path, `?token=` links (unsubscribe,
 * confirmation, reset, invitation), signed media URLs, the page a token was read on (Referer).
 * The app runs at the most verbose level, so no level may leak them.
 */
import { randomBytes } from 'node:crypto';
import { registry } from '../src/metrics/metrics';
import { createTestApp, TestApp } from './support/test-app';

const secret = (label: string) => `${label}${randomBytes(12).toString('hex')}`;

describe('request logs (HTTP)', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'trace' },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t?.close());

  /**
   * The parsed log lines written while answering requests that mention `path` (not the routes
   * Nest lists at start-up); the access line is written as the answer ends.
   */
  async function linesAbout(path: string): Promise<Record<string, unknown>[]> {
    for (let i = 0; i < 50; i++) {
      const found = lines
        .filter((l) => l.includes(path))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.context !== 'RouterExplorer');
      if (found.length) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    return [];
  }

  it('logs the request with its path, but with the pay token, query and Referer left out', async () => {
    const tokens = {
      pay: secret('pay'),
      checkout: secret('checkout'),
      unsubscribe: secret('unsub'),
      confirm: secret('confirm'),
      signature: secret('sig'),
      referer: secret('page'),
      page: secret('sitepage'),
    };
    const pay = await t
      .http()
      .get(`/api/pay/${tokens.pay}`)
      .set('referer', `https://studio.example/pay/${tokens.referer}`);
    expect(pay.status).toBe(404);
    // Stripe is not configured here: a 503, logged as a warning in the request's context.
    expect((await t.http().post(`/api/pay/${tokens.checkout}/checkout`)).status).toBe(503);
    await t.http().get(`/api/newsletter/unsubscribe?token=${tokens.unsubscribe}`);
    await t.http().get(`/api/newsletter/confirm?token=${tokens.confirm}&x=1`);
    const media = await t
      .http()
      .get(`/api/media/previews/1?exp=9999999999&for=client&sig=${tokens.signature}`);
    expect(media.status).toBeGreaterThanOrEqual(400);
    await t.http().get(`/pay/${tokens.page}`);

    const payLines = await linesAbout('/api/pay/');
    const access = payLines.find((l) => (l.req as { method?: string } | undefined)?.method === 'GET');
    expect(access).toMatchObject({ level: 30, req: { method: 'GET' }, res: { statusCode: 404 } });
    expect((access!.req as { url: string }).url).toBe('/api/pay/[redacted]');
    // Named by the id the answer carries in x-request-id (with traces on, the trace id).
    expect(access!.reqId).toEqual(expect.stringMatching(/^req-/));
    expect(access!.reqId).toBe(pay.headers['x-request-id']);
    // The 503 is logged twice: as a warning naming the request, and by the access log as an error.
    expect(payLines.find((l) => l.level === 40)?.msg).toMatch(
      /^POST \/api\/pay\/\[redacted\]\/checkout: answered 503/,
    );
    expect(payLines.find((l) => l.level === 50)).toMatchObject({ res: { statusCode: 503 } });
    const unsubscribe = await linesAbout('/api/newsletter/unsubscribe');
    expect(unsubscribe.map((l) => (l.req as { url: string }).url)).toEqual(['/api/newsletter/unsubscribe']);
    expect(await linesAbout('/api/media/previews/1')).not.toHaveLength(0);

    const log = lines.join('');
    expect(log).not.toMatch(/referer|authorization|cookie/i);
    for (const [what, token] of Object.entries(tokens)) {
      expect({ what, leaked: log.includes(token) }).toEqual({ what, leaked: false });
    }
  });

  it('logs and counts a cached blog read that was answered from memory, a 304 included', async () => {
    /** Requests counted under the tags route, by status class. */
    const counted = async (statusClass: string) => {
      const metric = await registry.getSingleMetric('http_request_duration_seconds')!.get();
      const values = metric.values as {
        metricName?: string;
        labels: Record<string, unknown>;
        value: number;
      }[];
      const count = values.find(
        (v) =>
          v.metricName === 'http_request_duration_seconds_count' &&
          v.labels.route === '/api/blog/tags' &&
          v.labels.status_class === statusClass,
      );
      return count?.value ?? 0;
    };
    const first = await t.http().get('/api/blog/tags').expect(200);
    const ok = await counted('2xx');
    const replayed = await t.http().get('/api/blog/tags').expect(200);
    const revalidated = await t.http().get('/api/blog/tags').set('if-none-match', first.headers.etag);
    expect(revalidated.status).toBe(304);
    expect(replayed.text).toBe(first.text);
    expect(replayed.headers['x-request-id']).toMatch(/^req-/);
    expect(replayed.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    const ids = [first, replayed, revalidated].map((r) => r.headers['x-request-id'] as string);
    for (let i = 0; i < 50 && lines.filter((l) => l.includes(ids[2])).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const access = lines
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { url?: string }; res?: { statusCode?: number } })
      .filter((l) => l.req?.url === '/api/blog/tags' && l.res);
    expect(access.map((l) => [l.reqId, l.res?.statusCode])).toEqual([
      [ids[0], 200],
      [ids[1], 200],
      [ids[2], 304],
    ]);
    expect(await counted('2xx')).toBe(ok + 1);
    expect(await counted('3xx')).toBeGreaterThanOrEqual(1);
  });
});
