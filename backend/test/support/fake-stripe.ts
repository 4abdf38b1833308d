/**
 * A small Stripe-compatible HTTP server for the payment tests: the endpoints the backend calls,
 * form-encoded bodies decoded the way Stripe reads them, idempotency keys honoured, and every
 * request recorded so a test can assert exactly what the server asked Stripe to charge.
 * Point the app at it with STRIPE_API_BASE=fake.url.
 */
import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: FormObject;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type StripeObject = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  paymentIntents: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  /** Refunds made through POST /v1/refunds (backoffice addition), by id. */
  refunds: Map<string, StripeObject>;
  /** Requests to `path` (e.g. '/v1/payment_intents'), optionally only with `method`. */
  requestsTo(path: string, method?: string): FakeStripeRequest[];
  /** Answer every call with this HTTP status (a Stripe api_error) until called with null. */
  failWith(status: number | null): void;
  setIntentStatus(id: string, status: string): void;
  close(): Promise<void>;
}

/** `a[b][0][c]=1` -> { a: { b: [ { c: '1' } ] } }, as Stripe decodes the SDK's bodies. */
export function decodeForm(raw: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    let node: FormObject | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as FormObject | FormValue[];
      }
    });
  }
  return root;
}

export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test';

/** The environment that points the app at a fake Stripe. */
export function fakeStripeEnv(fake: Pick<FakeStripe, 'url'>): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  };
}

const id = (prefix: string) => `${prefix}_fake${randomBytes(8).toString('hex')}`;
const str = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);
const num = (v: FormValue | undefined) => (typeof v === 'string' ? Number(v) : null);

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const paymentIntents = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const idempotent = new Map<string, StripeObject>();
  let failure: number | null = null;

  const routes: {
    method: string;
    pattern: RegExp;
    handle: (body: FormObject, m: RegExpMatchArray) => [number, StripeObject];
  }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      handle: (body) => {
        const intentId = id('pi');
        const intent: StripeObject = {
          id: intentId,
          object: 'payment_intent',
          amount: num(body.amount),
          amount_received: 0,
          currency: str(body.currency),
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
          automatic_payment_methods: body.automatic_payment_methods ?? null,
          description: str(body.description) ?? null,
          receipt_email: str(body.receipt_email) ?? null,
          metadata: body.metadata ?? {},
          customer: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        paymentIntents.set(intentId, intent);
        return [200, intent];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_body, m) => {
        const intent = paymentIntents.get(decodeURIComponent(m[1]));
        if (intent) return [200, intent];
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${m[1]}'`,
              param: 'intent',
            },
          },
        ];
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (body) => {
        const sessionId = id('cs_test');
        const items = Array.isArray(body.line_items) ? (body.line_items as FormObject[]) : [];
        const amountTotal = items.reduce((sum, item) => {
          const priceData = item.price_data as FormObject | undefined;
          return sum + Number(priceData?.unit_amount ?? 0) * Number(item.quantity ?? 1);
        }, 0);
        const session: StripeObject = {
          id: sessionId,
          object: 'checkout.session',
          mode: str(body.mode),
          url: `https://checkout.stripe.com/c/pay/${sessionId}`,
          amount_total: amountTotal,
          currency: str((items[0]?.price_data as FormObject | undefined)?.currency) ?? null,
          customer_email: str(body.customer_email) ?? null,
          client_reference_id: str(body.client_reference_id) ?? null,
          success_url: str(body.success_url),
          cancel_url: str(body.cancel_url),
          metadata: body.metadata ?? {},
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        checkoutSessions.set(sessionId, session);
        return [200, session];
      },
    },
    // --- refunds (backoffice addition): a refund of a succeeded intent, never above what is left.
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: (body) => {
        const intent = paymentIntents.get(str(body.payment_intent) ?? '');
        const invalid = (message: string): [number, StripeObject] => [
          400,
          { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message } },
        ];
        if (!intent) return invalid(`No such payment_intent: '${str(body.payment_intent)}'`);
        if (intent.status !== 'succeeded') return invalid('This PaymentIntent has not succeeded.');
        const refunded = [...refunds.values()]
          .filter((r) => r.payment_intent === intent.id)
          .reduce((sum, r) => sum + Number(r.amount), 0);
        const left = Number(intent.amount_received) - refunded;
        const amount = num(body.amount) ?? left;
        if (amount < 1 || amount > left)
          return invalid(`Refund amount (${amount}) is greater than unrefunded amount (${left}).`);
        const refund: StripeObject = {
          id: id('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          charge: `ch_for_${String(intent.id)}`,
          status: 'succeeded',
          metadata: body.metadata ?? {},
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(String(refund.id), refund);
        return [200, refund];
      },
    },
  ];

  const send = (res: ServerResponse, status: number, body: StripeObject) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      // Keeps the SDK from retrying the failures a test asks for.
      'stripe-should-retry': 'false',
    });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0];
      const method = req.method ?? 'GET';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const body = decodeForm(method === 'GET' ? ((req.url ?? '').split('?')[1] ?? '') : raw);
      requests.push({ method, path, body, idempotencyKey, authorization: req.headers.authorization });

      if (failure !== null) {
        return send(res, failure, {
          error: { type: 'api_error', message: 'The fake Stripe was told to fail.' },
        });
      }
      const cacheKey = idempotencyKey && method === 'POST' ? `${path} ${idempotencyKey}` : null;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) return send(res, 200, cached);
      for (const route of routes) {
        const match = method === route.method ? path.match(route.pattern) : null;
        if (!match) continue;
        const [status, object] = route.handle(body, match);
        if (cacheKey && status === 200) idempotent.set(cacheKey, object);
        return send(res, status, object);
      }
      send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    paymentIntents,
    checkoutSessions,
    refunds,
    requestsTo: (path, method) => requests.filter((r) => r.path === path && (!method || r.method === method)),
    failWith: (status) => {
      failure = status;
    },
    setIntentStatus: (intentId, status) => {
      const intent = paymentIntents.get(intentId);
      if (!intent) throw new Error(`fake Stripe: no intent ${intentId}`);
      intent.status = status;
      if (status === 'succeeded') intent.amount_received = intent.amount;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
