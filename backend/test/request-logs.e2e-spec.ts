/**
 * What the request log keeps: one line per API request (method, path, status), and never a
 * secret a URL or header carries: pay tokens in the path, `?token=` links (unsubscribe,
 * confirmation, reset, invitation), signed media URLs, the page a token was read on (Referer).
 * The app runs at the most verbose level, so no level may leak them.
 */
import { randomBytes } from 'node:crypto';
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
});
